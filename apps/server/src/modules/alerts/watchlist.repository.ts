import { companies, type Database, watchlistEntries } from '@atempo/db';
import { and, asc, eq } from 'drizzle-orm';

export type WatchlistRow = typeof watchlistEntries.$inferSelect;
export type NewWatchlistRow = typeof watchlistEntries.$inferInsert;
export type WatchlistEntryWithCompany = WatchlistRow & { companyName: string };

/** Inserts unless the company is already watched by the organisation; then undefined. */
export async function insertEntryUnlessWatched(
  db: Database,
  values: NewWatchlistRow,
): Promise<WatchlistRow | undefined> {
  const [row] = await db.insert(watchlistEntries).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listEntries(
  db: Database,
  organizationId: string,
): Promise<WatchlistEntryWithCompany[]> {
  const rows = await db
    .select({ entry: watchlistEntries, companyName: companies.name })
    .from(watchlistEntries)
    .innerJoin(companies, eq(companies.id, watchlistEntries.companyId))
    .where(eq(watchlistEntries.organizationId, organizationId))
    .orderBy(asc(watchlistEntries.createdAt), asc(watchlistEntries.id));
  return rows.map((row) => ({ ...row.entry, companyName: row.companyName }));
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
): Promise<WatchlistEntryWithCompany | undefined> {
  const [row] = await db
    .update(watchlistEntries)
    .set(changes)
    .where(and(eq(watchlistEntries.organizationId, organizationId), eq(watchlistEntries.id, id)))
    .returning();
  if (!row) return undefined;
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  return { ...row, companyName: company?.name ?? '' };
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
