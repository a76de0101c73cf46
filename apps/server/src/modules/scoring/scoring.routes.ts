import { ZCompanyScoringStats, ZScoreAllResponse } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { companyScoringStats, countCompanies } from '../companies/companies.service.ts';
import { queueRescore } from './rescore.jobs.ts';

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
          ...bearerAuth,
          response: { 202: ZScoreAllResponse, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const { organizationId } = principalOf(request);
        const jobId = await queueRescore(ctx.jobs, organizationId);
        const totalCompanies = await countCompanies(ctx.db, organizationId);
        return reply
          .status(202)
          .send({ status: 'queued' as const, job_id: jobId, total_companies: totalCompanies });
      },
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
