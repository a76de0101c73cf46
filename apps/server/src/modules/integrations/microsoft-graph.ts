import { createGraphClient, type GraphClient } from '@atempo/integrations';
import type { AppContext } from '../../platform/context.ts';
import { accessTokenOf } from './connection-tokens.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

/**
 * How long a client reuses the token it read: accessTokenOf hands out tokens with at least five
 * minutes left, so a minute's reuse spares a row read and a decryption per Graph request (about
 * 2,400 on a 2,000-file ingestion) without ever sending an expired one.
 */
const REUSE_TOKEN_MS = 60_000;

/**
 * Microsoft Graph as the connection's user: at most four requests in flight (Graph's per-mailbox
 * concurrency), 429 and 503 waited out by Retry-After, and a 401 answered by one refresh.
 */
export function graphFor(ctx: Ctx, connectionId: string): GraphClient {
  let cached: { token: string; until: number } | null = null;
  const remember = (token: string) => {
    cached = { token, until: Date.now() + REUSE_TOKEN_MS };
    return token;
  };
  return createGraphClient({
    baseUrl: ctx.config.integrations.graphBaseUrl,
    accessToken: async () =>
      cached && cached.until > Date.now() ? cached.token : remember(await accessTokenOf(ctx, connectionId)),
    refreshAccessToken: async () => remember(await accessTokenOf(ctx, connectionId, true)),
  });
}
