import { apiKeys, type Database } from '@atempo/db';
import { and, count, desc, eq } from 'drizzle-orm';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function listApiKeysOfUser(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

export async function countApiKeysOfUser(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: Database,
  values: Pick<ApiKeyRow, 'organizationId' | 'userId' | 'name' | 'prefix' | 'secretHash' | 'expiresAt'>,
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** Deletes the user's own key; false when the id is not one of theirs. */
export async function deleteApiKeyOfUser(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return deleted.length > 0;
}
