import type { TDealIntelligence, TFinancialMetrics, TKeyMetricName } from '@atempo/contracts';
import { financialMetricRows } from '../../deals/lib/financial-metric-rows.ts';
import { formatKeyMetric, metricLabel, orderedMetrics } from '../../documents/lib/metric-format.ts';

/**
 * Which field of the deal's financial_metrics a found figure would fill. This is only for showing
 * "old → new" before the person confirms; the server decides and answers what it wrote and what it
 * skipped, and the screen reports that answer.
 */
export const METRIC_TO_DEAL_FIELD: Partial<Record<TKeyMetricName, keyof TFinancialMetrics>> = {
  revenue: 'revenue',
  arr: 'arr',
  revenue_growth: 'revenue_growth',
  gross_margin: 'gross_margin',
  net_burn: 'monthly_burn',
  cash: 'cash',
  runway_months: 'runway_months',
  headcount: 'employee_count',
  monthly_churn: 'monthly_churn',
  net_revenue_retention: 'net_revenue_retention',
  cac_payback_months: 'cac_payback_months',
  last_round: 'last_round_amount',
};

export interface AcceptRow {
  name: TKeyMetricName;
  label: string;
  documentId: string;
  documentName: string;
  sourceLabel: string;
  /** The deal's value now, formatted; null when the deal has none. */
  current: string | null;
  found: string;
  /** False when the deal has no field for it (the server would skip it). */
  acceptable: boolean;
  unchanged: boolean;
}

type KeyMetrics = TDealIntelligence['document_intelligence']['key_metrics'];

function currentValue(metrics: TFinancialMetrics, field: keyof TFinancialMetrics): string | null {
  const value = metrics[field];
  if (value === null || value === undefined) return null;
  // Format the deal's value the way the deal panel does, so the two screens agree.
  const row = financialMetricRows({ [field]: value } as TFinancialMetrics)[0];
  return row?.value ?? String(value);
}

/** Each figure found in the deal's documents, next to the deal's own value for the same field. */
export function acceptRows(
  keyMetrics: KeyMetrics,
  dealMetrics: TFinancialMetrics | null | undefined,
): AcceptRow[] {
  const deal = dealMetrics ?? {};
  return orderedMetrics(keyMetrics).map(([name, metric]) => {
    const field = METRIC_TO_DEAL_FIELD[name];
    const dealValue = field ? deal[field] : undefined;
    return {
      name,
      label: metricLabel(name),
      documentId: metric.document_id,
      documentName: metric.document_name,
      sourceLabel: metric.source.label,
      current: field ? currentValue(deal, field) : null,
      found: formatKeyMetric(name, metric),
      acceptable: field !== undefined,
      unchanged: typeof dealValue === 'number' && Math.abs(dealValue - metric.value) < 1e-9,
    };
  });
}

/** The accept-metrics calls to make: one per document, with the names chosen from it. */
export function acceptRequests(rows: AcceptRow[], chosen: ReadonlySet<TKeyMetricName>) {
  const byDocument = new Map<string, TKeyMetricName[]>();
  for (const row of rows) {
    if (!chosen.has(row.name)) continue;
    byDocument.set(row.documentId, [...(byDocument.get(row.documentId) ?? []), row.name]);
  }
  return [...byDocument].map(([documentId, metrics]) => ({ documentId, metrics }));
}
