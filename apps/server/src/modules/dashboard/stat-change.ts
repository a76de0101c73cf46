import type { TDashboardStat } from '@atempo/contracts';

/** One decimal, halves away from zero, never -0. */
export function oneDecimal(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;
  return rounded === 0 ? 0 : rounded;
}

/** A count against a month ago: the change in percent of the old count (null when it was zero and is not now). */
export function countStat(value: number, previous: number): TDashboardStat {
  const change =
    previous === 0 ? (value === 0 ? 0 : null) : oneDecimal(((value - previous) / previous) * 100);
  return { value, change, trend: value >= previous ? 'up' : 'down', previous };
}

/** A rate in percent against a month ago: the change in percentage points. */
export function rateStat(value: number, previous: number): TDashboardStat {
  return { value, change: oneDecimal(value - previous), trend: value >= previous ? 'up' : 'down', previous };
}

/** Closed ÷ decided in percent with one decimal; 0 when nothing was decided. */
export function conversionRate(closed: number, decided: number): number {
  return decided === 0 ? 0 : oneDecimal((closed / decided) * 100);
}
