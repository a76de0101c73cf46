import { ZInvestmentThesis, ZThesisResponse } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { queueRescore } from '../scoring/index.ts';
import * as thesis from './thesis.service.ts';

const tags = ['thesis'];

export function thesisRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/configuration/thesis',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: "The organisation's investment thesis (the default until an admin saves one)",
          ...bearerAuth,
          response: { 200: ZThesisResponse, ...errorResponses(401) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await thesis.getThesis(ctx.db, principalOf(request).organizationId),
      }),
    );

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
        const saved = await thesis.saveThesis(ctx.db, caller.organizationId, caller.userId, request.body);
        await queueRescore(ctx.db, ctx.jobs, caller.organizationId);
        return { success: true as const, data: saved };
      },
    );
  };
}
