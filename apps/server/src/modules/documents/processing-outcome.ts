import type { Database } from '@atempo/db';
import type { WorkflowOutcome, WorkflowRun } from '../../platform/workflows/index.ts';
import { recordDealActivity } from '../deal-activity/index.ts';
import { finishDocument } from './documents.repository.ts';
import { composeAnalysis, type DocumentAnalyst, type ProcessingOutputs } from './pipeline.ts';

/** The reason a person reads on the file (spec 01 §8: 'Analysis failed: {message}'). */
export const analysisFailed = (reason: string) => `Analysis failed: ${reason}`;

export const UNEXPECTED_FAILURE = analysisFailed(
  'the analysis stopped on an unexpected error several times; upload the file again, or contact support if it keeps failing.',
);

export const INTERRUPTED_FAILURE = analysisFailed(
  'the analysis was cut off on every attempt (the server stopped or ran out of time while reading this file); upload it again, or contact support if it keeps failing.',
);

/**
 * Writes the processed document's analysis, or its failure, with its deal's activity, in the
 * transaction that ends its execution. Only a document still `processing` changes, so an attempt
 * abandoned by a restart cannot undo a finished one.
 */
export async function recordProcessingOutcome(
  tx: Database,
  run: WorkflowRun<null>,
  outcome: WorkflowOutcome,
  engine: DocumentAnalyst['engine'],
): Promise<void> {
  const { organizationId, subjectId: documentId } = run;
  if (!documentId) return;
  if (outcome.status === 'failed') {
    const row = await finishDocument(tx, organizationId, documentId, {
      status: 'failed',
      error: outcome.error,
      processedAt: new Date(),
    });
    if (row?.dealId) {
      await recordDealActivity(tx, {
        organizationId,
        dealId: row.dealId,
        kind: 'document_failed',
        summary: `Document could not be analysed: ${row.name}`,
        details: { document_id: row.id, name: row.name, error: outcome.error },
      });
    }
    return;
  }
  const analysed = composeAnalysis(run.outputs as unknown as ProcessingOutputs, engine);
  const row = await finishDocument(tx, organizationId, documentId, {
    status: 'completed',
    error: null,
    analysis: analysed.analysis,
    documentType: analysed.documentType,
    pageCount: analysed.pageCount,
    processedAt: new Date(),
  });
  if (row?.dealId) {
    await recordDealActivity(tx, {
      organizationId,
      dealId: row.dealId,
      kind: 'document_analysed',
      summary: `Document analysed: ${row.name} (${analysed.documentType.replace(/_/g, ' ')})`,
      details: {
        document_id: row.id,
        name: row.name,
        document_type: analysed.documentType,
        key_metrics: Object.keys(analysed.analysis.key_metrics),
        risk_flag_count: analysed.analysis.risk_flags.length,
      },
    });
  }
  run.logger.info({ documentId, documentType: analysed.documentType }, 'Document analysed');
}
