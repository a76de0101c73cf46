import { OAuthError } from '@atempo/integrations';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as connections from './connections.repository.ts';
import { microsoftIdentity } from './microsoft-identity.ts';
import { providerUnavailable, reconnectRequired } from './provider-errors.ts';
import { secretsCipher } from './secrets.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

/** Refresh this long before the stored expiry, so no call carries a token about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

const refreshing = new Map<string, Promise<string>>();

/**
 * A valid access token of the connection: the stored one while it has more than five minutes
 * left, else a refreshed one. One refresh at a time per connection: in this process by a shared
 * promise, across processes by the row lock. A refusal of the refresh token (revoked, expired)
 * marks the connection needs_reconnect, which the Data Integrations page shows.
 */
export async function accessTokenOf(ctx: Ctx, connectionId: string, force = false): Promise<string> {
  if (!force) {
    const row = await connections.findConnectionById(ctx.db, connectionId);
    if (!row) throw reconnectRequired('Microsoft 365');
    const fresh = usableAccessToken(ctx, row, Date.now());
    if (fresh) return fresh;
  }
  const running = refreshing.get(connectionId);
  if (running) return running;
  const refresh = refreshTokens(ctx, connectionId, force).finally(() => refreshing.delete(connectionId));
  refreshing.set(connectionId, refresh);
  return refresh;
}

function usableAccessToken(ctx: Ctx, row: connections.ConnectionRow, now: number): string | null {
  if (row.status !== 'active' || !row.accessTokenCipher || !row.accessTokenExpiresAt) return null;
  if (row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= now) return null;
  return secretsCipher(ctx.config).open(row.accessTokenCipher, row.id);
}

async function refreshTokens(ctx: Ctx, connectionId: string, force: boolean): Promise<string> {
  const cipher = secretsCipher(ctx.config);
  let refusedBecause: string | null = null;
  const refreshed = ctx.db.transaction(async (tx) => {
    const row = await connections.lockConnection(tx, connectionId);
    if (!row) throw reconnectRequired('Microsoft 365');
    // Another process may have refreshed while this one waited for the lock.
    const fresh = force ? null : usableAccessToken(ctx, row, Date.now());
    if (fresh) return fresh;
    if (row.status === 'needs_reconnect' || !row.refreshTokenCipher) throw reconnectRequired('Microsoft 365');
    const identity = await microsoftIdentity(ctx.config).catch(() => {
      throw providerUnavailable('Microsoft 365');
    });
    try {
      const tokens = await identity.refresh(cipher.open(row.refreshTokenCipher, row.id));
      await connections.storeRefreshedTokens(tx, row.id, {
        accessTokenCipher: cipher.seal(tokens.accessToken, row.id),
        refreshTokenCipher: tokens.refreshToken ? cipher.seal(tokens.refreshToken, row.id) : null,
        accessTokenExpiresAt: tokens.expiresAt,
      });
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof OAuthError && error.kind === 'invalid_grant') {
        refusedBecause =
          'Microsoft 365 refused the stored sign-in (revoked or expired): reconnect to continue.';
        throw reconnectRequired('Microsoft 365');
      }
      if (error instanceof AppError) throw error;
      ctx.logger.warn({ connectionId, kind: (error as OAuthError).kind }, 'Token refresh failed');
      throw providerUnavailable('Microsoft 365');
    }
  });
  try {
    return await refreshed;
  } catch (error) {
    // The transaction rolled back; the reason is written after it, so it stays.
    if (refusedBecause) await markNeedsReconnect(ctx, connectionId, refusedBecause);
    throw error;
  }
}

/** The page then shows the connection's card with its reason and a Reconnect button. */
export async function markNeedsReconnect(ctx: Ctx, connectionId: string, reason: string): Promise<void> {
  await connections.setConnectionStatus(ctx.db, connectionId, 'needs_reconnect', reason);
}
