import type { TDocumentType, TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import { formatAmountShort } from '../../../lib/format/money.ts';

export const KEY_METRIC_LABELS: Record<TKeyMetricName, string> = {
  revenue: 'Revenue',
  arr: 'ARR',
  mrr: 'MRR',
  revenue_growth: 'Revenue growth',
  gross_margin: 'Gross margin',
  ebitda: 'EBITDA',
  net_income: 'Net income',
  net_burn: 'Net burn',
  cash: 'Cash',
  runway_months: 'Runway',
  headcount: 'Headcount',
  customers: 'Customers',
  monthly_churn: 'Monthly churn',
  net_revenue_retention: 'Net revenue retention',
  cac_payback_months: 'CAC payback',
  ltv_cac: 'LTV/CAC',
  raise_amount: 'Raising',
  last_round: 'Last round',
  valuation: 'Valuation',
  total_debt: 'Total debt',
  capital_expenditure: 'Capital expenditure',
  operating_cash_flow: 'Operating cash flow',
  total_assets: 'Total assets',
};

export const DOCUMENT_TYPE_LABELS: Record<TDocumentType, string> = {
  pitch_deck: 'Pitch deck',
  financial_model: 'Financial model',
  financial_statements: 'Financial statements',
  annual_report: 'Annual report',
  term_sheet: 'Term sheet',
  legal_agreement: 'Legal agreement',
  board_report: 'Board report',
  other: 'Other document',
};

/** A metric's label; names the contract does not know yet are shown as written. */
export function metricLabel(name: string): string {
  return KEY_METRIC_LABELS[name as TKeyMetricName] ?? name.replace(/_/g, ' ');
}

export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type as TDocumentType] ?? type.replace(/_/g, ' ');
}

const trimmed = (value: number, digits: number) => String(Number(value.toFixed(digits)));

/**
 * Spec 01 AI Intelligence card: currency as EUR, 1M and above as x.xM, 1K and above as xK.
 * '€8.4M', '€850K', '€900'; negatives keep their sign ('-€1.2M').
 */
export function formatEuroShort(amount: number): string {
  return formatAmountShort(amount, '€');
}

/** 0.724 → '72.4%'. */
export function formatFraction(fraction: number): string {
  return `${trimmed(fraction * 100, 1)}%`;
}

/**
 * A figure as the card and the tables show it. Names containing rate or margin are percentages
 * (spec 01), as is every fraction; amounts are in EUR (converted by the server, which keeps the
 * document's own currency in `original`).
 */
export function formatKeyMetric(
  name: string,
  metric: Pick<TKeyMetric, 'value' | 'unit' | 'currency'> &
    Partial<Pick<TKeyMetric, 'kind' | 'value_low' | 'value_high'>>,
): string {
  // a range is shown as printed, both ends; a forecast says it is one (never read as an actual)
  const shown =
    metric.value_low !== undefined && metric.value_high !== undefined
      ? `${formatValue(name, { ...metric, value: metric.value_low })}–${formatValue(name, { ...metric, value: metric.value_high })}`
      : formatValue(name, metric);
  return metric.kind === 'projection' ? `${shown} (projection)` : shown;
}

function formatValue(name: string, metric: Pick<TKeyMetric, 'value' | 'unit' | 'currency'>): string {
  if (/rate|margin/i.test(name) || metric.unit === 'fraction') return formatFraction(metric.value);
  switch (metric.unit) {
    case 'currency':
      if (metric.currency && metric.currency !== 'EUR')
        return formatAmountShort(metric.value, `${metric.currency} `);
      return formatEuroShort(metric.value);
    case 'months':
      return `${trimmed(metric.value, 1)} months`;
    case 'ratio':
      return `${trimmed(metric.value, 2)}×`;
    default:
      return new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(metric.value);
  }
}

/** 'Stated as USD 1,500,000 (1 USD = 0.92 EUR on 2025-01-31)' when the document used another currency. */
export function originalCurrencyNote(metric: TKeyMetric): string | null {
  if (!metric.original) return null;
  const amount = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(metric.original.value);
  return `Stated as ${metric.original.currency} ${amount} (1 ${metric.original.currency} = ${metric.original.rate} ${metric.currency ?? 'EUR'} on ${metric.original.rate_date})`;
}

/** 0.87 → '87%'. */
export function formatConfidence(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** Metrics in the contract's display order, limited to `max`. */
export function orderedMetrics<T>(
  metrics: Partial<Record<TKeyMetricName, T>>,
  max = Number.POSITIVE_INFINITY,
): [TKeyMetricName, T][] {
  const order = Object.keys(KEY_METRIC_LABELS) as TKeyMetricName[];
  const known = order.filter((name) => metrics[name] !== undefined);
  const unknown = (Object.keys(metrics) as TKeyMetricName[]).filter((name) => !order.includes(name));
  return [...known, ...unknown].slice(0, max).map((name) => [name, metrics[name] as T]);
}
