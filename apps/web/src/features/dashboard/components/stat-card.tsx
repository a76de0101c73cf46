import type { TDashboardStat } from '@atempo/contracts';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { formatStatChange, formatStatValue, type StatCardDefinition } from '../lib/stat-cards.ts';

const ARROW_TONES = { up: 'text-emerald-600', down: 'text-red-600', neutral: 'text-slate-500' } as const;
const CHANGE_TONES = { up: 'text-emerald-700', down: 'text-red-700', neutral: 'text-slate-600' } as const;

export interface StatCardProps {
  card: StatCardDefinition;
  stat: TDashboardStat;
  /** While the stats load: the card keeps its place, the figures are not shown yet. */
  loading?: boolean;
}

/** Spec 01 §2: a value, a change with an up or down arrow by trend, and 'from last month'. */
export function StatCard({ card, stat, loading = false }: StatCardProps) {
  const titleId = useId();
  const up = stat.trend === 'up';
  const Arrow = up ? ArrowUpRight : ArrowDownRight;
  // No change, or none that can be put as a percentage: the arrow stays, the colour says nothing.
  const tone = stat.change === null || stat.change === 0 ? 'neutral' : up ? 'up' : 'down';
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-xs"
    >
      <h2 id={titleId} className="text-sm font-medium text-slate-600" title={card.definition}>
        {card.label}
      </h2>
      {loading ? (
        <div aria-hidden="true" className="mt-2 space-y-2">
          <div className="h-8 w-20 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-32 animate-pulse rounded bg-slate-100" />
        </div>
      ) : (
        <>
          <p
            className="mt-1 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
            data-testid="stat-value"
          >
            {formatStatValue(card.kind, stat.value)}
          </p>
          <p className="mt-1 flex items-center gap-1 text-sm" data-testid="stat-change">
            <Arrow
              aria-hidden="true"
              data-trend={stat.trend}
              className={cn('size-4 shrink-0', ARROW_TONES[tone])}
            />
            <span className="sr-only">{up ? 'Up' : 'Down'}</span>
            <span
              className={cn('font-medium tabular-nums', CHANGE_TONES[tone])}
              title={`A month ago: ${formatStatValue(card.kind, stat.previous)}`}
            >
              {formatStatChange(card.kind, stat.change)}
            </span>
            <span className="text-slate-500">from last month</span>
          </p>
        </>
      )}
    </section>
  );
}
