import type {
  TAcceptMetricsResult,
  TDealIntelligence,
  TFinancialMetrics,
  TKeyMetricName,
} from '@atempo/contracts';
import { financialMetricRows } from '../../../lib/format/financial-metric-rows.ts';
import { formatKeyMetric, metricLabel, orderedMetrics } from '../../documents/index.ts';

type KeyMetrics = TDealIntelligence['document_intelligence']['key_metrics'];

/** The accept-metrics calls for a set of figures: one per document they came from. */
export function acceptRequests(keyMetrics: KeyMetrics, names: Iterable<TKeyMetricName>) {
  const byDocument = new Map<string, TKeyMetricName[]>();
  for (const name of names) {
    const metric = keyMetrics[name];
    if (!metric) continue;
    byDocument.set(metric.document_id, [...(byDocument.get(metric.document_id) ?? []), name]);
  }
  return [...byDocument].map(([documentId, metrics]) => ({ documentId, metrics }));
}

/** Several documents' answers as one. */
export function mergeResults(
  results: TAcceptMetricsResult[],
): Pick<TAcceptMetricsResult, 'accepted' | 'skipped' | 'notes'> {
  return {
    accepted: results.flatMap((result) => result.accepted),
    skipped: results.flatMap((result) => result.skipped),
    notes: results.flatMap((result) => result.notes),
  };
}

/** A deal field's value as the deal panel shows it ('€8.4M', '72%', '14 months'). */
function formatField(field: string, value: number | null): string | null {
  if (value === null) return null;
  const row = financialMetricRows({ [field]: value } as TFinancialMetrics)[0];
  return row?.value ?? String(value);
}

export interface AcceptRow {
  name: TKeyMetricName;
  label: string;
  documentName: string;
  sourceLabel: string;
  /** The figure as the document states it. */
  found: string;
  /** The deal's value now and what it would become, as the server plans it; null when skipped. */
  change: { current: string | null; next: string; unchanged: boolean } | null;
  /** Why the server would not write it. */
  skipped: string | null;
  /** A conversion the server would make ("an annual figure divided by 12"). */
  note: string | null;
  /** "This document appears to be about X, not Y." when the figure's document is another company's. */
  otherCompany: string | null;
}

/** Each figure found in the deal's documents with what accepting it would do, from the server's dry run. */
export function acceptRows(keyMetrics: KeyMetrics, plan: ReturnType<typeof mergeResults>): AcceptRow[] {
  return orderedMetrics(keyMetrics).map(([name, metric]) => {
    const accepted = plan.accepted.find((item) => item.name === name);
    const skipped = plan.skipped.find((item) => item.name === name);
    return {
      name,
      label: metricLabel(name),
      documentName: metric.document_name,
      sourceLabel: metric.source.label,
      found: formatKeyMetric(name, metric),
      change: accepted
        ? {
            current: formatField(accepted.field, accepted.previous),
            next: formatField(accepted.field, accepted.value) ?? String(accepted.value),
            unchanged: accepted.previous !== null && Math.abs(accepted.previous - accepted.value) < 1e-9,
          }
        : null,
      skipped: accepted ? null : (skipped?.reason ?? 'The server would not write this figure.'),
      note: plan.notes.find((item) => item.name === name)?.note ?? null,
      otherCompany: metric.other_company?.message ?? null,
    };
  });
}
