import {
  OAUTH_PROVIDERS,
  type TOAuthProvider,
  type TOAuthStatusResponse,
  type TProviderConnectionStatus,
} from '@atempo/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as connections from './connections.repository.ts';
import { notConnected, reconnectRequired } from './provider-errors.ts';
import { providerName, providerReadiness } from './providers.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

export const sessionNotFound = () => notFound('Microsoft 365 session not found', 'SESSION_NOT_FOUND');

/**
 * The caller's Microsoft connection: the one session_id names, which must be the caller's own
 * (anyone else's id, in this organisation or another, is not found), else the caller's only one.
 */
export async function resolveMicrosoftConnection(
  ctx: Ctx,
  principal: Principal,
  sessionId: string | undefined,
): Promise<connections.ConnectionRow> {
  const row = await callerMicrosoftConnection(ctx, principal, sessionId);
  if (!row) throw notConnected('Microsoft 365');
  if (row.status === 'needs_reconnect') throw reconnectRequired('Microsoft 365');
  return row;
}

/** The session named, which must be the caller's own Microsoft connection (404 otherwise), else the caller's. */
async function callerMicrosoftConnection(
  ctx: Ctx,
  principal: Principal,
  sessionId: string | undefined,
): Promise<connections.ConnectionRow | undefined> {
  if (!sessionId) {
    return connections.findUserConnection(ctx.db, principal.organizationId, principal.userId, 'microsoft');
  }
  const row = await connections.findConnection(ctx.db, principal.organizationId, sessionId);
  if (!row || row.userId !== principal.userId || row.provider !== 'microsoft') throw sessionNotFound();
  return row;
}

function statusOf(
  ctx: Ctx,
  provider: TOAuthProvider,
  row: connections.ConnectionRow | undefined,
  now: number,
): TProviderConnectionStatus {
  const { configured } = providerReadiness(ctx.config, provider);
  if (!row) {
    return {
      connected: false,
      email: null,
      status: null,
      reason: null,
      expires_at: null,
      expired: false,
      configured,
      session_id: null,
    };
  }
  const expiresAt = row.accessTokenExpiresAt;
  return {
    connected: row.status === 'active',
    email: row.email,
    status: row.status as TProviderConnectionStatus['status'],
    reason: row.statusReason,
    expires_at: expiresAt?.toISOString() ?? null,
    // An access token past its time is renewed on the next call; only a refused renewal is "expired".
    expired:
      row.status === 'needs_reconnect' || (!row.refreshTokenCipher && (expiresAt?.getTime() ?? 0) <= now),
    configured,
    session_id: row.id,
  };
}

export async function connectionStatus(ctx: Ctx, principal: Principal): Promise<TOAuthStatusResponse> {
  const rows = await connections.userConnections(
    ctx.db,
    principal.organizationId,
    principal.userId,
    OAUTH_PROVIDERS,
  );
  const byProvider = new Map(rows.map((row) => [row.provider, row]));
  const now = Date.now();
  return {
    microsoft: statusOf(ctx, 'microsoft', byProvider.get('microsoft'), now),
    google: statusOf(ctx, 'google', byProvider.get('google'), now),
    box: statusOf(ctx, 'box', byProvider.get('box'), now),
  };
}

/**
 * Forgets the caller's connection and its tokens. Microsoft publishes no revocation endpoint for
 * a web app's refresh token, so deleting it here is the revocation; providers that offer one
 * (Google, Box) are told in their own issues' code before the row goes.
 */
export async function disconnect(ctx: Ctx, principal: Principal, provider: TOAuthProvider): Promise<string> {
  const row = await connections.findUserConnection(
    ctx.db,
    principal.organizationId,
    principal.userId,
    provider,
  );
  if (row) await connections.deleteConnection(ctx.db, principal.organizationId, row.id);
  return `${providerName(provider)} disconnected`;
}

/** Sign Out on the Microsoft card: the session named (the caller's own), else the caller's. */
export async function logoutMicrosoft(
  ctx: Ctx,
  principal: Principal,
  sessionId: string | undefined,
): Promise<string> {
  const row = await callerMicrosoftConnection(ctx, principal, sessionId);
  if (row) await connections.deleteConnection(ctx.db, principal.organizationId, row.id);
  return 'Signed out of Microsoft 365';
}

/** The caller's connections by provider, for the catalogue and the status summary. */
export async function connectionsByProvider(
  ctx: Ctx,
  principal: Principal,
): Promise<Map<string, connections.ConnectionRow>> {
  const rows = await connections.userConnections(ctx.db, principal.organizationId, principal.userId, [
    ...OAUTH_PROVIDERS,
  ]);
  const orgWide = await connections.findOrganizationConnection(ctx.db, principal.organizationId, 'affinity');
  const map = new Map(rows.map((row) => [row.provider, row]));
  if (orgWide) map.set('affinity', orgWide);
  return map;
}
