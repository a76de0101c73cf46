import type { TSourcedMetric } from '@atempo/contracts';

/**
 * The names metrics go by. Records hold ZFinancialMetrics fields (monthly_burn, runway_months…);
 * the document analyst names its key metrics a little differently (net_burn, headcount…); people
 * ask for "runway" or "burn". A requested name finds every metric it may mean.
 */

type Unit = TSourcedMetric['unit'];

/** The numeric fields a deal or company record holds, with their unit and period. */
export const RECORD_METRICS: Record<string, { unit: Unit; period: string | null }> = {
  revenue: { unit: 'currency', period: 'annual' },
  arr: { unit: 'currency', period: null },
  revenue_growth: { unit: 'fraction', period: 'year on year' },
  gross_margin: { unit: 'fraction', period: null },
  monthly_burn: { unit: 'currency', period: 'monthly' },
  cash: { unit: 'currency', period: null },
  runway_months: { unit: 'months', period: null },
  monthly_churn: { unit: 'fraction', period: 'monthly' },
  net_revenue_retention: { unit: 'fraction', period: null },
  cac_payback_months: { unit: 'months', period: null },
  employee_count: { unit: 'count', period: null },
  last_round_amount: { unit: 'currency', period: null },
};

const ALIASES: Record<string, string[]> = {
  runway: ['runway_months'],
  burn: ['monthly_burn', 'net_burn'],
  burn_rate: ['monthly_burn', 'net_burn'],
  net_burn: ['monthly_burn', 'net_burn'],
  monthly_burn: ['monthly_burn', 'net_burn'],
  margin: ['gross_margin'],
  growth: ['revenue_growth'],
  employees: ['employee_count', 'headcount'],
  headcount: ['employee_count', 'headcount'],
  employee_count: ['employee_count', 'headcount'],
  churn: ['monthly_churn'],
  nrr: ['net_revenue_retention'],
  cac_payback: ['cac_payback_months'],
  last_round: ['last_round_amount', 'last_round'],
  last_round_amount: ['last_round_amount', 'last_round'],
  debt: ['total_debt'],
  sales: ['revenue'],
  turnover: ['revenue'],
};

/** "Gross margin", "gross-margin" → "gross_margin". */
export const metricKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The stored metric names a requested name means. */
export function metricNamesFor(requested: string): string[] {
  const key = metricKey(requested);
  return ALIASES[key] ?? [key];
}
