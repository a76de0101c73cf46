import { type TWorkflowStatus, ZIdParams, ZWorkflowStatus } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { isoOrNull } from '../../platform/sql-rows.ts';
import {
  findExecution,
  listSteps,
  type WorkflowExecutionRow,
  type WorkflowStepRow,
} from './workflows.repository.ts';

export function toWorkflowStatus(row: WorkflowExecutionRow, steps: WorkflowStepRow[] = []): TWorkflowStatus {
  return {
    execution_id: row.id,
    workflow_type: row.workflowType,
    status: row.status as TWorkflowStatus['status'],
    stage: row.stage,
    progress: row.progress,
    subject_id: row.subjectId,
    error: row.error,
    steps: steps.map((step) => ({
      name: step.name,
      status: step.status as TWorkflowStatus['steps'][number]['status'],
      error: step.error,
      started_at: isoOrNull(step.startedAt),
      finished_at: isoOrNull(step.finishedAt),
    })),
    result: row.result ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

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
      async (request) => {
        const execution = await findExecution(ctx.db, principalOf(request).organizationId, request.params.id);
        if (!execution) throw notFound('Workflow execution not found');
        return toWorkflowStatus(execution, await listSteps(ctx.db, execution.id));
      },
    );
  };
}
