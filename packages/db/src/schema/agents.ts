import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workflowExecutions } from './documents.ts';
import { organizations } from './organizations.ts';
import { companies, deals } from './pipeline.ts';
import { users } from './users.ts';

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

/** What a research discovery gathered about a company: the organisation's own knowledge, cited. */
export const researchRecords = pgTable(
  'research_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    executionId: uuid('execution_id').references(() => workflowExecutions.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    industrySector: text('industry_sector'),
    researchDepth: text('research_depth').notNull().default('comprehensive'),
    findings: jsonb('findings').notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('research_records_org_deal_idx').on(t.organizationId, t.dealId, t.createdAt.desc()),
    index('research_records_org_company_idx').on(t.organizationId, t.companyName),
  ],
);

/** A user's daily monitoring brief: what it covers and when it last went out. */
export const monitoringSubscriptions = pgTable(
  'monitoring_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Company names or ids to cover; empty covers the whole portfolio. */
    portfolioCompanies: jsonb('portfolio_companies').notNull().default([]),
    sectors: jsonb('sectors').notNull().default([]),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('monitoring_subscriptions_org_user_unique').on(t.organizationId, t.userId)],
);
