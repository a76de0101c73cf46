import type { TDocumentAnalysis, TSharePointDocumentAnalysis } from '@atempo/contracts';
import { documentTypeLabel, formatKeyMetric, metricLabel, orderedMetrics } from '../../documents/index.ts';

/**
 * A SharePoint analysis that answered 'processing', completed with the document's analysis once its
 * job finished (GET /document-processing/result): the same fields the browser shows for an
 * analysis that was ready at once.
 */
export function withFinishedAnalysis(
  pending: TSharePointDocumentAnalysis,
  finished: TDocumentAnalysis,
): TSharePointDocumentAnalysis {
  return {
    ...pending,
    status: 'completed',
    analysis: {
      documentType: documentTypeLabel(finished.document_type),
      summary: finished.content_summary,
      keyMetrics: orderedMetrics(finished.key_metrics).map(([name, metric]) => ({
        name: metricLabel(name),
        value: formatKeyMetric(name, metric),
      })),
      riskFlags: finished.risk_flags,
      actionItems: finished.action_items,
      canAnalyse: true,
    },
  };
}
