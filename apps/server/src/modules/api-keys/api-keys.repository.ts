import { apiKeys, type Database, users } from '@atempo/db';
import { and, count, desc, eq } from 'drizzle-orm';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function listApiKeysOfUser(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

export async function countApiKeysOfUser(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  return row?.n ?? 0;
}

/** Holds the user's row until the transaction ends, so two creations cannot both pass the limit. */
export async function lockUser(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
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
