import { ZDailyBrief, ZStartMonitoringRequest, ZStartMonitoringResponse } from '@atempo/contracts';
import { users } from '@atempo/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { DAILY_BRIEF_CRON } from './daily-brief.job.ts';
import { readBriefRows } from './daily-brief.repository.ts';
import { BRIEF_WINDOW_HOURS, buildDailyBrief } from './daily-brief.ts';
import { upsertSubscription } from './subscriptions.repository.ts';

const tags = ['monitoring'];

/** The daily brief (spec 01 §7 monitoring; decision 030). */
export function monitoringRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/monitoring/daily-brief',
      {
        schema: {
          tags,
          summary: "What changed in the last 24 hours across the organisation's deals and companies",
          description:
            'New documents and their risk flags, stage and score changes, new red flags, market signals and funding rounds of tracked companies; grouped by kind, most important first, each item linked.',
          ...bearerAuth,
          response: { 200: ZDailyBrief, ...errorResponses(401) },
        },
      },
      async (request) => {
        const end = new Date();
        const start = new Date(end.getTime() - BRIEF_WINDOW_HOURS * 60 * 60 * 1000);
        const rows = await readBriefRows(ctx.db, principalOf(request).organizationId, { start, end });
        return buildDailyBrief(rows, { start, end });
      },
    );

    app.post(
      '/monitoring/start',
      {
        schema: {
          tags,
          summary: 'Email me the daily brief every morning',
          description:
            'Covers the companies (names or ids) and sectors given; empty lists cover the whole portfolio. Starting again replaces the lists.',
          ...bearerAuth,
          body: ZStartMonitoringRequest,
          response: { 200: ZStartMonitoringResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => {
        const { organizationId, userId } = principalOf(request);
        const subscription = await upsertSubscription(ctx.db, {
          organizationId,
          userId,
          portfolioCompanies: request.body.portfolio_companies,
          sectors: request.body.sectors,
        });
        const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
        return {
          status: 'scheduled' as const,
          subscription_id: subscription.id,
          portfolio_companies: subscription.portfolioCompanies as string[],
          sectors: subscription.sectors as string[],
          schedule: DAILY_BRIEF_CRON,
          email: user?.email ?? '',
        };
      },
    );
  };
}
