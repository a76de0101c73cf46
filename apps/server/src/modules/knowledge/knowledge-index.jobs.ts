import { randomUUID } from 'node:crypto';
import { KNOWLEDGE_INDEX_WORKFLOW, type TKnowledgeInitializeResponse } from '@atempo/contracts';
import { type Database, workflowExecutions } from '@atempo/db';
import { eq, sql } from 'drizzle-orm';
import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import type { DocumentTextSource } from '../../platform/ports.ts';
import { completedDocumentIds } from '../documents/index.ts';
import { refreshInteractionSearchVectors } from '../interactions/index.ts';
import { createDocumentIndexer } from './document-indexer.ts';
import { documentsWithoutPassages, forgetLexemeFrequencies } from './passages.repository.ts';

export const KNOWLEDGE_INDEX_ORGANIZATION = 'knowledge-index-organization';

export interface KnowledgeIndexJob {
  organizationId: string;
}

/** Rows whose text search vectors are recomputed per statement. */
const REBUILD_BATCH = 2_000;

/** Queues the organisation's (re)indexing; its workflow execution exists before the job runs. */
export async function queueKnowledgeIndex(
  db: Database,
  jobs: JobQueue,
  organizationId: string,
  userId: string,
): Promise<TKnowledgeInitializeResponse> {
  const id = randomUUID();
  await db.insert(workflowExecutions).values({
    id,
    organizationId,
    workflowType: KNOWLEDGE_INDEX_WORKFLOW,
    status: 'pending',
    stage: 'queued',
    createdBy: userId,
  });
  try {
    await jobs.send(KNOWLEDGE_INDEX_ORGANIZATION, { organizationId } satisfies KnowledgeIndexJob, { id });
  } catch (error) {
    await setExecution(db, id, {
      status: 'failed',
      stage: 'failed',
      error: 'The indexing could not be queued',
    });
    throw error;
  }
  return { execution_id: id, status: 'pending' };
}

function setExecution(
  db: Database,
  id: string,
  values: Partial<typeof workflowExecutions.$inferInsert>,
): Promise<unknown> {
  const final = values.status === 'completed' || values.status === 'failed';
  return db
    .update(workflowExecutions)
    .set({ ...values, updatedAt: new Date(), ...(final ? { finishedAt: new Date() } : {}) })
    .where(eq(workflowExecutions.id, id));
}

/**
 * Rebuilds the organisation's search index: recomputes the stored text search vectors of its
 * passages, emails and notes (after a PostgreSQL upgrade changed the stemmer, a restore, or a
 * change of configuration), refreshes the statistics search reads, then indexes completed documents that have no passages when a text
 * source is available. Companies need nothing: their index is an expression index kept by
 * PostgreSQL itself.
 */
export async function indexOrganization(
  db: Database,
  organizationId: string,
  options: { executionId?: string; source?: DocumentTextSource } = {},
): Promise<{
  passages: number;
  interactions: number;
  documentsIndexed: number;
  documentsWithoutText: number;
}> {
  const progress = (stage: string, value: number) =>
    options.executionId
      ? setExecution(db, options.executionId, { stage, progress: value })
      : Promise.resolve();
  await progress('rebuilding', 5);
  // A stored generated column is recomputed when its source is written, even to the same value.
  let passages = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const result = (await db.execute(sql`
      with batch as (
        select id from knowledge_chunks where organization_id = ${organizationId} and id > ${after}::uuid
        order by id limit ${REBUILD_BATCH}
      )
      update knowledge_chunks c set content = c.content from batch where c.id = batch.id
      returning c.id`)) as unknown as { rows: { id: string }[] };
    if (result.rows.length === 0) break;
    passages += result.rows.length;
    after = result.rows.reduce((max, row) => (row.id > max ? row.id : max), after);
    if (result.rows.length < REBUILD_BATCH) break;
  }
  await progress('rebuilding', 50);
  const interactions = await refreshInteractionSearchVectors(db, organizationId);
  // Fresh statistics let search tell common words from rare ones (decision 016); PGlite has no
  // autovacuum to gather them.
  await db.execute(sql`analyze knowledge_chunks`);
  forgetLexemeFrequencies(db);
  await progress('indexing_documents', 60);

  const unindexed = await documentsWithoutPassages(db, await completedDocumentIds(db, organizationId));
  let documentsIndexed = 0;
  let documentsWithoutText = 0;
  const indexer = createDocumentIndexer(db);
  for (const [i, { id }] of unindexed.entries()) {
    const text = options.source ? await options.source(organizationId, id) : null;
    if (!text) {
      documentsWithoutText++;
      continue;
    }
    await indexer.indexDocument({ organizationId, documentId: id, ...text });
    documentsIndexed++;
    await progress('indexing_documents', 60 + Math.floor((39 * (i + 1)) / unindexed.length));
  }
  return { passages, interactions, documentsIndexed, documentsWithoutText };
}

export function knowledgeIndexJob(
  deps: JobDependencies,
  source?: DocumentTextSource,
): JobDefinition<KnowledgeIndexJob> {
  return {
    name: KNOWLEDGE_INDEX_ORGANIZATION,
    expireInSeconds: 30 * 60,
    retryLimit: 2,
    handler: async ({ organizationId }, { jobId, logger }) => {
      await setExecution(deps.db, jobId, {
        status: 'running',
        stage: 'rebuilding',
        progress: 0,
        error: null,
      });
      try {
        const result = await indexOrganization(deps.db, organizationId, { executionId: jobId, source });
        await setExecution(deps.db, jobId, { status: 'completed', stage: 'completed', progress: 100 });
        logger.info({ organizationId, ...result }, 'Knowledge index rebuilt');
      } catch (error) {
        await setExecution(deps.db, jobId, {
          status: 'failed',
          stage: 'failed',
          error: 'Indexing failed; it will be retried',
        });
        throw error;
      }
    },
  };
}

export function defineKnowledgeJobs(
  jobs: JobQueue,
  deps: JobDependencies,
  source?: DocumentTextSource,
): void {
  jobs.define(knowledgeIndexJob(deps, source));
}
