import type { TFinancialMetrics } from '@atempo/contracts';
import { formatEuroCompact } from './money.ts';

export interface MetricRow {
  label: string;
  value: string;
}

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;
const months = (value: number) => `${Math.round(value * 10) / 10} months`;

/** The known metrics, labelled and formatted, in the contract's display order. */
export function financialMetricRows(metrics: TFinancialMetrics | null | undefined): MetricRow[] {
  if (!metrics) return [];
  const rows: MetricRow[] = [];
  const add = (label: string, value: number | null | undefined, format: (value: number) => string) => {
    if (typeof value === 'number' && Number.isFinite(value)) rows.push({ label, value: format(value) });
  };
  add('Revenue', metrics.revenue, formatEuroCompact);
  add('ARR', metrics.arr, formatEuroCompact);
  add('Revenue growth', metrics.revenue_growth, percent);
  add('Gross margin', metrics.gross_margin, percent);
  add('Monthly burn', metrics.monthly_burn, formatEuroCompact);
  add('Cash', metrics.cash, formatEuroCompact);
  add('Runway', metrics.runway_months, months);
  add('Monthly churn', metrics.monthly_churn, percent);
  add('Net revenue retention', metrics.net_revenue_retention, percent);
  add('CAC payback', metrics.cac_payback_months, months);
  add('Employees', metrics.employee_count, (value) => String(value));
  add('Last round', metrics.last_round_amount, formatEuroCompact);
  if (metrics.last_round_date) rows.push({ label: 'Last round date', value: metrics.last_round_date });
  return rows;
}
