import { ZHealthResponse } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { reachable } from '../../platform/reachable.ts';
import { VERSION } from '../../platform/version.ts';

/** The availability check clients and load balancers call (spec 01 §1): JSON, 200 or 503. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ['/health', '/api/v1/health']) {
      app.get(
        url,
        {
          logLevel: 'warn',
          schema: {
            tags: ['health'],
            summary: 'Liveness and database reachability',
            response: { 200: ZHealthResponse, 503: ZHealthResponse },
          },
        },
        async (_request, reply) => {
          const ok = await reachable(() => ctx.database.ping());
          return reply
            .status(ok ? 200 : 503)
            .header('Cache-Control', 'no-store')
            .send({ status: ok ? 'ok' : 'degraded', database: ok ? 'ok' : 'unreachable', version: VERSION });
        },
      );
    }
  };
}
