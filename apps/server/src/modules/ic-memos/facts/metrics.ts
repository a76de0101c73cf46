import type { TCitation, TSourcedMetric } from '@atempo/contracts';
import {
  type AnnualRevenueReading,
  annualRevenueOf,
  isRevenueMetric,
  monthlyBurnOf,
  type RevenueMetricName,
} from '@atempo/scoring';
import { citationsOf, quoted } from '../../assistant/index.ts';
import type { CitedMetric, IcMemoFacts, OtherReading } from './fact-types.ts';

export const METRIC_LABELS: Record<string, string> = {
  revenue: 'Revenue',
  arr: 'ARR',
  mrr: 'MRR',
  revenue_growth: 'Revenue growth',
  gross_margin: 'Gross margin',
  ebitda: 'EBITDA',
  net_income: 'Net income',
  monthly_burn: 'Net burn',
  cash: 'Cash',
  runway_months: 'Runway',
  employee_count: 'Employees',
  customers: 'Customers',
  monthly_churn: 'Monthly churn',
  net_revenue_retention: 'Net revenue retention',
  cac_payback_months: 'CAC payback',
  ltv_cac: 'LTV / CAC',
  last_round_amount: 'Last equity round',
  valuation: 'Valuation',
  total_debt: 'Total debt',
  capital_expenditure: 'Capital expenditure',
  operating_cash_flow: 'Operating cash flow',
  total_assets: 'Total assets',
};

/** The document analyst's names for the record's fields (net burn: citedMetric). */
const CANONICAL: Record<string, string> = {
  headcount: 'employee_count',
  last_round: 'last_round_amount',
};

function metricCitation(
  metric: TSourcedMetric,
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): TCitation {
  const excerpt = `${metric.name}: ${quoted(metric)}`;
  if (metric.source.kind === 'deal') return { ...deal.citation, content_excerpt: excerpt };
  if (metric.source.kind === 'company') return { ...company.citation, content_excerpt: excerpt };
  return citationsOf([metric])[0]!;
}

/**
 * A metric as the memo states it, under its record name. A document's net burn is the monthly
 * burn it gives (monthlyBurnOf), the division shown after the document's words; its revenue is
 * annual revenue (citedRevenue). A burn or revenue the document gives no basis for is left out,
 * as is a metric the memo has no label for.
 */
function citedMetrics(
  metric: TSourcedMetric,
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): CitedMetric[] {
  const citation = metricCitation(metric, deal, company);
  if (metric.name === 'net_burn') {
    const burn = monthlyBurnOf(metric);
    if (burn.value === null) return [];
    const divided = burn.months > 1;
    return [
      {
        name: 'monthly_burn',
        label: METRIC_LABELS.monthly_burn!,
        value: burn.value,
        unit: metric.unit,
        period: divided
          ? `per month (${metric.period ?? `${burn.months} months`} ÷ ${burn.months})`
          : metric.period,
        citation: divided ? withWorking(citation, burn.step) : citation,
      },
    ];
  }
  const { name } = metric;
  if (metric.source.kind === 'document' && isRevenueMetric(name))
    return citedRevenue({ ...metric, name }, citation);
  const recordName = CANONICAL[name] ?? name;
  const label = METRIC_LABELS[recordName];
  if (!label) return [];
  return [
    { name: recordName, label, value: metric.value, unit: metric.unit, period: metric.period, citation },
  ];
}

/** The document's words, then how a figure was worked out from them. */
const withWorking = (citation: TCitation, step: string): TCitation => ({
  ...citation,
  content_excerpt: `${citation.content_excerpt} (${step})`,
});

/**
 * A document's revenue as annual revenue (annualRevenueOf): a year's as stated; a quarter's or a
 * month's as its annualised run rate, so called in its period, the working after the document's
 * words; MRR as stated and as ARR = MRR × 12, cited to the MRR.
 */
function citedRevenue(
  metric: TSourcedMetric & { name: RevenueMetricName },
  citation: TCitation,
): CitedMetric[] {
  const annual = annualRevenueOf(metric);
  const asStated = (name: string): CitedMetric => ({
    name,
    label: METRIC_LABELS[name]!,
    value: metric.value,
    unit: metric.unit,
    period: metric.period,
    citation,
  });
  const runRate = (name: string, reading: AnnualRevenueReading & { value: number }): CitedMetric => ({
    name,
    label: METRIC_LABELS[name]!,
    value: reading.value,
    unit: metric.unit,
    period: reading.basis,
    citation: withWorking(citation, reading.step),
    run_rate: true,
  });
  if (annual.value === null) return [];
  if (metric.name === 'mrr') return [asStated('mrr'), runRate('arr', annual)];
  return [annual.run_rate ? runRate(metric.name, annual) : asStated(metric.name)];
}

