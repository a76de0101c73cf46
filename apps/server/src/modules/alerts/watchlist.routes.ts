import {
  ZAddWatchlistRequest,
  ZIdParams,
  ZOkResponse,
  ZUpdateWatchlistRequest,
  ZWatchlistEntry,
  ZWatchlistResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as watchlist from './watchlist.service.ts';

const tags = ['watchlist'];

export function watchlistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/signals/watchlist',
      {
        schema: {
          tags,
          summary: "The organisation's watched companies, oldest first",
          ...bearerAuth,
          response: { 200: ZWatchlistResponse, ...errorResponses(401) },
        },
      },
      async (request) => watchlist.listWatchlist(ctx.db, principalOf(request).organizationId),
    );

    app.post(
      '/signals/watchlist/add',
      {
        schema: {
          tags,
          summary: 'Watch a company',
          description:
            'alert_threshold defaults to 0.7, signal_types to every type, notification_preferences to email and in-app. 409 when the company is already watched.',
          ...bearerAuth,
          body: ZAddWatchlistRequest,
          response: { 201: ZWatchlistEntry, ...errorResponses(400, 401, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const caller = principalOf(request);
        return reply.status(201).send(await watchlist.addToWatchlist(ctx.db, caller, request.body));
      },
    );

    app.patch(
      '/signals/watchlist/:id',
      {
        schema: {
          tags,
          summary: 'Change the alert threshold, signal types or channels of a watchlist entry',
          ...bearerAuth,
          params: ZIdParams,
          body: ZUpdateWatchlistRequest,
          response: { 200: ZWatchlistEntry, ...errorResponses(400, 401, 404, 422) },
        },
      },
      async (request) =>
        watchlist.updateWatchlistEntry(
          ctx.db,
          principalOf(request).organizationId,
          request.params.id,
          request.body,
        ),
    );

    app.delete(
      '/signals/watchlist/:id',
      {
        schema: {
          tags,
          summary: 'Stop watching (by watchlist entry id)',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        await watchlist.removeFromWatchlist(ctx.db, principalOf(request).organizationId, request.params.id);
        return { success: true as const };
      },
    );
  };
}
