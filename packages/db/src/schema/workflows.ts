import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * One run of a workflow (document processing, IC preparation, research, n8n automations), polled
 * by the client through GET /agents/workflows/{id}/status; multi-step ones keep workflow_steps.
 */
export const workflowExecutions = pgTable(
  'workflow_executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workflowType: text('workflow_type').notNull(),
    /** pending, running, completed or failed. */
    status: text('status').notNull().default('pending'),
    stage: text('stage').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** The record the workflow works on (a document id for document processing). */
    subjectId: uuid('subject_id'),
    error: text('error'),
    /** standard or high (spec 01 §9); high runs first. */
    priority: text('priority').notNull().default('standard'),
    /** What the workflow was started with, and what it produced (partial while it runs). */
    input: jsonb('input'),
    result: jsonb('result'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('workflow_executions_subject_idx').on(t.subjectId, t.createdAt.desc())],
);

/** A step of a multi-step workflow execution, in order, with its own state. */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    executionId: uuid('execution_id')
      .notNull()
      .references(() => workflowExecutions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** pending, running, completed, failed or skipped. */
    status: text('status').notNull().default('pending'),
    output: jsonb('output'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('workflow_steps_execution_position_unique').on(t.executionId, t.position)],
);

/** What a workflow wrote as it ran, per step, for GET /n8n/workflow-logs/{id}. */
export const workflowLogs = pgTable(
  'workflow_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    executionId: uuid('execution_id')
      .notNull()
      .references(() => workflowExecutions.id, { onDelete: 'cascade' }),
    stepName: text('step_name'),
    /** info, warn or error. */
    level: text('level').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_logs_execution_created_idx').on(t.executionId, t.createdAt)],
);
