import type { TDealListItem, TDealSort, TDealStage, TThematicRecommendation } from '@atempo/contracts';
import { THEMATIC_RECOMMENDATIONS } from '@atempo/contracts';
import { Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import { AMOUNT_HINT, parseAmount, requiredAmountError } from '../../../lib/amount.ts';
import { formatEuro, formatMillions } from '../../../lib/format/money.ts';
import type { DealChange } from '../hooks/use-update-deal.ts';
import {
  ALL_STAGES,
  RECOMMENDATION_LABELS,
  RED_FLAG_LEVEL_LABELS,
  STAGE_LABELS,
} from '../lib/deal-labels.ts';
import { RecommendationBadge, RedFlagLevelBadge, StageBadge } from './deal-badges.tsx';
import type { ScoreTab } from './deal-score-dialog.tsx';
import { InlineEdit } from './inline-edit.tsx';
import { LastContact } from './last-contact.tsx';
import { ScoreBadge } from './score-badge.tsx';
import { SortHeader } from './sort-header.tsx';

const STAGE_OPTIONS = ALL_STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }));
const RECOMMENDATION_OPTIONS = THEMATIC_RECOMMENDATIONS.map((value) => ({
  value,
  label: RECOMMENDATION_LABELS[value],
}));

export interface DealsTableProps {
  deals: TDealListItem[];
  sort: TDealSort;
  onSort: (sort: TDealSort) => void;
  selectedId: string | null;
  onSelect: (deal: TDealListItem) => void;
  onOpenScore: (deal: TDealListItem, tab: ScoreTab) => void;
  onChange: (change: DealChange) => void;
  onDelete: (deal: TDealListItem) => void;
}

/** A row click opens the side panel, unless the click was on one of the row's own controls. */
function isRowClick(event: MouseEvent<HTMLTableRowElement>): boolean {
  const target = event.target as Element;
  // Clicks inside dialogs rendered in portals bubble through React to the row; ignore them.
  if (!event.currentTarget.contains(target)) return false;
  return !target.closest('button, a, input, select, textarea');
}

