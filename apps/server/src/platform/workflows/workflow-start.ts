import type { TWorkflowPriority } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { JobQueue } from '../jobs.ts';
import type { WorkflowDefinition } from './workflow-definition.ts';
import * as workflows from './workflows.repository.ts';

/** The queue of every workflow that does not name its own. */
export const RUN_WORKFLOW = 'run-workflow';

const PRIORITY_NUMBER: Record<TWorkflowPriority, number> = { low: 0, standard: 10, high: 20, urgent: 30 };

export interface StartWorkflow<TInput> {
  organizationId: string;
  userId: string | null;
  input: TInput;
  subjectId?: string | null;
  priority?: TWorkflowPriority;
}

/**
 * Writes an execution with its steps pending and answers its id. `db` may be the caller's
 * transaction, so the execution is recorded with what it works on (an upload's document) or not
 * at all; queue it with `queueWorkflow` once that transaction has committed, never inside it, or
 * a worker could look for the execution before it exists.
 */
export async function recordWorkflow<TInput>(
  db: Database,
  definition: WorkflowDefinition<TInput>,
  start: StartWorkflow<TInput>,
): Promise<string> {
  const executionId = crypto.randomUUID();
  await workflows.insertExecution(db, {
    id: executionId,
    organizationId: start.organizationId,
    workflowType: definition.type,
    subjectId: start.subjectId ?? null,
    createdBy: start.userId,
    priority: start.priority ?? 'standard',
    input: start.input,
  });
  await workflows.insertSteps(
    db,
    executionId,
    definition.steps.map((step) => step.name),
  );
  return executionId;
}

/**
 * Queues a recorded execution on its workflow's queue, the job named by the execution's id (one job
 * per execution, never two). An execution that cannot be queued is deleted, since nothing would
 * ever run it and its caller is told so by the error.
 */
export async function queueWorkflow(
  target: { db: Database; jobs: JobQueue },
  definition: Pick<WorkflowDefinition, 'queue'>,
  executionId: string,
  priority: TWorkflowPriority = 'standard',
): Promise<void> {
  try {
    await target.jobs.send(
      definition.queue?.name ?? RUN_WORKFLOW,
      { executionId },
      { id: executionId, priority: PRIORITY_NUMBER[priority] },
    );
  } catch (error) {
    await workflows.deleteExecution(target.db, executionId);
    throw error;
  }
}

/** Records an execution with its steps pending and queues it; answers the execution id to poll. */
export async function startWorkflow<TInput>(
  target: { db: Database; jobs: JobQueue },
  definition: WorkflowDefinition<TInput>,
  start: StartWorkflow<TInput>,
): Promise<string> {
  const executionId = await target.db.transaction((tx) => recordWorkflow(tx, definition, start));
  await queueWorkflow(target, definition, executionId, start.priority);
  return executionId;
}
