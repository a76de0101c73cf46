import { KNOWLEDGE_INDEX_WORKFLOW, type TKnowledgeInitializeResponse } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { z } from 'zod';
import type { JobDependencies } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { DocumentTextSource } from '../../platform/ports.ts';
import { startWorkflow, type WorkflowDefinition } from '../../platform/workflows/index.ts';
import { indexUnindexedDocuments, rebuildSearchVectors } from './knowledge-index.ts';

/**
 * Re-indexing an organisation (POST /knowledge/initialize) on the one runner (decision 039): the
 * vectors, then the documents without passages; a retry resumes at the documents. Its subject is
 * the organisation, so it takes no input.
 *
 * `textSource` reads a stored document's text again; the composition root passes document
 * processing's, which this module cannot import.
 */
export function knowledgeIndexWorkflow(
  textSource?: (deps: JobDependencies) => DocumentTextSource,
): WorkflowDefinition<null> {
  return {
    type: KNOWLEDGE_INDEX_WORKFLOW,
    input: z.null(),
    // Its own queue, under the job name it always had: a long re-index does not hold up other
    // workflows, and jobs queued before decision 039 drain.
    queue: { name: 'knowledge-index-organization', retryLimit: 2, expireInSeconds: 30 * 60 },
    steps: [
      {
        name: 'rebuild',
        stage: 'rebuilding',
        progress: 5,
        run: ({ deps, organizationId, progress }) => rebuildSearchVectors(deps.db, organizationId, progress),
      },
      {
        name: 'index_documents',
        stage: 'indexing_documents',
        progress: 60,
        run: ({ deps, organizationId, progress }) =>
          indexUnindexedDocuments(deps.db, organizationId, textSource?.(deps), progress),
      },
    ],
    result: (outputs) => ({ ...(outputs.rebuild as object), ...(outputs.index_documents as object) }),
  };
}

/**
 * Starts the organisation's re-index and answers the execution to poll. Starting reads only the
 * workflow's type, steps and queue; the workers run the catalogue's definition, with its source.
 */
export async function startKnowledgeIndex(
  target: { db: Database; jobs: JobQueue },
  organizationId: string,
  userId: string,
): Promise<TKnowledgeInitializeResponse> {
  const id = await startWorkflow(target, knowledgeIndexWorkflow(), { organizationId, userId, input: null });
  return { execution_id: id, status: 'pending' };
}
