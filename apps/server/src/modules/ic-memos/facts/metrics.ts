import type { TCitation, TSourcedMetric } from '@atempo/contracts';
import {
  type AnnualRevenueReading,
  annualRevenueOf,
  isRevenueMetric,
  monthlyBurnOf,
  type RevenueMetricName,
} from '@atempo/scoring';
import { citationsOf, quoted } from '../../assistant/index.ts';
import type { CitedMetric, IcMemoFacts } from './fact-types.ts';

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

/** One figure per metric: a document's before the record's, a year's before a run rate. */
export function pickMetrics(
  all: TSourcedMetric[],
  deal: IcMemoFacts['deal'],
  company: IcMemoFacts['company'],
): CitedMetric[] {
  const documentFirst = [
    ...all.filter((metric) => metric.source.kind === 'document'),
    ...all.filter((metric) => metric.source.kind !== 'document'),
  ];
  const chosen = new Map<string, CitedMetric>();
  for (const metric of documentFirst) {
    for (const cited of citedMetrics(metric, deal, company)) {
      // A figure stated for a year, from any document or the record, before a run rate.
      const current = chosen.get(cited.name);
      if (!current || (current.run_rate && !cited.run_rate)) chosen.set(cited.name, cited);
    }
  }
  const order = Object.keys(METRIC_LABELS);
  return [...chosen.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}
