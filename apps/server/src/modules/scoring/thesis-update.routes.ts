import { ZInvestmentThesis, ZThesisResponse } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { saveThesis } from '../thesis/index.ts';
import { queueRescore } from './rescore.jobs.ts';

const tags = ['thesis'];

/**
 * Saving the thesis queues a re-score of everything scored against it. The route lives with the
 * scoring, which builds on the thesis, so the thesis module depends on nothing.
 */
export function thesisUpdateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/configuration/thesis',
      {
        onRequest: ctx.guards.requireAdmin,
        schema: {
          tags,
          summary: 'Replace the investment thesis (admin)',
          description:
            'The whole configuration. Every deal and company of the organisation is then re-scored in the background; until that finishes, scores reflect the previous thesis.',
          ...bearerAuth,
          body: ZInvestmentThesis,
          response: { 200: ZThesisResponse, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) => {
        const caller = principalOf(request);
        const saved = await saveThesis(ctx.db, caller.organizationId, caller.userId, request.body);
        await queueRescore(ctx.db, ctx.jobs, caller.organizationId);
        return { success: true as const, data: saved };
      },
    );
  };
}
