import { type Database, intelligenceSources } from '@atempo/db';
import { and, asc, count, eq } from 'drizzle-orm';

export type SourceRow = typeof intelligenceSources.$inferSelect;
export type NewSourceRow = typeof intelligenceSources.$inferInsert;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(intelligenceSources.organizationId, organizationId), eq(intelligenceSources.id, id));

export async function listSources(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SourceRow[]; total: number }> {
  const rows = await db
    .select()
    .from(intelligenceSources)
    .where(eq(intelligenceSources.organizationId, organizationId))
    .orderBy(asc(intelligenceSources.createdAt), asc(intelligenceSources.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await countSources(db, organizationId) };
}

export async function countSources(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(intelligenceSources)
    .where(eq(intelligenceSources.organizationId, organizationId));
  return row?.total ?? 0;
}

/** The organisation's sources' URLs with their ids, for marking curated feeds already added. */
export async function sourceIdsByUrl(db: Database, organizationId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: intelligenceSources.id, url: intelligenceSources.url })
    .from(intelligenceSources)
    .where(eq(intelligenceSources.organizationId, organizationId));
  return new Map(rows.map((row) => [row.url, row.id]));
}

export async function getSource(
  db: Database,
  organizationId: string,
  id: string,
): Promise<SourceRow | undefined> {
  const [row] = await db.select().from(intelligenceSources).where(ofOrganization(organizationId, id));
  return row;
}

/** For the scheduled job, which runs for every organisation. */
export async function getSourceById(db: Database, id: string): Promise<SourceRow | undefined> {
  const [row] = await db.select().from(intelligenceSources).where(eq(intelligenceSources.id, id));
  return row;
}

export async function listEnabledSourceIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: intelligenceSources.id })
    .from(intelligenceSources)
    .where(eq(intelligenceSources.enabled, true))
    .orderBy(asc(intelligenceSources.id));
  return rows.map((row) => row.id);
}

/** Undefined when the organisation already follows that URL. */
export async function insertSourceUnlessPresent(
  db: Database,
  values: NewSourceRow,
): Promise<SourceRow | undefined> {
  const [row] = await db.insert(intelligenceSources).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSource(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<NewSourceRow>,
): Promise<SourceRow | undefined> {
  const [row] = await db
    .update(intelligenceSources)
    .set({ ...values, updatedAt: new Date() })
    .where(ofOrganization(organizationId, id))
    .returning();
  return row;
}

export async function deleteSource(db: Database, organizationId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(intelligenceSources)
    .where(ofOrganization(organizationId, id))
    .returning({ id: intelligenceSources.id });
  return deleted.length > 0;
}

/** Writes a run's outcome; the source may have been deleted meanwhile (then nothing happens). */
export async function recordRun(
  db: Database,
  id: string,
  values: Pick<
    NewSourceRow,
    | 'lastFetchedAt'
    | 'lastStatus'
    | 'lastError'
    | 'etag'
    | 'lastModified'
    | 'itemsFound'
    | 'announcementsFound'
  >,
): Promise<SourceRow | undefined> {
  const [row] = await db
    .update(intelligenceSources)
    .set(values)
    .where(eq(intelligenceSources.id, id))
    .returning();
  return row;
}
