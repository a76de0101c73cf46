import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import type { DocumentTextSource } from '../../platform/ports.ts';
import { completedDocumentIds } from '../documents/index.ts';
import { refreshInteractionSearchVectors } from '../interactions/index.ts';
import { createDocumentIndexer } from './document-indexer.ts';
import { forgetLexemeFrequencies } from './lexemes.repository.ts';
import { documentsWithoutPassages } from './passages.repository.ts';

/** Moves the percentage a poller reads (the re-index workflow's; nothing when called directly). */
type Progress = (percent: number) => Promise<void>;
const unreported: Progress = async () => {};

/** Rows whose text search vectors are recomputed per statement. */
const REBUILD_BATCH = 2_000;

/**
 * Recomputes the stored text search vectors of the organisation's passages, emails and notes
 * (after a PostgreSQL upgrade changed the stemmer, a restore, or a change of configuration) and
 * refreshes the statistics search reads. Companies need nothing: their index is an expression
 * index kept by PostgreSQL itself.
 */
export async function rebuildSearchVectors(
  db: Database,
  organizationId: string,
  progress: Progress = unreported,
): Promise<{ passages: number; interactions: number }> {
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
  await progress(50);
  const interactions = await refreshInteractionSearchVectors(db, organizationId);
  // Fresh statistics let search tell common words from rare ones (decision 016); PGlite has no
  // autovacuum to gather them.
  await db.execute(sql`analyze knowledge_chunks`);
  forgetLexemeFrequencies(db);
  return { passages, interactions };
}

/**
 * Indexes the organisation's completed documents that have no passages, reading their text from
 * `source`; without one they are only counted. Progress runs from 60 to 99 as they are indexed.
 */
export async function indexUnindexedDocuments(
  db: Database,
  organizationId: string,
  source?: DocumentTextSource,
  progress: Progress = unreported,
): Promise<{ documentsIndexed: number; documentsWithoutText: number }> {
  const unindexed = await documentsWithoutPassages(db, await completedDocumentIds(db, organizationId));
  let documentsIndexed = 0;
  let documentsWithoutText = 0;
  const indexer = createDocumentIndexer(db);
  for (const [i, { id }] of unindexed.entries()) {
    const text = source ? await source(organizationId, id) : null;
    if (!text) {
      documentsWithoutText++;
      continue;
    }
    await indexer.indexDocument({ organizationId, documentId: id, ...text });
    documentsIndexed++;
    await progress(60 + Math.floor((39 * (i + 1)) / unindexed.length));
  }
  return { documentsIndexed, documentsWithoutText };
}

/** Rebuilds the organisation's search index at once: both of the above, in order. */
export async function indexOrganization(
  db: Database,
  organizationId: string,
  options: { source?: DocumentTextSource } = {},
): Promise<{
  passages: number;
  interactions: number;
  documentsIndexed: number;
  documentsWithoutText: number;
}> {
  const rebuilt = await rebuildSearchVectors(db, organizationId);
  return { ...rebuilt, ...(await indexUnindexedDocuments(db, organizationId, options.source)) };
}
