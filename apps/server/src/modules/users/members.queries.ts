/** Reads of users for other modules (the monitoring brief's recipients). */
import { type Database, users } from '@atempo/db';
import { inArray } from 'drizzle-orm';

/** Organisation, address and first name of the users among `ids`, by id (unknown ids are absent). */
export async function membersByIds(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { organizationId: string; email: string; firstName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      email: users.email,
      firstName: users.firstName,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...member }) => [id, member]));
}
