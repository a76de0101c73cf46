import { type Database, users } from '@atempo/db';
import { inArray } from 'drizzle-orm';

/** Read functions other modules use through the door: small projections, batched by ids. */

export interface UserName {
  firstName: string;
  lastName: string;
}

/** "First Last" as lists show who did something; null when both names are blank. */
export const displayName = (name: UserName): string | null =>
  `${name.firstName} ${name.lastName}`.trim() || null;

/** The first and last names of these users (each caller formats them as its response does). */
export async function userNamesByIds(db: Database, ids: readonly string[]): Promise<Map<string, UserName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}
