import type { TWorkflowPriority, TWorkflowStatus } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../errors.ts';
import { isoOrNull } from '../sql-rows.ts';
import * as repository from './workflows.repository.ts';

/**
 * Workflow executions as the routes and other modules read them, always within one organisation
 * (other modules call these, never the repository: DESIGN §3).
 */

export type { WorkflowExecutionRow } from './workflows.repository.ts';

/** The organisation's execution, or undefined (another organisation's is not found either). */
export const findWorkflowExecution = repository.findExecution;
/** The newest execution working on a subject (a document, a deal) of the organisation. */
export const latestExecutionFor = repository.latestExecutionFor;
/** When the organisation's newest completed run of a workflow type finished (the last signal scan). */
export const lastCompletedAt = repository.lastCompletedAt;

const executionNotFound = () => notFound('Workflow execution not found');

function toWorkflowStatus(
  row: repository.WorkflowExecutionRow,
  steps: repository.WorkflowStepRow[],
): TWorkflowStatus {
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

/** Where the organisation's execution is, steps included, with its queue priority; 404 otherwise. */
export async function getWorkflowStatus(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TWorkflowStatus & { priority: TWorkflowPriority }> {
  const execution = await repository.findExecution(db, organizationId, id);
  if (!execution) throw executionNotFound();
  return {
    ...toWorkflowStatus(execution, await repository.listSteps(db, execution.id)),
    priority: execution.priority as TWorkflowPriority,
  };
}

/** The newest `limit` log lines of the organisation's execution, oldest first; 404 otherwise. */
export async function getWorkflowLogs(
  db: Database,
  organizationId: string,
  id: string,
  limit: number,
): Promise<{ execution: repository.WorkflowExecutionRow; lines: repository.WorkflowLogRow[] }> {
  const execution = await repository.findExecution(db, organizationId, id);
  if (!execution) throw executionNotFound();
  return { execution, lines: await repository.listLogs(db, execution.id, limit) };
}
