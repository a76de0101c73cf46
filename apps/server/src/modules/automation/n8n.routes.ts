import {
  type TN8nWorkflowStarted,
  type TWorkflowPriority,
  ZIdParams,
  ZN8nHealth,
  ZN8nIcMemoDraftRequest,
  ZN8nMetricsExtractionRequest,
  ZN8nScenarioForecastRequest,
  ZN8nUploadDeckRequest,
  ZN8nWorkflowLogs,
  ZN8nWorkflowLogsQuery,
  ZN8nWorkflowStarted,
  ZN8nWorkflowStatus,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { reachable } from '../../platform/reachable.ts';
import { startWorkflow, type WorkflowDefinition } from '../../platform/workflows/index.ts';
import { getWorkflowLogs, getWorkflowStatus } from '../../platform/workflows/workflow-status.ts';
import { IC_PREPARATION_WORKFLOW } from '../ic-memos/ic-preparation.workflow.ts';
import { startIcPreparation } from '../ic-memos/start-ic-preparation.ts';
import { findMember } from '../users/users.service.ts';
import { findDealSubject } from './deal-subject.repository.ts';
import {
  metricsExtractionWorkflow,
  N8N_WORKFLOW_TYPES,
  scenarioForecastWorkflow,
  uploadDeckWorkflow,
} from './n8n-workflows.ts';

const tags = ['n8n'];
const dealNotFound = () => notFound('Deal not found');

/**
 * n8n-compatible endpoints (spec 01 §7) on our own workflow runner (decision 030). An automation
 * tool calls them with a personal API key (`Authorization: Bearer atp_…`) or a sign-in token; each
 * POST answers the execution to poll at /n8n/workflow-status/{id} and /n8n/workflow-logs/{id}.
 */
export function n8nRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/n8n/health',
      {
        schema: {
          tags,
          summary: 'Whether the automation endpoints can take work',
          description:
            'Checks the database and the job queue the workflows run on: 200 healthy when both answer, 503 unhealthy naming the one that did not.',
          response: { 200: ZN8nHealth, 503: ZN8nHealth },
        },
      },
      async (_request, reply) => {
        const [database, jobQueue] = await Promise.all([
          reachable(() => ctx.database.ping()),
          reachable(() => ctx.jobs.ping()),
        ]);
        const state = (ok: boolean) => (ok ? ('ok' as const) : ('unreachable' as const));
        const healthy = database && jobQueue;
        return reply
          .status(healthy ? 200 : 503)
          .header('Cache-Control', 'no-store')
          .send({
            status: healthy ? 'healthy' : 'unhealthy',
            service: 'atempo-workflows',
            checks: { database: state(database), job_queue: state(jobQueue) },
            workflows: [...Object.values(N8N_WORKFLOW_TYPES), IC_PREPARATION_WORKFLOW],
            timestamp: new Date().toISOString(),
          });
      },
    );

    const guardedRoutes: FastifyPluginAsyncZod = async (guarded) => {
      guarded.addHook('onRequest', ctx.guards.requireAuth);

      /** Checks the deal is the caller's, then queues the workflow. */
      async function start<TInput extends { deal_id: string; priority: TWorkflowPriority }>(
        organizationId: string,
        userId: string,
        definition: WorkflowDefinition<TInput>,
        input: TInput,
      ): Promise<TN8nWorkflowStarted> {
        const deal = await findDealSubject(ctx.db, organizationId, input.deal_id);
        if (!deal) throw dealNotFound();
        const executionId = await startWorkflow(ctx, definition, {
          organizationId,
          userId,
          input,
          subjectId: deal.id,
          priority: input.priority,
        });
        return {
          execution_id: executionId,
          status: 'pending',
          workflow_type: definition.type,
          priority: input.priority,
        };
      }

      const started = { 202: ZN8nWorkflowStarted, ...errorResponses(401, 404, 422) };

      guarded.post(
        '/n8n/upload-deck',
        {
          schema: {
            tags,
            summary: "Report an uploaded deck's processing and analysis",
            description:
              "Finds the deal's document by file name (upload it first) and reports its processing state and analysis.",
            ...bearerAuth,
            body: ZN8nUploadDeckRequest,
            response: started,
          },
        },
        async (request, reply) => {
          const { organizationId, userId } = principalOf(request);
          reply.status(202);
          return start(organizationId, userId, uploadDeckWorkflow, request.body);
        },
      );

      guarded.post(
        '/n8n/metrics-extraction',
        {
          schema: {
            tags,
            summary: "Gather the extracted metrics of a deal's documents, each cited",
            ...bearerAuth,
            body: ZN8nMetricsExtractionRequest,
            response: started,
          },
        },
        async (request, reply) => {
          const { organizationId, userId } = principalOf(request);
          reply.status(202);
          return start(organizationId, userId, metricsExtractionWorkflow, request.body);
        },
      );

      guarded.post(
        '/n8n/scenario-forecasts',
        {
          schema: {
            tags,
            summary: 'Base, upside and downside revenue, burn and cash projections with the facility',
            ...bearerAuth,
            body: ZN8nScenarioForecastRequest,
            response: started,
          },
        },
        async (request, reply) => {
          const { organizationId, userId } = principalOf(request);
          reply.status(202);
          return start(organizationId, userId, scenarioForecastWorkflow, request.body);
        },
      );

      guarded.post(
        '/n8n/ic-memo-draft',
        {
          schema: {
            tags,
            summary: 'Draft the IC memo of a deal (the IC preparation workflow)',
            ...bearerAuth,
            body: ZN8nIcMemoDraftRequest,
            response: { ...started },
          },
        },
        async (request, reply) => {
          const { organizationId, userId } = principalOf(request);
          const body = request.body;
          const deal = await findDealSubject(ctx.db, organizationId, body.deal_id);
          if (!deal) throw dealNotFound();
          // user_id names who the memo is drafted for; it must be a member of the caller's organisation.
          if (body.user_id && !(await findMember(ctx.db, organizationId, body.user_id))) {
            throw notFound('User not found');
          }
          const executionId = await startIcPreparation(
            ctx,
            { organizationId, userId: body.user_id ?? userId },
            { deal_id: deal.id, company_name: body.company_name || deal.company.name },
            body.priority,
          );
          reply.status(202);
          return {
            execution_id: executionId,
            status: 'pending' as const,
            workflow_type: IC_PREPARATION_WORKFLOW,
            priority: body.priority,
          };
        },
      );

      guarded.get(
        '/n8n/workflow-status/:id',
        {
          schema: {
            tags,
            summary: 'Where an execution is: pending, running, completed or failed (final)',
            ...bearerAuth,
            params: ZIdParams,
            response: { 200: ZN8nWorkflowStatus, ...errorResponses(401, 404, 422) },
          },
        },
        async (request) => getWorkflowStatus(ctx.db, principalOf(request).organizationId, request.params.id),
      );

      guarded.get(
        '/n8n/workflow-logs/:id',
        {
          schema: {
            tags,
            summary: "An execution's log: the newest `limit` lines, oldest first",
            ...bearerAuth,
            params: ZIdParams,
            querystring: ZN8nWorkflowLogsQuery,
            response: { 200: ZN8nWorkflowLogs, ...errorResponses(401, 404, 422) },
          },
        },
        async (request) => {
          const { execution, lines } = await getWorkflowLogs(
            ctx.db,
            principalOf(request).organizationId,
            request.params.id,
            request.query.limit,
          );
          return {
            execution_id: execution.id,
            status: execution.status,
            limit: request.query.limit,
            logs: lines.map((line) => ({
              timestamp: line.createdAt.toISOString(),
              level: line.level as 'info' | 'warn' | 'error',
              step: line.stepName,
              message: line.message,
              data: line.data ?? null,
            })),
          };
        },
      );
    };
    await app.register(guardedRoutes);
  };
}
