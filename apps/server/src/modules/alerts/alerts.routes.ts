import {
  ZAlertListQuery,
  ZAlertListResponse,
  ZRecentAlertsQuery,
  ZRecentAlertsResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as alerts from './alerts.service.ts';

// Alerts are read beside the signals they come from, under the same OpenAPI tag.
const tags = ['signals'];

/** Alerts: signals over the threshold of the watchlist entry for their company (spec 01 §7). */
export function alertsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/intelligence/alerts',
      {
        schema: {
          tags,
          summary: 'Alerts: signals over the threshold of the watchlist entry for their company',
          ...bearerAuth,
          querystring: ZAlertListQuery,
          response: { 200: ZAlertListResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => alerts.listAlerts(ctx.db, principalOf(request).organizationId, request.query),
    );

    app.get(
      '/intelligence/dashboard/recent-alerts',
      {
        schema: {
          tags,
          summary: 'The newest alerts for the dashboard (limit default 3)',
          ...bearerAuth,
          querystring: ZRecentAlertsQuery,
          response: { 200: ZRecentAlertsResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) =>
        alerts.recentAlerts(ctx.db, principalOf(request).organizationId, request.query.limit),
    );
  };
}
