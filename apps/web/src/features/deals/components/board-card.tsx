import type { TDealBoardCard, TDealStage } from '@atempo/contracts';
import { GripVertical } from 'lucide-react';
import type { DragEvent, MouseEvent } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { formatEuro, formatMillions } from '../../../lib/format/money.ts';
import { ALL_STAGES, STAGE_LABELS } from '../lib/deal-labels.ts';
import { RedFlagLevelBadge } from './deal-badges.tsx';
import { ScoreBadge } from './score-badge.tsx';

/** The drag payload type; other drags (files, text) are not drops onto a column. */
export const DEAL_DRAG_TYPE = 'application/x-atempo-deal';

export function BoardCard({
  deal,
  onMove,
  onSelect,
  onOpenScore,
}: {
  deal: TDealBoardCard;
  onMove: (deal: TDealBoardCard, stage: TDealStage) => void;
  onSelect: (deal: TDealBoardCard) => void;
  onOpenScore: (deal: TDealBoardCard) => void;
}) {
  function startDrag(event: DragEvent<HTMLElement>) {
    event.dataTransfer.setData(DEAL_DRAG_TYPE, deal.id);
    event.dataTransfer.setData('text/plain', `${deal.company} (#${deal.deal_number})`);
    event.dataTransfer.effectAllowed = 'move';
  }

  function click(event: MouseEvent<HTMLElement>) {
    const target = event.target as Element;
    if (!event.currentTarget.contains(target) || target.closest('button, a, select')) return;
    // The company button becomes the focus the side panel returns to on close.
    event.currentTarget.querySelector<HTMLButtonElement>('[data-deal-opener]')?.focus();
    onSelect(deal);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the company button and the Move to select are the keyboard path
    <article
      draggable
      onDragStart={startDrag}
      onClick={click}
      aria-label={`${deal.company}, deal #${deal.deal_number}`}
      className="group cursor-grab rounded-lg border border-slate-200 bg-white p-3 shadow-xs transition hover:border-indigo-300 hover:shadow-sm active:cursor-grabbing"
    >
      <div className="flex items-start gap-1.5">
        <GripVertical
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-slate-300 group-hover:text-slate-400"
        />
        <button
          type="button"
          data-deal-opener
          onClick={() => onSelect(deal)}
          className={cn(
            'min-w-0 flex-1 truncate rounded-sm text-left text-sm font-medium text-slate-900 hover:text-indigo-600',
            focusRing,
          )}
          title={deal.company}
        >
          {deal.company}
        </button>
        <span className="font-mono text-[11px] text-slate-400">#{deal.deal_number}</span>
      </div>
      <div className="mt-2 flex items-center justify-between gap-2 pl-5">
        <span
          className="text-sm font-semibold text-slate-700 tabular-nums"
          title={formatEuro(deal.amount_requested)}
        >
          {formatMillions(deal.amount_requested)}
        </span>
        <ScoreBadge score={deal.thematic_score} company={deal.company} onOpen={() => onOpenScore(deal)} />
      </div>
      <div className="mt-2 flex items-center justify-between gap-2 pl-5">
        <RedFlagLevelBadge level={deal.red_flag_level} />
        <label className="sr-only" htmlFor={`move-${deal.id}`}>
          Move {deal.company} to
        </label>
        <select
          id={`move-${deal.id}`}
          value={deal.stage}
          onChange={(event) => onMove(deal, event.target.value as TDealStage)}
          className={cn(
            'h-6 w-22 shrink-0 rounded border border-transparent bg-transparent text-[11px] text-slate-500 hover:border-slate-300 focus:border-indigo-400',
            focusRing,
          )}
        >
          {ALL_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stage === deal.stage ? 'Move to…' : STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </div>
    </article>
  );
}
