import { type Database, users } from '@atempo/db';
import { inArray, sql } from 'drizzle-orm';

/**
 * The display name of each of these users ("First Last"; null when the name is empty, or when the
 * last name is unknown, as SQL concatenation with null gives null), for lists that show who did
 * something. Ids that name no user are absent from the map. One query for the whole page.
 */
export async function userDisplayNames(db: Database, ids: string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
