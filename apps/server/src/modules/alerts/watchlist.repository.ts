import { type Database, watchlistEntries } from '@atempo/db';
import { and, asc, eq } from 'drizzle-orm';

export type WatchlistRow = typeof watchlistEntries.$inferSelect;
export type NewWatchlistRow = typeof watchlistEntries.$inferInsert;

/** Inserts unless the company is already watched by the organisation; then undefined. */
export async function insertEntryUnlessWatched(
  db: Database,
  values: NewWatchlistRow,
): Promise<WatchlistRow | undefined> {
  const [row] = await db.insert(watchlistEntries).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listEntries(db: Database, organizationId: string): Promise<WatchlistRow[]> {
  return db
    .select()
    .from(watchlistEntries)
    .where(eq(watchlistEntries.organizationId, organizationId))
    .orderBy(asc(watchlistEntries.createdAt), asc(watchlistEntries.id));
}

/** The organisation's watched companies, by id. */
export async function watchedCompanyIds(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: watchlistEntries.companyId })
    .from(watchlistEntries)
    .where(eq(watchlistEntries.organizationId, organizationId));
  return rows.map((row) => row.companyId);
}

export async function deleteEntry(db: Database, organizationId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(watchlistEntries)
    .where(and(eq(watchlistEntries.organizationId, organizationId), eq(watchlistEntries.id, id)))
    .returning({ id: watchlistEntries.id });
  return deleted.length > 0;
}

/** Changes an entry's alert settings; undefined when the organisation has no such entry. */
export async function updateEntry(
  db: Database,
  organizationId: string,
  id: string,
  changes: Partial<Pick<NewWatchlistRow, 'alertThreshold' | 'signalTypes' | 'notificationPreferences'>>,
): Promise<WatchlistRow | undefined> {
  const [row] = await db
    .update(watchlistEntries)
    .set(changes)
    .where(and(eq(watchlistEntries.organizationId, organizationId), eq(watchlistEntries.id, id)))
    .returning();
  return row;
}

export async function findEntry(
  db: Database,
  organizationId: string,
  id: string,
): Promise<WatchlistRow | undefined> {
  const [row] = await db
    .select()
    .from(watchlistEntries)
    .where(and(eq(watchlistEntries.organizationId, organizationId), eq(watchlistEntries.id, id)));
  return row;
}
