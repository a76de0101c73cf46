import {
  INGESTION_INTERVAL_HOURS,
  QUICK_INGEST_DEALS,
  type TIngestionResult,
  type TSchedulerStatus,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Principal } from '../../../platform/auth.ts';
import type { AppContext, JobDependencies } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import type { JobDefinition, JobQueue } from '../../../platform/jobs.ts';
import {
  findWorkflowExecution,
  startWorkflow,
  type WorkflowExecutionRow,
} from '../../../platform/workflows/index.ts';
import { findUserConnection } from '../connections.repository.ts';
import { resolveMicrosoftConnection } from '../connections.service.ts';
import type { IngestionMode } from './ingestion.ts';
import {
  type IngestionOutput,
  SHAREPOINT_INGESTION,
  SHAREPOINT_INGESTION_TYPE,
} from './ingestion.workflow.ts';
import { claimDueSchedules, findSchedule, saveSchedule } from './sharepoint-state.repository.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger' | 'jobs'>;

const ingestionNotFound = () => notFound('Ingestion run not found', 'INGESTION_NOT_FOUND');

async function startIngestion(
  ctx: Pick<Ctx, 'db' | 'jobs'>,
  run: {
    organizationId: string;
    userId: string;
    connectionId: string;
    mode: IngestionMode;
    maxDeals: number | null;
  },
): Promise<string> {
  // One run at a time per organisation: two would download and analyse the same files twice.
  const running = await runningIngestion(ctx.db, run.organizationId);
  if (running) return running;
  const executionId = await startWorkflow(ctx, SHAREPOINT_INGESTION, {
    organizationId: run.organizationId,
    userId: run.userId,
    input: { mode: run.mode, maxDeals: run.maxDeals, connectionId: run.connectionId },
  });
  await saveSchedule(ctx.db, run.organizationId, { lastExecutionId: executionId });
  return executionId;
}

/** The organisation's ingestion still queued or running, if any. */
async function runningIngestion(db: Database, organizationId: string): Promise<string | null> {
  const schedule = await findSchedule(db, organizationId);
  if (!schedule?.lastExecutionId) return null;
  const last = await findWorkflowExecution(db, organizationId, schedule.lastExecutionId);
  return last && (last.status === 'pending' || last.status === 'running') ? last.id : null;
}

/** Starts an ingestion as the admin's Microsoft account; answers at once with the run to follow. */
export async function startIngestionFor(
  ctx: Ctx,
  principal: Principal,
  mode: IngestionMode,
  options: { maxDeals?: number; sessionId?: string },
): Promise<TIngestionResult> {
  const connection = await resolveMicrosoftConnection(ctx, principal, options.sessionId);
  const executionId = await startIngestion(ctx, {
    organizationId: principal.organizationId,
    userId: principal.userId,
    connectionId: connection.id,
    mode,
    maxDeals: mode === 'quick' ? QUICK_INGEST_DEALS : (options.maxDeals ?? null),
  });
  return ingestionResult(ctx.db, principal.organizationId, executionId);
}

function resultOf(row: WorkflowExecutionRow): TIngestionResult {
  const output = (row.result ?? {}) as Partial<IngestionOutput>;
  const input = (row.input ?? {}) as { mode?: IngestionMode };
  const status = row.status === 'completed' ? 'completed' : row.status === 'failed' ? 'failed' : 'running';
  const seconds = ((row.finishedAt ?? new Date()).getTime() - row.createdAt.getTime()) / 1000;
  return {
    execution_id: row.id,
    mode: output.mode ?? input.mode ?? 'full',
    status,
    total_deals: output.total_deals ?? 0,
    processed_deals: output.processed_deals ?? 0,
    total_documents: output.total_documents ?? 0,
    processed_documents: output.processed_documents ?? 0,
    failed_documents: output.failed_documents ?? 0,
    unchanged_documents: output.unchanged_documents ?? 0,
    skipped_documents: output.skipped_documents ?? 0,
    removed_documents: output.removed_documents ?? 0,
    // A run's own figure once completed; while it runs or after it failed, the time since it started
    // (the last figures published may be older than its retries).
    duration_seconds:
      status === 'completed' && output.duration_seconds !== undefined
        ? output.duration_seconds
        : Math.round(seconds * 10) / 10,
    error: status === 'failed' ? (row.error ?? 'Ingestion failed') : null,
  };
}