export function DealsTable({
  deals,
  sort,
  onSort,
  selectedId,
  onSelect,
  onOpenScore,
  onChange,
  onDelete,
}: DealsTableProps) {
  const now = Date.now();
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50/70 text-xs text-slate-500">
          <tr>
            <SortHeader sortKey="deal_number" sort={sort} onSort={onSort} className="pl-5">
              Deal
            </SortHeader>
            <SortHeader sortKey="company" sort={sort} onSort={onSort}>
              Company
            </SortHeader>
            <SortHeader sortKey="stage" sort={sort} onSort={onSort}>
              Stage
            </SortHeader>
            <SortHeader sortKey="amount_requested" sort={sort} onSort={onSort}>
              Amount
            </SortHeader>
            <SortHeader sortKey="thematic_score" sort={sort} onSort={onSort}>
              Score
            </SortHeader>
            <th scope="col" className="px-2 py-2.5 font-medium tracking-wide uppercase">
              Recommendation
            </th>
            <th scope="col" className="px-2 py-2.5 font-medium tracking-wide uppercase">
              Red Flags
            </th>
            <SortHeader sortKey="last_interaction" sort={sort} onSort={onSort}>
              Last Contact
            </SortHeader>
            <th scope="col" className="py-2.5 pr-5 pl-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deals.map((deal) => (
            <tr
              key={deal.id}
              data-selected={deal.id === selectedId || undefined}
              onClick={(event) => {
                if (!isRowClick(event)) return;
                // The row's open button becomes the focus the side panel returns to on close.
                event.currentTarget.querySelector<HTMLButtonElement>('[data-deal-opener]')?.focus();
                onSelect(deal);
              }}
              className={cn(
                'cursor-pointer transition-colors hover:bg-slate-50',
                deal.id === selectedId && 'bg-indigo-50/60 hover:bg-indigo-50',
              )}
            >
              <td className="py-2.5 pr-3 pl-5">
                <button
                  type="button"
                  data-deal-opener
                  onClick={() => onSelect(deal)}
                  aria-label={`Open deal #${deal.deal_number} (${deal.company})`}
                  className={cn(
                    'rounded-sm font-mono text-xs text-slate-500 hover:text-indigo-600',
                    focusRing,
                  )}
                >
                  #{deal.deal_number}
                </button>
              </td>
              <td className="max-w-48 px-2 py-2.5">
                <Link
                  to={`/companies/${deal.company_id}`}
                  className={cn(
                    'block truncate rounded-sm font-medium text-slate-900 hover:text-indigo-600 hover:underline',
                    focusRing,
                  )}
                  title={deal.company}
                >
                  {deal.company}
                </Link>
                {deal.sector && <p className="truncate text-xs text-slate-500">{deal.sector}</p>}
              </td>
              <td className="px-2 py-2.5">
                <InlineEdit
                  label={`Stage of ${deal.company}`}
                  value={deal.stage}
                  display={<StageBadge stage={deal.stage} />}
                  editor={{ kind: 'select', options: STAGE_OPTIONS }}
                  onSave={(stage) => onChange({ deal, change: { stage: stage as TDealStage } })}
                />
              </td>
              <td className="px-2 py-2.5">
                <InlineEdit
                  label={`Amount of ${deal.company} in EUR`}
                  value={String(deal.amount_requested)}
                  display={
                    <span
                      className="font-medium text-slate-900 tabular-nums"
                      title={formatEuro(deal.amount_requested)}
                    >
                      {formatMillions(deal.amount_requested)}
                      {/* The shown figure is rounded; the exact one is read out after it. */}{' '}
                      <span className="sr-only">({formatEuro(deal.amount_requested)})</span>
                    </span>
                  }
                  editor={{
                    kind: 'text',
                    hint: `Amount in EUR, ${AMOUNT_HINT}`,
                    validate: requiredAmountError,
                  }}
                  onSave={(draft) => {
                    const amount = parseAmount(draft);
                    if (amount.ok && amount.value !== null && amount.value !== deal.amount_requested)
                      onChange({ deal, change: { amount_requested: amount.value } });
                  }}
                />
              </td>
              <td className="px-2 py-2.5">
                <ScoreBadge
                  score={deal.thematic_score}
                  company={deal.company}
                  onOpen={() => onOpenScore(deal, 'thematic')}
                />
              </td>
              <td className="px-2 py-2.5">
                <InlineEdit
                  label={`Recommendation for ${deal.company}`}
                  value={deal.thematic_recommendation ?? ''}
                  display={<RecommendationBadge recommendation={deal.thematic_recommendation} />}
                  editor={{ kind: 'select', options: RECOMMENDATION_OPTIONS }}
                  onSave={(value) =>
                    onChange({
                      deal,
                      change: { thematic_recommendation: value as TThematicRecommendation },
                    })
                  }
                />
              </td>
              <td className="px-2 py-2.5">
                {deal.red_flag_level ? (
                  <button
                    type="button"
                    onClick={() => onOpenScore(deal, 'red-flags')}
                    aria-label={`${RED_FLAG_LEVEL_LABELS[deal.red_flag_level]} for ${deal.company}: open red flags`}
                    className={cn('rounded-md', focusRing)}
                  >
                    <RedFlagLevelBadge level={deal.red_flag_level} />
                  </button>
                ) : (
                  <RedFlagLevelBadge level={null} />
                )}
              </td>
              <td className="px-2 py-2.5">
                <LastContact at={deal.last_interaction} now={now} />
              </td>
              <td className="py-2.5 pr-5 pl-3 text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete deal #${deal.deal_number} (${deal.company})`}
                  className="px-2 text-slate-400 hover:text-red-600"
                  onClick={() => onDelete(deal)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
