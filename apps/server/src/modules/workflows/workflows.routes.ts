import { ZIdParams, ZWorkflowStatus } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { getWorkflowStatus } from '../../platform/workflows/index.ts';

/** Workflow executions, which the client polls every 2 s until completed or failed (spec 01 §3, §9). */
export function workflowsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/agents/workflows/:id/status',
      {
        schema: {
          tags: ['workflows'],
          summary: 'Where a workflow execution is: pending, running, completed or failed (final)',
          description:
            'The execution id is the one an upload answered. stage and progress (0–100) say how far it got; error says why a failed execution failed.',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZWorkflowStatus, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => getWorkflowStatus(ctx.db, principalOf(request).organizationId, request.params.id),
    );
  };
}