/** A run of the organisation, as far as it got; another organisation's run is not found. */
export async function ingestionResult(
  db: Database,
  organizationId: string,
  executionId: string,
): Promise<TIngestionResult> {
  const row = await findWorkflowExecution(db, organizationId, executionId);
  if (!row || row.workflowType !== SHAREPOINT_INGESTION_TYPE) throw ingestionNotFound();
  return resultOf(row);
}

export async function schedulerStatus(db: Database, organizationId: string): Promise<TSchedulerStatus> {
  const schedule = await findSchedule(db, organizationId);
  const last = schedule?.lastExecutionId
    ? await findWorkflowExecution(db, organizationId, schedule.lastExecutionId)
    : undefined;
  return {
    is_running: schedule?.isRunning ?? false,
    interval_hours: schedule?.intervalHours ?? INGESTION_INTERVAL_HOURS,
    last_run_at: (schedule?.lastRunAt ?? last?.createdAt)?.toISOString() ?? null,
    next_run_at: schedule?.isRunning ? (schedule.nextRunAt?.toISOString() ?? null) : null,
    last_result: last ? resultOf(last) : null,
  };
}

/** Incremental ingestion every six hours as the admin who started it; the state survives restarts. */
export async function startScheduler(ctx: Ctx, principal: Principal): Promise<TSchedulerStatus> {
  await resolveMicrosoftConnection(ctx, principal, undefined);
  await saveSchedule(ctx.db, principal.organizationId, {
    isRunning: true,
    intervalHours: INGESTION_INTERVAL_HOURS,
    nextRunAt: new Date(Date.now() + INGESTION_INTERVAL_HOURS * 60 * 60 * 1000),
    startedBy: principal.userId,
  });
  return schedulerStatus(ctx.db, principal.organizationId);
}

export async function stopScheduler(ctx: Ctx, principal: Principal): Promise<TSchedulerStatus> {
  await saveSchedule(ctx.db, principal.organizationId, { isRunning: false, nextRunAt: null });
  return schedulerStatus(ctx.db, principal.organizationId);
}

export const RUN_SCHEDULED_INGESTIONS = 'run-scheduled-ingestions';

/**
 * Every quarter of an hour: starts the incremental ingestion of each organisation whose schedule is
 * due, as the admin who started the schedule. An admin without a working Microsoft connection
 * leaves the schedule running and the run failed with the reason, visible on the page.
 */
export function scheduledIngestionJob(
  deps: JobDependencies & { jobs: JobQueue },
): JobDefinition<{ now?: string }> {
  return {
    name: RUN_SCHEDULED_INGESTIONS,
    cron: '*/15 * * * *',
    retryLimit: 2,
    expireInSeconds: 5 * 60,
    handler: async (data, { logger }) => {
      const due = await claimDueSchedules(deps.db, data.now ? new Date(data.now) : new Date());
      for (const schedule of due) {
        const connection = schedule.startedBy
          ? await findUserConnection(deps.db, schedule.organizationId, schedule.startedBy, 'microsoft')
          : undefined;
        if (!connection || !schedule.startedBy) {
          logger.warn(
            { organizationId: schedule.organizationId },
            'Scheduled ingestion has no Microsoft connection',
          );
          continue;
        }
        await startIngestion(deps, {
          organizationId: schedule.organizationId,
          userId: schedule.startedBy,
          connectionId: connection.id,
          mode: 'incremental',
          maxDeals: null,
        });
      }
    },
  };
}