const isDocument = (citation: TCitation) => citation.target.kind === 'document';
const sameValue = (a: number, b: number) => Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b), 1) * 0.005;

/** Why a document's figure with no stated basis (or a forecast) is not taken as the metric. */
function basisReason(metric: TSourcedMetric): string {
  if (metric.projection)
    return `the document gives it as a projection${metric.period ? ` (${metric.period})` : ''}, not an actual`;
  const { name } = metric;
  if (name === 'net_burn')
    return 'the document does not say whether it is a monthly burn or a total over a period, so it is not taken as the monthly burn';
  return 'the document does not state the months it covers, so it is not taken as annual revenue';
}

export interface PickedMetrics {
  metrics: CitedMetric[];
  other_readings: OtherReading[];
}

/**
 * One figure per metric: a document's before the record's, a year's before a run rate. A document's
 * figure the deal record does not hold is marked not_yet_accepted (with the record's own value when
 * it says something else). Every other figure, of a document or the record, is kept as an
 * other reading with the reason it is not the memo's: no cited figure goes unsaid.
 */
export function pickMetricsWithReadings(
  all: TSourcedMetric[],
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): PickedMetrics {
  const documentFirst = [
    ...all.filter((metric) => metric.source.kind === 'document'),
    ...all.filter((metric) => metric.source.kind !== 'document'),
  ];
  const chosen = new Map<string, CitedMetric>();
  const candidates: CitedMetric[] = [];
  const other_readings: OtherReading[] = [];
  for (const metric of documentFirst) {
    // A forecast is quoted with its reason, never as the memo's figure.
    const cited = metric.projection ? [] : citedMetrics(metric, deal, company);
    if (cited.length === 0 && metric.source.kind === 'document') {
      const recordName =
        CANONICAL[metric.name] ?? (metric.name === 'net_burn' ? 'monthly_burn' : metric.name);
      other_readings.push({
        name: recordName,
        label: METRIC_LABELS[recordName] ?? metric.name,
        value: metric.value,
        unit: metric.unit,
        period: metric.period,
        citation: metricCitation(metric, deal, company),
        reason: basisReason(metric),
      });
    }
    for (const reading of cited) {
      candidates.push(reading);
      // A figure stated for a year, from any document or the record, before a run rate.
      const current = chosen.get(reading.name);
      if (!current || (current.run_rate && !reading.run_rate)) chosen.set(reading.name, reading);
    }
  }
  const recordValues = new Map(
    candidates.filter((metric) => !isDocument(metric.citation)).map((metric) => [metric.name, metric.value]),
  );
  for (const [name, metric] of chosen) {
    if (!isDocument(metric.citation)) continue;
    const record = recordValues.get(name);
    if (record !== undefined && sameValue(record, metric.value)) continue;
    chosen.set(name, {
      ...metric,
      not_yet_accepted: true,
      ...(record !== undefined ? { record_value: record } : {}),
    });
  }
  for (const reading of candidates) {
    const used = chosen.get(reading.name);
    if (!used || used.citation.source === reading.citation.source) continue;
    // The record holding the document's figure is that figure accepted, not another reading.
    if (sameValue(used.value, reading.value) && (!isDocument(reading.citation) || !isDocument(used.citation)))
      continue;
    other_readings.push({
      ...reading,
      // No page or figure of another source in the reason: each figure of the memo is its footnote's.
      reason: sameValue(used.value, reading.value)
        ? 'the same figure as the one in the table above, from another source'
        : 'it differs from the figure the memo uses (in the table above)',
      ...(isDocument(reading.citation) && !recordValues.has(reading.name)
        ? { not_yet_accepted: true as const }
        : {}),
    });
  }
  const order = Object.keys(METRIC_LABELS);
  const byOrder = <T extends { name: string }>(a: T, b: T) => order.indexOf(a.name) - order.indexOf(b.name);
  return { metrics: [...chosen.values()].sort(byOrder), other_readings: other_readings.sort(byOrder) };
}

/** The memo's metrics alone (pickMetricsWithReadings). */
export function pickMetrics(
  all: TSourcedMetric[],
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): CitedMetric[] {
  return pickMetricsWithReadings(all, deal, company).metrics;
}
