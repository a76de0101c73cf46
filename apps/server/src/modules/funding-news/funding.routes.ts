import {
  ZFundingAnnouncement,
  ZFundingAnnouncementsQuery,
  ZFundingAnnouncementsResponse,
  ZFundingStats,
  ZFundingStatsQuery,
  ZIdParams,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import {
  fundingStats,
  getFundingAnnouncement,
  listFundingAnnouncements,
} from './funding-announcements.service.ts';

const tags = ['intelligence'];

/**
 * Funding announcements: the Live Funding Signals list and its stats, and one round (where search
 * results lead). Posting articles, CSV imports and adding a round's company queue or derive signals,
 * so those routes live in the signals module (signals/funding-round.routes.ts).
 */
export function fundingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/intelligence/funding-announcements',
      {
        schema: {
          tags,
          summary:
            'Live Funding Signals: announcements of the last `days` days, or `from`–`to`, newest first, paged',
          description:
            'days counts back from now over the announcement date (default 30, at most 36,500); from and to (YYYY-MM-DD, both days included, from ≤ to) browse any period instead and take precedence over days; limit 50 per page by default.',
          ...bearerAuth,
          querystring: ZFundingAnnouncementsQuery,
          response: { 200: ZFundingAnnouncementsResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => listFundingAnnouncements(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/intelligence/funding-announcements/stats',
      {
        schema: {
          tags,
          summary: 'The /intelligence stats cards over the same period as the list',
          ...bearerAuth,
          querystring: ZFundingStatsQuery,
          response: { 200: ZFundingStats, ...errorResponses(401, 422) },
        },
      },
      async (request) => fundingStats(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/intelligence/funding-announcements/:id',
      {
        schema: {
          tags,
          summary: 'One funding round, as its Live Funding Signals card shows it',
          description:
            'Search results for a round lead to /intelligence?announcement={id}, which reads this.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZFundingAnnouncement, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        getFundingAnnouncement(ctx.db, principalOf(request).organizationId, request.params.id),
    );
  };
}
