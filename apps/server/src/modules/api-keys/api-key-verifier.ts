import type { TRole } from '@atempo/contracts';
import { apiKeys, type Database, users } from '@atempo/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ApiKeyVerdict, ApiKeyVerifier } from '../../platform/ports.ts';
import { preparedRows } from '../../platform/prepared.ts';
import { hashToken } from '../../platform/tokens.ts';

/** last_used_at is a "when did I last use this" hint, not an audit log: one write a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** Keys whose last write this process remembers (about 100 bytes each). */
const KEYS_REMEMBERED = 10_000;

/**
 * Checks a personal API key (`atp_…`) presented as a bearer token: its hash names the key, the key
 * names its user, and the user must still belong to the key's organisation; their current role
 * applies. Nothing is cached, so a deleted key stops working on the next request. The key and its
 * user are read in one prepared statement (a read-only join over users): this runs on every request
 * made with a key.
 */
export function createApiKeyVerifier(db: Database, logger?: Logger): ApiKeyVerifier {
  const lookup = preparedRows(db, 'auth_api_key', () =>
    db
      .select({
        keyId: apiKeys.id,
        keyOrganizationId: apiKeys.organizationId,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
        userId: users.id,
        userOrganizationId: users.organizationId,
        role: users.role,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.secretHash, sql.placeholder('hash'))),
  );
  const lastWritten = new Map<string, number>();

  /**
   * Records the use in the background: the request does not wait for the write, and a failed write
   * costs only the hint. The condition keeps concurrent replicas from writing more than once a minute.
   */
  function noteUse(keyId: string, lastUsedAt: Date | null, now: number): void {
    const known = Math.max(lastWritten.get(keyId) ?? 0, lastUsedAt?.getTime() ?? 0);
    if (now - known < LAST_USED_RESOLUTION_MS) return;
    if (lastWritten.size >= KEYS_REMEMBERED) lastWritten.delete(lastWritten.keys().next().value!);
    lastWritten.set(keyId, now);
    const threshold = new Date(now - LAST_USED_RESOLUTION_MS);
    db.update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, threshold))))
      .catch((error: unknown) =>
        logger?.warn({ err: error, api_key_id: keyId }, 'Could not record API key use'),
      );
  }

  return async (secret: string, now = Date.now()): Promise<ApiKeyVerdict> => {
    const [row] = await lookup({ hash: hashToken(secret) });
    if (!row) return { kind: 'unknown' };
    const [keyId, keyOrganizationId, expiresAt, lastUsedAt, userId, userOrganizationId, role] = row as [
      string,
      string,
      Date | null,
      Date | null,
      string,
      string,
      TRole,
    ];
    if (expiresAt && expiresAt.getTime() <= now) return { kind: 'expired' };
    // A user who moved organisation keeps no access to the old one through an old key.
    if (keyOrganizationId !== userOrganizationId) return { kind: 'unknown' };
    noteUse(keyId, lastUsedAt, now);
    return { kind: 'ok', principal: { userId, organizationId: userOrganizationId, role, apiKeyId: keyId } };
  };
}
