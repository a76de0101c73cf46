import {
  ZDailyBrief,
  ZMonitoringSubscription,
  ZStartMonitoringRequest,
  ZStartMonitoringResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { dailyBrief, monitoringSubscription, startMonitoring, stopMonitoring } from './monitoring.service.ts';

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
      async (request) => dailyBrief(ctx.db, principalOf(request).organizationId),
    );

    app.get(
      '/monitoring/subscription',
      {
        schema: {
          tags,
          summary: 'Whether the daily brief is emailed to me, and what it covers',
          ...bearerAuth,
          response: { 200: ZMonitoringSubscription, ...errorResponses(401) },
        },
      },
      async (request) => monitoringSubscription(ctx.db, principalOf(request)),
    );

    app.post(
      '/monitoring/start',
      {
        schema: {
          tags,
          summary: 'Email me the daily brief every morning',
          description:
            'Covers the companies (names or ids) and sectors given; empty lists cover the whole portfolio. Starting again replaces the lists. A morning with nothing new sends no email.',
          ...bearerAuth,
          body: ZStartMonitoringRequest,
          response: { 200: ZStartMonitoringResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => startMonitoring(ctx.db, principalOf(request), request.body),
    );

    app.post(
      '/monitoring/stop',
      {
        schema: {
          tags,
          summary: 'Stop emailing me the daily brief',
          description:
            'Stopping when the brief is not emailed changes nothing; the brief stays readable here.',
          ...bearerAuth,
          response: { 200: ZMonitoringSubscription, ...errorResponses(401) },
        },
      },
      async (request) => stopMonitoring(ctx.db, principalOf(request)),
    );
  };
}
