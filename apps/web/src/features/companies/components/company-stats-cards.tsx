import type { TCompanyScoringStats } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { scoringStatsQuery } from '../api/companies-api.ts';
import { formatCount, formatScore } from '../lib/format.ts';

interface StatCard {
  label: string;
  value: (stats: TCompanyScoringStats) => string;
  note?: (stats: TCompanyScoringStats) => string;
  /** A colour mark for the priority cards, matching the priority badges. */
  mark?: string;
}

const CARDS: StatCard[] = [
  { label: 'Total Companies', value: (stats) => formatCount(stats.total_companies) },
  {
    label: 'Scored',
    value: (stats) => formatCount(stats.scored_companies),
    note: (stats) =>
      stats.total_companies > 0
        ? `${Math.round((stats.scored_companies / stats.total_companies) * 100)}% of all`
        : 'None yet',
  },
  {
    label: 'Average Score',
    value: (stats) => (stats.average_score === null ? '—' : formatScore(stats.average_score)),
    note: () => 'out of 10',
  },
  { label: 'High Priority', value: (stats) => formatCount(stats.high_priority), mark: 'bg-emerald-500' },
  { label: 'Medium Priority', value: (stats) => formatCount(stats.medium_priority), mark: 'bg-amber-400' },
  { label: 'Low Priority', value: (stats) => formatCount(stats.low_priority), mark: 'bg-slate-400' },
];

/** The scoring statistics above the Companies table; dashes while they load or if they fail. */
export function CompanyStatsCards() {
  const stats = useQuery({ ...scoringStatsQuery(), refetchInterval: 30_000 });
  return (
    <ul
      aria-label="Company scoring statistics"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
    >
      {CARDS.map((card) => (
        <li key={card.label}>
          <Card className="h-full px-4 py-3">
            <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
              {card.mark && (
                <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', card.mark)} />
              )}
              {card.label}
            </p>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
              {stats.data ? card.value(stats.data) : '—'}
            </p>
            {stats.data && card.note && <p className="text-xs text-slate-400">{card.note(stats.data)}</p>}
          </Card>
        </li>
      ))}
    </ul>
  );
}
