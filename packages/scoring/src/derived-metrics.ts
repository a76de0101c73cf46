import type { TFinancialMetrics } from '@atempo/contracts';
import { isKnown } from './numbers.ts';

/** Figures derived from the reported metrics, shared by scores, flags and sizing. */

export interface RunwayEstimate {
  /** Infinity when the company does not burn cash. */
  months: number;
  source: 'reported' | 'cash_and_burn' | 'cash_generative';
}

/** Reported runway first; otherwise cash ÷ monthly net burn. */
export function estimateRunway(metrics: TFinancialMetrics | null | undefined): RunwayEstimate | null {
  if (!metrics) return null;
  if (isKnown(metrics.runway_months))
    return { months: Math.max(0, metrics.runway_months), source: 'reported' };
  const burn = metrics.monthly_burn;
  if (isKnown(burn) && burn <= 0) return { months: Number.POSITIVE_INFINITY, source: 'cash_generative' };
  if (isKnown(burn) && isKnown(metrics.cash)) {
    return { months: Math.max(0, metrics.cash) / burn, source: 'cash_and_burn' };
  }
  return null;
}

export interface AnnualRevenue {
  amount: number;
  source: 'ARR' | 'revenue';
}

/** ARR when known and positive, else annual revenue (the best proxy for recurring revenue). */
export function annualRevenue(metrics: TFinancialMetrics | null | undefined): AnnualRevenue | null {
  if (!metrics) return null;
  const { arr, revenue } = metrics;
  if (isKnown(arr) && arr > 0) return { amount: arr, source: 'ARR' };
  if (isKnown(revenue) && revenue > 0) return { amount: revenue, source: 'revenue' };
  if (isKnown(arr)) return { amount: Math.max(0, arr), source: 'ARR' };
  if (isKnown(revenue)) return { amount: Math.max(0, revenue), source: 'revenue' };
  return null;
}

export interface BurnMultiple {
  multiple: number;
  annual_burn: number;
  net_new_arr: number;
}

/**
 * Burn multiple = annual net burn ÷ net new ARR over the same year. Growth is year on year and
 * ARR is today's, so the ARR added over the past year is arr × g / (1 + g) (a year ago ARR was
 * arr / (1 + g)). Burning without adding ARR (no revenue, flat or shrinking) is an unbounded
 * multiple (Infinity). Null when the company does not burn, or growth or revenue is unknown.
 */
export function burnMultiple(metrics: TFinancialMetrics | null | undefined): BurnMultiple | null {
  if (!metrics) return null;
  const burn = metrics.monthly_burn;
  const growth = metrics.revenue_growth;
  const revenue = annualRevenue(metrics);
  if (!isKnown(burn) || burn <= 0 || !isKnown(growth) || !revenue) return null;
  const annualBurn = burn * 12;
  const netNewArr = growth > 0 && revenue.amount > 0 ? (revenue.amount * growth) / (1 + growth) : 0;
  const multiple = netNewArr > 0 ? annualBurn / netNewArr : Number.POSITIVE_INFINITY;
  // Only astronomically large inputs overflow into Infinity / Infinity.
  if (Number.isNaN(multiple)) return null;
  return { multiple, annual_burn: annualBurn, net_new_arr: netNewArr };
}

const DAY_MS = 86_400_000;

/** Whole days from an ISO time to now (0 for future times); null when the time does not parse. */
export function daysSince(iso: string | null | undefined, now: Date): number | null {
  if (typeof iso !== 'string') return null;
  const then = Date.parse(iso);
  if (Number.isNaN(then) || Number.isNaN(now.getTime())) return null;
  return Math.max(0, Math.floor((now.getTime() - then) / DAY_MS));
}
