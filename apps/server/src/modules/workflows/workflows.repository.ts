import type { TProcessingStage } from '@atempo/contracts';
import { type Database, workflowExecutions } from '@atempo/db';
import { and, desc, eq, inArray } from 'drizzle-orm';

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
  stage: TProcessingStage,
  progress: number,
): Promise<void> {
  await db
    .update(workflowExecutions)
    .set({ status: 'running', stage, progress, updatedAt: new Date() })
    .where(and(eq(workflowExecutions.id, id), inArray(workflowExecutions.status, OPEN)));
}

/** Ends an open execution as completed or failed (a second call changes nothing). */
export async function finishExecution(
  db: Database,
  id: string,
  outcome: { status: 'completed' } | { status: 'failed'; error: string },
): Promise<void> {
  const now = new Date();
  await db
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
    .where(and(eq(workflowExecutions.id, id), inArray(workflowExecutions.status, OPEN)));
}

export async function deleteExecution(db: Database, id: string): Promise<void> {
  await db.delete(workflowExecutions).where(eq(workflowExecutions.id, id));
}
