import type { TDealBoardCard, TDealStage } from '@atempo/contracts';
import { type DragEvent, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { formatEuro, formatMillions } from '../../../lib/format/money.ts';
import { groupDealsByStage } from '../lib/board-columns.ts';
import { STAGE_LABELS } from '../lib/deal-labels.ts';
import { BoardCard, DEAL_DRAG_TYPE } from './board-card.tsx';

/**
 * The pipeline as a Kanban board: one column per stage. Cards move by native drag and drop
 * (so browsers and test drivers share one path) or by each card's Move to select.
 */
export function DealsBoard({
  deals,
  onMove,
  onSelect,
  onOpenScore,
}: {
  deals: TDealBoardCard[];
  onMove: (deal: TDealBoardCard, stage: TDealStage) => void;
  onSelect: (deal: TDealBoardCard) => void;
  onOpenScore: (deal: TDealBoardCard) => void;
}) {
  const [dropTarget, setDropTarget] = useState<TDealStage | null>(null);
  const columns = groupDealsByStage(deals);

  function move(deal: TDealBoardCard, stage: TDealStage) {
    if (deal.stage !== stage) onMove(deal, stage);
  }

  function dragOver(event: DragEvent<HTMLElement>, stage: TDealStage) {
    if (!event.dataTransfer.types.includes(DEAL_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropTarget !== stage) setDropTarget(stage);
  }

  function drop(event: DragEvent<HTMLElement>, stage: TDealStage) {
    event.preventDefault();
    setDropTarget(null);
    const id = event.dataTransfer.getData(DEAL_DRAG_TYPE);
    const deal = deals.find((candidate) => candidate.id === id);
    if (deal) move(deal, stage);
  }

  return (
    // `relative` makes this scroller the containing block of the cards' sr-only labels (absolutely
    // positioned); without it they escaped its clipping and widened the whole page by ~1,000 px.
    <div className="relative -mx-1 overflow-x-auto px-1 pb-2">
      <div className="flex min-w-max gap-3">
        {columns.map((column) => {
          const headingId = `board-${column.stage}`;
          return (
            <section
              key={column.stage}
              aria-labelledby={headingId}
              data-stage={column.stage}
              onDragOver={(event) => dragOver(event, column.stage)}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
              }}
              onDrop={(event) => drop(event, column.stage)}
              className={cn(
                'flex w-60 shrink-0 flex-col rounded-xl border bg-slate-100/70 transition-colors',
                dropTarget === column.stage ? 'border-indigo-400 bg-indigo-50/70' : 'border-slate-200',
              )}
            >
              <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
                <h2 id={headingId} className="truncate text-sm font-semibold text-slate-800">
                  {STAGE_LABELS[column.stage]}
                </h2>
                <span className="rounded-full bg-white px-2 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
                  {column.count}
                  <span className="sr-only"> {column.count === 1 ? 'deal' : 'deals'}</span>
                </span>
              </header>
              <p
                className="px-3 pb-2 text-xs text-slate-500 tabular-nums"
                title={formatEuro(column.totalAmount)}
                data-testid={`total-${column.stage}`}
              >
                {formatMillions(column.totalAmount)} total
              </p>
              <div className="flex min-h-24 flex-1 flex-col gap-2 px-2 pb-2">
                {column.deals.map((deal) => (
                  <BoardCard
                    key={deal.id}
                    deal={deal}
                    onMove={move}
                    onSelect={onSelect}
                    onOpenScore={onOpenScore}
                  />
                ))}
                {column.count === 0 && (
                  <p className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-400">
                    Drop a deal here
                  </p>
                )}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
