import { ZThesisResponse } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
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
  };
}
