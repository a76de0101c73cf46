import { ZDashboardCharts, ZDashboardStats } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { dashboardCharts } from './dashboard-charts.service.ts';
import { dashboardStats } from './dashboard-stats.service.ts';

const tags = ['dashboard'];

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/intelligence/dashboard/stats',
      {
        schema: {
          tags,
          summary: 'The four dashboard figures against a month ago',
          description:
            "Active deals (not closed or rejected), companies tracked, high-impact signals of the last 30 days, and deal conversion (closed ÷ closed + rejected over decisions of the last 12 months, in percent). change is in percent of the month-ago count (null when that was 0), in points for conversion. The month-ago figures come from the daily snapshot nearest 30 days back, else are reconstructed from timestamps; comparison.basis says which. Records today's snapshot when missing.",
          ...bearerAuth,
          response: { 200: ZDashboardStats, ...errorResponses(401) },
        },
      },
      async (request) => dashboardStats(ctx.db, principalOf(request).organizationId),
    );

    app.get(
      '/intelligence/dashboard/charts',
      {
        schema: {
          tags,
          summary:
            'Pipeline value by stage, deals per month, score distribution, thesis-sector funding rounds',
          ...bearerAuth,
          response: { 200: ZDashboardCharts, ...errorResponses(401) },
        },
      },
      async (request) => dashboardCharts(ctx.db, principalOf(request).organizationId),
    );
  };
}
