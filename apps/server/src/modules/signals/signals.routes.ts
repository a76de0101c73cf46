import {
  ZAddCompanyFromSignalResponse,
  ZCompanyIdParams,
  ZCompanySignalsResponse,
  ZIdParams,
  ZMarketSignalDetail,
  ZSignalListQuery,
  ZSignalListResponse,
  ZSignalScanResponse,
  ZSignalStats,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { addCompanyFromSignal } from './add-company-from-signal.ts';
import { queueSignalScan } from './signal-scan.ts';
import * as signals from './signals.service.ts';

const tags = ['signals'];

/** Market signals (spec 01 §7, spec 02 §7). Alerts and the watchlist live in the alerts module. */
export function signalsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    for (const path of ['/signals/', '/signals']) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary: 'Market signals, newest first, filtered and paged',
            description: 'days counts back from when the signal was detected.',
            ...bearerAuth,
            querystring: ZSignalListQuery,
            response: { 200: ZSignalListResponse, ...errorResponses(401, 404, 422) },
          },
        },
        async (request) => signals.listSignals(ctx.db, principalOf(request).organizationId, request.query),
      );
    }

    app.get(
      '/signals/stats',
      {
        schema: {
          tags,
          summary: 'Signal counts by type and impact, high-priority count, alerts and the last scan',
          ...bearerAuth,
          response: { 200: ZSignalStats, ...errorResponses(401) },
        },
      },
      async (request) => signals.signalStats(ctx.db, principalOf(request).organizationId),
    );

    app.get(
      '/signals/:id',
      {
        schema: {
          tags,
          summary: 'One signal with the reasons of the rule that derived it',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZMarketSignalDetail, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => signals.getSignal(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.post(
      '/signals/:id/add-company',
      {
        schema: {
          tags,
          summary: 'Make the company a signal names one of your companies',
          description:
            'Links to your company of that name (case, accents, punctuation and legal suffixes such as Ltd or GmbH ignored) and answers 200 with created false; when there is none, creates it (source discovery, confidence from the extraction) and answers 201. Either way the announcements of that company and their signals are linked to it, and a scan of them is queued (scan_execution_id) so its signals are derived again as about a tracked company. 409 when the signal is already linked to a company; 422 when it names no single company (a sector cluster).',
          ...bearerAuth,
          params: ZIdParams,
          response: {
            200: ZAddCompanyFromSignalResponse,
            201: ZAddCompanyFromSignalResponse,
            ...errorResponses(401, 404, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const added = await addCompanyFromSignal(ctx, principalOf(request), request.params.id);
        return reply.status(added.created ? 201 : 200).send(added);
      },
    );

    app.post(
      '/intelligence/scan',
      {
        schema: {
          tags,
          summary: 'Re-evaluate signals and alerts now, as a job',
          description: 'No body. Poll GET /agents/workflows/{execution_id}/status.',
          ...bearerAuth,
          response: { 202: ZSignalScanResponse, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const caller = principalOf(request);
        const executionId = await queueSignalScan(ctx, caller.organizationId, { userId: caller.userId });
        return reply.status(202).send({ execution_id: executionId, status: 'pending' as const });
      },
    );

    app.get(
      '/intelligence/signals/:companyId',
      {
        schema: {
          tags,
          summary: "A company's signals, newest first",
          ...bearerAuth,
          params: ZCompanyIdParams,
          response: { 200: ZCompanySignalsResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) =>
        signals.companySignals(ctx.db, principalOf(request).organizationId, request.params.companyId),
    );
  };
}
