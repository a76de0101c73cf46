import type { TFundingStats } from '@atempo/contracts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { FUNDING_DAYS, type FundingPeriod, useFundingStats } from '../api/funding-api.ts';
import { formatMillions } from '../lib/funding-signal.ts';

interface StatCard {
  label: string;
  value: (stats: TFundingStats) => string;
  /** `period` describes a picked date range; null for the default last days. */
  note: (stats: TFundingStats, period: string | null) => string;
  mark?: string;
}

const count = (n: number) => new Intl.NumberFormat('en-GB').format(n);

/** What Total Raised leaves out: undisclosed amounts, and rounds only rumoured (not raised yet). */
function totalRaisedNote(s: TFundingStats): string {
  if (s.total_count === 0) return 'No rounds yet';
  const left = [
    s.amount_unknown_count > 0 ? `${count(s.amount_unknown_count)} undisclosed` : null,
    s.rumoured_count > 0 ? `${count(s.rumoured_count)} rumoured` : null,
  ].filter(Boolean);
  return left.length > 0 ? `${left.join(' and ')} not counted` : 'All amounts disclosed';
}

const CARDS: StatCard[] = [
  {
    label: 'Funding Signals',
    value: (s) => count(s.total_count),
    note: (_s, period) => period ?? `Last ${FUNDING_DAYS} days`,
  },
  {
    label: 'Total Raised',
    value: (s) => formatMillions(s.total_raised_eur / 1e6, 'EUR'),
    note: totalRaisedNote,
  },
  {
    label: 'Thesis Sector Rounds',
    value: (s) => count(s.thesis_sector_count),
    note: () => 'In your target sectors',
  },
  {
    label: 'High Priority',
    value: (s) => count(s.high_priority_count),
    note: () => 'Over €100M or confidence above 80%',
    mark: 'bg-emerald-500',
  },
];

/** Words for a picked period: "2015-01-01 to 2015-12-31", "Since 2015-01-01", "Until 2015-12-31". */
const periodText = (period: FundingPeriod | null) =>
  !period
    ? null
    : period.from && period.to
      ? `${period.from} to ${period.to}`
      : period.from
        ? `Since ${period.from}`
        : `Until ${period.to}`;

/** The stats above the funding signals, over the list's period; dashes while they load or if they fail. */
export function FundingStatsCards({ period = null }: { period?: FundingPeriod | null }) {
  const stats = useFundingStats(period);
  return (
    <ul aria-label="Funding statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
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
            {stats.data && (
              <p className="text-xs text-slate-400">{card.note(stats.data, periodText(period))}</p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
