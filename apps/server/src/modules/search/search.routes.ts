import { ZSearchQuery, ZSearchResponse } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { searchEverything } from './search.repository.ts';

/** GET /search: the top bar and smart search (spec 01 §2, spec 02 Market Intelligence). */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);
    app.get(
      '/search',
      {
        schema: {
          tags: ['search'],
          summary: 'Companies, deals, documents and funding announcements by name, best matches first',
          ...bearerAuth,
          querystring: ZSearchQuery,
          response: { 200: ZSearchResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => {
        const { q, limit } = request.query;
        return {
          query: q,
          results: await searchEverything(ctx.db, principalOf(request).organizationId, q, limit),
        };
      },
    );
  };
}
