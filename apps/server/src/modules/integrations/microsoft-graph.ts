import { createGraphClient, type GraphClient } from '@atempo/integrations';
import type { AppContext } from '../../platform/context.ts';
import { accessTokenOf } from './connection-tokens.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

/**
 * Microsoft Graph as the connection's user: at most four requests in flight (Graph's per-mailbox
 * concurrency), 429 and 503 waited out by Retry-After, and a 401 answered by one refresh.
 */
export function graphFor(ctx: Ctx, connectionId: string): GraphClient {
  return createGraphClient({
    baseUrl: ctx.config.integrations.graphBaseUrl,
    accessToken: () => accessTokenOf(ctx, connectionId),
    refreshAccessToken: () => accessTokenOf(ctx, connectionId, true),
  });
}
