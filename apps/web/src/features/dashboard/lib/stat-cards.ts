import type { TDashboardStat, TDashboardStats } from '@atempo/contracts';

export type StatKey = 'active_deals' | 'companies_tracked' | 'high_priority_alerts' | 'deal_conversion';

export interface StatCardDefinition {
  key: StatKey;
  /** Spec 01 §2 card titles. */
  label: string;
  /** Counts change in percent; the conversion rate in percentage points. */
  kind: 'count' | 'rate';
  /** What the figure means, for the card's description. */
  definition: string;
}

export const STAT_CARDS: readonly StatCardDefinition[] = [
  { key: 'active_deals', label: 'Active Deals', kind: 'count', definition: 'Deals not closed or rejected' },
  {
    key: 'companies_tracked',
    label: 'Companies Tracked',
    kind: 'count',
    definition: 'Companies in your organisation',
  },
  {
    key: 'high_priority_alerts',
    label: 'High Priority Alerts',
    kind: 'count',
    definition: 'High-impact market signals in the last 30 days',
  },
  {
    key: 'deal_conversion',
    label: 'Deal Conversion',
    kind: 'rate',
    definition: 'Closed out of closed and rejected, decisions of the last 12 months',
  },
];

/** Spec 01 §8: when the stats cannot be loaded every card shows zero with change 0%. */
export const FALLBACK_STAT: TDashboardStat = { value: 0, change: 0, trend: 'up', previous: 0 };

export function statOf(stats: TDashboardStats | undefined, key: StatKey): TDashboardStat {
  return stats?.[key] ?? FALLBACK_STAT;
}

const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '1,204' for a count, '66.7%' for the rate. */
export function formatStatValue(kind: StatCardDefinition['kind'], value: number): string {
  return kind === 'rate' ? `${oneDecimal.format(value)}%` : counts.format(value);
}

/**
 * '+12.5%', '−3.0%', '+4.2 pts' (the rate moves in points), '0%' when unchanged or for the fallback,
 * 'n/a' when a count was zero a month ago (no percentage of zero exists).
 */
export function formatStatChange(kind: StatCardDefinition['kind'], change: number | null): string {
  if (change === null) return 'n/a';
  if (change === 0) return '0%';
  const sign = change > 0 ? '+' : '−';
  const amount = oneDecimal.format(Math.abs(change));
  return kind === 'rate' ? `${sign}${amount} pts` : `${sign}${amount}%`;
}
