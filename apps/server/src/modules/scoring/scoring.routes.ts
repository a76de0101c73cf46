import { ZCompanyScoringStats, ZIdParams, ZScoreAllResponse, ZScoringRun } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { companyScoringStats } from '../companies/index.ts';
import { queueRescore } from './rescore.jobs.ts';
import { getScoringRun } from './scoring-runs.service.ts';

const tags = ['scoring'];

export function scoringRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.post(
      '/company-scoring/score-all',
      {
        schema: {
          tags,
          summary: 'Re-score every company and deal of the organisation in the background',
          description: 'Follow it with GET /company-scoring/runs/{job_id}.',
          ...bearerAuth,
          response: { 202: ZScoreAllResponse, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const { organizationId } = principalOf(request);
        const { runId, totalCompanies } = await queueRescore(ctx.db, ctx.jobs, organizationId);
        return reply
          .status(202)
          .send({ status: 'queued' as const, job_id: runId, total_companies: totalCompanies });
      },
    );

    app.get(
      '/company-scoring/runs/:id',
      {
        schema: {
          tags,
          summary: 'How far a re-score has come: rows scored of the total, and its state',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZScoringRun, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => getScoringRun(ctx.db, principalOf(request).organizationId, request.params.id),
    );

    app.get(
      '/company-scoring/stats',
      {
        schema: {
          tags,
          summary: 'Company counts by scoring state and monitoring priority',
          ...bearerAuth,
          response: { 200: ZCompanyScoringStats, ...errorResponses(401) },
        },
      },
      async (request) => companyScoringStats(ctx.db, principalOf(request).organizationId),
    );
  };
}
