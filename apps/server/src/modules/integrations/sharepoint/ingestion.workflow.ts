import type { TIngestionResult } from '@atempo/contracts';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import { StepFailed, type WorkflowDefinition, type WorkflowRun } from '../../../platform/workflows/index.ts';
import { markSynced } from '../connections.repository.ts';
import { graphFor } from '../microsoft-graph.ts';
import { providerFailure } from '../provider-errors.ts';
import { locateDealFolders } from './deal-folders.ts';
import { type IngestionCounts, ingestDealFolders } from './ingestion.ts';

export const SHAREPOINT_INGESTION_TYPE = 'sharepoint_ingestion';

const ZIngestionInput = z.object({
  mode: z.enum(['quick', 'full', 'incremental']),
  maxDeals: z.number().int().positive().nullable(),
  /** The Microsoft connection the run reads SharePoint as. */
  connectionId: z.uuid(),
});
export type IngestionInput = z.infer<typeof ZIngestionInput>;

export const NO_DEAL_FOLDERS =
  'No deal folders found: create a folder named “Deals” at the top of the root site’s document library (or of your OneDrive), or let an admin choose the folder in the SharePoint settings.';

/** The result pollers read: the run's figures so far, or its outcome. */
export type IngestionOutput = Omit<TIngestionResult, 'execution_id' | 'status' | 'error'>;

async function ingest(run: WorkflowRun<IngestionInput>): Promise<IngestionOutput> {
  const { deps, input, organizationId } = run;
  if (!deps.jobs || !run.userId) throw new StepFailed('The run has no job queue or no user to act for');
  const env = { ...deps, jobs: deps.jobs, documentIndexer: deps.documentIndexer ?? null };
  const graph = graphFor(env, input.connectionId);
  const started = Date.now();
  const output = (counts: IngestionCounts): IngestionOutput => ({
    mode: input.mode,
    ...counts,
    duration_seconds: Math.round((Date.now() - started) / 100) / 10,
  });
  try {
    const root = await locateDealFolders(deps.db, graph, organizationId);
    if (!root) throw new StepFailed(NO_DEAL_FOLDERS);
    const counts = await ingestDealFolders(env, {
      organizationId,
      userId: run.userId,
      mode: input.mode,
      maxDeals: input.maxDeals,
      graph,
      root,
      report: async (soFar, percent) => {
        await run.publish(output(soFar));
        await run.progress(percent);
      },
    });
    await markSynced(deps.db, input.connectionId, new Date());
    return output(counts);
  } catch (error) {
    if (error instanceof StepFailed) throw error;
    const answer = providerFailure(error, 'Microsoft 365');
    // A connection to reconnect, or an item refused, will not mend by retrying.
    if (answer instanceof AppError && answer.statusCode !== 503) throw new StepFailed(answer.detail);
    throw new Error(answer.message);
  }
}

/** SharePoint deal-folder ingestion as a job with progress (spec 03 §3 ingestion result). */
export const SHAREPOINT_INGESTION: WorkflowDefinition<IngestionInput> = {
  type: SHAREPOINT_INGESTION_TYPE,
  input: ZIngestionInput,
  steps: [{ name: 'ingest', stage: 'ingesting', run: ingest }],
  failure: ({ reason }) => reason,
};
