import type { TProcessingStage } from '@atempo/contracts';
import { type Database, workflowExecutions, workflowLogs, workflowSteps } from '@atempo/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

export type WorkflowExecutionRow = typeof workflowExecutions.$inferSelect;
type NewWorkflowExecutionRow = typeof workflowExecutions.$inferInsert;

/** Statuses that a later write may still change; completed and failed are final. */
const OPEN = ['pending', 'running'];

export async function insertExecution(db: Database, values: NewWorkflowExecutionRow): Promise<void> {
  await db.insert(workflowExecutions).values(values);
}

export async function findExecution(
  db: Database,
  organizationId: string,
  id: string,
): Promise<WorkflowExecutionRow | undefined> {
  const [row] = await db
    .select()
    .from(workflowExecutions)
    .where(and(eq(workflowExecutions.organizationId, organizationId), eq(workflowExecutions.id, id)));
  return row;
}

/** An execution by id alone: for workers, which act on ids their own server queued. */
export async function findExecutionById(db: Database, id: string): Promise<WorkflowExecutionRow | undefined> {
  const [row] = await db.select().from(workflowExecutions).where(eq(workflowExecutions.id, id));
  return row;
}

/** The newest execution working on `subjectId` (a document is processed again only by a new one). */
export async function latestExecutionFor(
  db: Database,
  organizationId: string,
  subjectId: string,
): Promise<WorkflowExecutionRow | undefined> {
  const [row] = await db
    .select()
    .from(workflowExecutions)
    .where(
      and(eq(workflowExecutions.organizationId, organizationId), eq(workflowExecutions.subjectId, subjectId)),
    )
    .orderBy(desc(workflowExecutions.createdAt))
    .limit(1);
  return row;
}

/**
 * Moves a running execution to a stage. Only an open execution moves: a worker abandoned by a
 * restart, still running somewhere, cannot drag a finished execution back to an earlier stage.
 */
export async function setStage(
  db: Database,
  id: string,
  stage: TProcessingStage | (string & {}),
  progress: number,
): Promise<void> {
  await db
    .update(workflowExecutions)
    .set({ status: 'running', stage, progress, updatedAt: new Date() })
    .where(and(eq(workflowExecutions.id, id), inArray(workflowExecutions.status, OPEN)));
}

/** Ends an open execution as completed or failed; answers whether it did (a second call changes nothing). */
export async function finishExecution(
  db: Database,
  id: string,
  outcome: { status: 'completed' } | { status: 'failed'; error: string },
): Promise<boolean> {
  const now = new Date();
  const ended = await db
    .update(workflowExecutions)
    .set(
      outcome.status === 'completed'
        ? {
            status: 'completed',
            stage: 'completed',
            progress: 100,
            error: null,
            updatedAt: now,
            finishedAt: now,
          }
        : { status: 'failed', stage: 'failed', error: outcome.error, updatedAt: now, finishedAt: now },
    )
    .where(and(eq(workflowExecutions.id, id), inArray(workflowExecutions.status, OPEN)))
    .returning({ id: workflowExecutions.id });
  return ended.length > 0;
}

/** When the organisation's newest completed execution of a type finished (null: none has). */
export async function lastCompletedAt(
  db: Database,
  organizationId: string,
  workflowType: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ finishedAt: workflowExecutions.finishedAt })
    .from(workflowExecutions)
    .where(
      and(
        eq(workflowExecutions.organizationId, organizationId),
        eq(workflowExecutions.workflowType, workflowType),
        eq(workflowExecutions.status, 'completed'),
      ),
    )
    .orderBy(desc(workflowExecutions.finishedAt))
    .limit(1);
  return row?.finishedAt ?? null;
}

export async function deleteExecution(db: Database, id: string): Promise<void> {
  await db.delete(workflowExecutions).where(eq(workflowExecutions.id, id));
}

export type WorkflowStepRow = typeof workflowSteps.$inferSelect;
export type WorkflowLogRow = typeof workflowLogs.$inferSelect;

export async function insertSteps(
  db: Database,
  executionId: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await db.insert(workflowSteps).values(names.map((name, position) => ({ executionId, position, name })));
}

export async function listSteps(db: Database, executionId: string): Promise<WorkflowStepRow[]> {
  return db
    .select()
    .from(workflowSteps)
    .where(eq(workflowSteps.executionId, executionId))
    .orderBy(asc(workflowSteps.position));
}

/**
 * Moves a step of an open execution: an attempt abandoned by a restart, waking up late, cannot put
 * a finished execution's steps back to pending or failed.
 */
export async function updateStep(
  db: Database,
  stepId: string,
  values: Partial<Pick<WorkflowStepRow, 'status' | 'output' | 'error' | 'startedAt' | 'finishedAt'>>,
): Promise<void> {
  await db
    .update(workflowSteps)
    .set(values)
    .where(
      and(
        eq(workflowSteps.id, stepId),
        sql`exists (select 1 from ${workflowExecutions} where ${workflowExecutions.id} = ${workflowSteps.executionId}
          and ${inArray(workflowExecutions.status, OPEN)})`,
      ),
    );
}

/** Records what an execution has produced so far; only an open execution's result changes. */
export async function setResult(db: Database, id: string, result: unknown, progress?: number): Promise<void> {
  await db
    .update(workflowExecutions)
    .set({ result, updatedAt: new Date(), ...(progress === undefined ? {} : { progress }) })
    .where(and(eq(workflowExecutions.id, id), inArray(workflowExecutions.status, OPEN)));
}

export async function appendLog(
  db: Database,
  entry: {
    executionId: string;
    stepName: string | null;
    level: 'info' | 'warn' | 'error';
    message: string;
    data?: unknown;
  },
): Promise<void> {
  await db.insert(workflowLogs).values({ ...entry, data: entry.data ?? null });
}

/** The newest `limit` log lines of an execution, oldest first. */
export async function listLogs(db: Database, executionId: string, limit: number): Promise<WorkflowLogRow[]> {
  const newest = await db
    .select()
    .from(workflowLogs)
    .where(eq(workflowLogs.executionId, executionId))
    .orderBy(desc(workflowLogs.createdAt), desc(workflowLogs.id))
    .limit(limit);
  return newest.reverse();
}
