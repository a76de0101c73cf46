import { type Database, driveItems } from '@atempo/db';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

export type DriveItemRow = typeof driveItems.$inferSelect;
export type DriveItemValues = Omit<typeof driveItems.$inferInsert, 'syncedAt'>;

/** What is known of these items of a drive (ingestion compares Graph's state with it). */
export async function knownItems(
  db: Database,
  organizationId: string,
  driveId: string,
  itemIds: readonly string[],
): Promise<Map<string, DriveItemRow>> {
  if (itemIds.length === 0) return new Map();
  const rows: DriveItemRow[] = [];
  // Bounded IN lists: a deal tree may hold thousands of items.
  for (let start = 0; start < itemIds.length; start += 1000) {
    rows.push(
      ...(await db
        .select()
        .from(driveItems)
        .where(
          and(
            eq(driveItems.organizationId, organizationId),
            eq(driveItems.driveId, driveId),
            inArray(driveItems.itemId, itemIds.slice(start, start + 1000)),
          ),
        )),
    );
  }
  return new Map(rows.map((row) => [row.itemId, row]));
}

/**
 * The items still present of a drive's deal folders, or of one of them (a full run diffs Graph's
 * listing of each folder against its own rows, through the deal-folder index).
 */
export async function presentItemsOfDrive(
  db: Database,
  organizationId: string,
  driveId: string,
  dealFolderId?: string,
): Promise<DriveItemRow[]> {
  return db
    .select()
    .from(driveItems)
    .where(
      and(
        eq(driveItems.organizationId, organizationId),
        eq(driveItems.driveId, driveId),
        ...(dealFolderId ? [eq(driveItems.dealFolderId, dealFolderId)] : []),
        isNull(driveItems.removedAt),
      ),
    );
}

export async function upsertDriveItem(db: Database, values: DriveItemValues): Promise<void> {
  const { organizationId, driveId, itemId, ...rest } = values;
  await db
    .insert(driveItems)
    .values(values)
    .onConflictDoUpdate({
      target: [driveItems.organizationId, driveItems.driveId, driveItems.itemId],
      set: { ...rest, removedAt: null, syncedAt: new Date() },
    });
}

/** Deleted at the source: the row (and its document) stays, marked removed. */
export async function markItemsRemoved(
  db: Database,
  organizationId: string,
  driveId: string,
  itemIds: readonly string[],
  at: Date,
): Promise<number> {
  if (itemIds.length === 0) return 0;
  const rows = await db
    .update(driveItems)
    .set({ removedAt: at, syncedAt: at })
    .where(
      and(
        eq(driveItems.organizationId, organizationId),
        eq(driveItems.driveId, driveId),
        inArray(driveItems.itemId, [...itemIds]),
        isNull(driveItems.removedAt),
      ),
    )
    .returning({ itemId: driveItems.itemId });
  return rows.length;
}

/** The deal made from each deal folder (discover-deals shows it). */
export async function dealsOfDealFolders(
  db: Database,
  organizationId: string,
  folderIds: readonly string[],
): Promise<Map<string, string>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: driveItems.itemId, dealId: driveItems.dealId })
    .from(driveItems)
    .where(
      and(
        eq(driveItems.organizationId, organizationId),
        inArray(driveItems.itemId, [...folderIds]),
        isNotNull(driveItems.dealId),
      ),
    );
  return new Map(rows.map((row) => [row.itemId, row.dealId!]));
}

/** How many SharePoint files became documents (and are still present at the source). */
export async function countIngestedDocuments(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(driveItems)
    .where(
      and(
        eq(driveItems.organizationId, organizationId),
        isNotNull(driveItems.documentId),
        isNull(driveItems.removedAt),
      ),
    );
  return row?.n ?? 0;
}

/** The most recently ingested documents, newest first (the Basic Sync works on them). */
export async function recentIngestedDocuments(
  db: Database,
  organizationId: string,
  limit: number,
): Promise<{ documentId: string; name: string }[]> {
  const rows = await db
    .select({ documentId: driveItems.documentId, name: driveItems.name })
    .from(driveItems)
    .where(
      and(
        eq(driveItems.organizationId, organizationId),
        isNotNull(driveItems.documentId),
        isNull(driveItems.removedAt),
      ),
    )
    .orderBy(desc(driveItems.syncedAt), sql`${driveItems.itemId}`)
    .limit(limit);
  return rows.map((row) => ({ documentId: row.documentId!, name: row.name }));
}
