import { type Database, oauthStates } from '@atempo/db';
import { and, eq, gt, lt } from 'drizzle-orm';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function insertOAuthState(db: Database, values: typeof oauthStates.$inferInsert): Promise<void> {
  await db.insert(oauthStates).values(values);
}

/**
 * Deletes and answers the state when it is still valid: a state is used once, and a second
 * callback with it (a replay, a double click) finds nothing.
 */
export async function consumeOAuthState(
  db: Database,
  stateHash: string,
  now: Date,
): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)))
    .returning();
  return row;
}

/** Forgets abandoned flows (the connect page closed before the provider answered). */
export async function deleteExpiredOAuthStates(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, now))
    .returning({ stateHash: oauthStates.stateHash });
  return rows.length;
}
