import type { TRole } from '@atempo/contracts';
import { type Database, users } from '@atempo/db';
import { eq, sql } from 'drizzle-orm';
import type { CallerLookup } from '../../platform/ports.ts';
import { preparedRows } from '../../platform/prepared.ts';

/**
 * The guards' view of a signed-in user: their current organisation and role. Runs on every
 * authenticated request: built once, rows read by hand (platform/prepared.ts).
 */
export function createCallerLookup(db: Database): CallerLookup {
  const callerLookup = preparedRows(db, 'auth_caller', () =>
    db
      .select({ organizationId: users.organizationId, role: users.role })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId'))),
  );
  return async (userId) => {
    const [row] = await callerLookup({ userId });
    return row && { organizationId: row[0] as string, role: row[1] as TRole };
  };
}
