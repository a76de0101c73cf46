import { ZDealUpdatesQuery, ZDealUpdatesResponse, ZIdParams } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { getDealUpdates } from '../deal-activity/index.ts';
import { assertDealExists } from './deals.service.ts';

/** The deal's activity log, read through the deal-activity module once the deal is known to be the caller's. */
export function dealUpdatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/deals/:id/updates',
      {
        schema: {
          tags: ['deals'],
          summary:
            "The deal's activity: creation, stage, amount and score changes, documents, accepted metrics",
          description:
            'Newest first. since (ISO 8601 with offset) keeps only what happened after it; limit caps the entries (default 50, at most 200). Each entry has a sentence and its details ({from, to} for changes).',
          ...bearerAuth,
          params: ZIdParams,
          querystring: ZDealUpdatesQuery,
          response: { 200: ZDealUpdatesResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { organizationId } = principalOf(request);
        await assertDealExists(ctx.db, organizationId, request.params.id);
        return getDealUpdates(ctx.db, organizationId, request.params.id, request.query);
      },
    );
  };
}
