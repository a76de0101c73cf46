import type { TProcessingStage } from '@atempo/contracts';
import { UnreadableDocumentError } from '@atempo/documents';
import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import { readAll, StoredFileMissingError } from '../../platform/storage/index.ts';
import * as workflows from '../../platform/workflows/workflows.repository.ts';
import { recordDealActivity } from '../deal-activity/index.ts';
import * as repository from './documents.repository.ts';
import { documentAnalystFor } from './model-refined-analyst.ts';
import { type DocumentAnalyst, runPipeline } from './pipeline.ts';

export const PROCESS_DOCUMENT = 'process-document';
export const DOCUMENT_PROCESSING_WORKFLOW = 'document_processing';

/**
 * A running attempt taking longer than this is taken for dead (a killed worker) and retried.
 * Extraction stops itself at 30 s; the rest is fast, so this leaves ample room.
 */
export const PROCESS_DOCUMENT_EXPIRE_SECONDS = 5 * 60;

export interface ProcessDocumentJob {
  organizationId: string;
  documentId: string;
  executionId: string;
}

/** Queues the pipeline under the execution's id (one job per execution, never two). */
export async function queueDocumentProcessing(jobs: JobQueue, job: ProcessDocumentJob): Promise<void> {
  await jobs.send(PROCESS_DOCUMENT, job, { id: job.executionId });
}

/** The reason a person reads on the file (spec 01 §8: 'Analysis failed: {message}'). */
export const analysisFailed = (reason: string) => `Analysis failed: ${reason}`;

const UNEXPECTED_FAILURE = analysisFailed(
  'the analysis stopped on an unexpected error several times; upload the file again, or contact support if it keeps failing.',
);

export interface DocumentJobOptions {
  analyst?: DocumentAnalyst;
}

export function processDocumentJob(
  deps: JobDependencies,
  options: DocumentJobOptions = {},
): JobDefinition<ProcessDocumentJob> {
  const analyst = options.analyst ?? documentAnalystFor(deps);
  const { db } = deps;

  /** Ends the document as failed, once, with its deal's activity. */
  async function fail(job: ProcessDocumentJob, error: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await repository.finishDocument(tx, job.organizationId, job.documentId, {
        status: 'failed',
        error,
        processedAt: new Date(),
      });
      if (row?.dealId) {
        await recordDealActivity(tx, {
          organizationId: job.organizationId,
          dealId: row.dealId,
          kind: 'document_failed',
          summary: `Document could not be analysed: ${row.name}`,
          details: { document_id: row.id, name: row.name, error },
        });
      }
      await workflows.finishExecution(tx, job.executionId, { status: 'failed', error });
    });
  }

  return {
    name: PROCESS_DOCUMENT,
    expireInSeconds: PROCESS_DOCUMENT_EXPIRE_SECONDS,
    retryLimit: 3,
    handler: async (job, { logger, finalAttempt }) => {
      const document = await repository.findDocument(db, job.organizationId, job.documentId);
      if (!document) {
        await workflows.finishExecution(db, job.executionId, {
          status: 'failed',
          error: analysisFailed('the document was deleted before its analysis finished.'),
        });
        return;
      }
      // An earlier attempt got to the end; only its execution may still read as open.
      if (document.status !== 'processing') {
        await workflows.finishExecution(
          db,
          job.executionId,
          document.status === 'completed'
            ? { status: 'completed' }
            : {
                status: 'failed',
                error: document.error ?? analysisFailed('the document could not be read.'),
              },
        );
        return;
      }
      try {
        const bytes = await readAll(await deps.storage.get(job.organizationId, document.sha256));
        const outcome = await runPipeline(
          {
            organizationId: job.organizationId,
            documentId: document.id,
            filename: document.name,
            format: document.format as Parameters<typeof runPipeline>[0]['format'],
            bytes,
          },
          {
            analyst,
            indexer: deps.documentIndexer,
            onStage: (stage: TProcessingStage, progress: number) =>
              workflows.setStage(db, job.executionId, stage, progress),
          },
        );
        await db.transaction(async (tx) => {
          const row = await repository.finishDocument(tx, job.organizationId, job.documentId, {
            status: 'completed',
            error: null,
            analysis: outcome.analysis,
            documentType: outcome.documentType,
            pageCount: outcome.pageCount,
            processedAt: new Date(),
          });
          if (row?.dealId) {
            await recordDealActivity(tx, {
              organizationId: job.organizationId,
              dealId: row.dealId,
              kind: 'document_analysed',
              summary: `Document analysed: ${row.name} (${outcome.documentType.replace(/_/g, ' ')})`,
              details: {
                document_id: row.id,
                name: row.name,
                document_type: outcome.documentType,
                key_metrics: Object.keys(outcome.analysis.key_metrics),
                risk_flag_count: outcome.analysis.risk_flags.length,
              },
            });
          }
          await workflows.finishExecution(tx, job.executionId, { status: 'completed' });
        });
        logger.info({ documentId: document.id, documentType: outcome.documentType }, 'Document analysed');
      } catch (error) {
        if (error instanceof UnreadableDocumentError) {
          logger.info({ documentId: document.id, reason: error.message }, 'Document unreadable');
          await fail(job, analysisFailed(error.message));
          return;
        }
        if (error instanceof StoredFileMissingError) {
          logger.error({ documentId: document.id }, 'The stored file of a document is missing');
          await fail(job, analysisFailed('the file is no longer stored; upload it again.'));
          return;
        }
        if (finalAttempt) await fail(job, UNEXPECTED_FAILURE);
        throw error;
      }
    },
  };
}

export function defineDocumentJobs(jobs: JobQueue, deps: JobDependencies): void {
  jobs.define(processDocumentJob(deps));
}
