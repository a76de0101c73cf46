import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { companies, deals } from './pipeline.ts';
import { users } from './users.ts';

/**
 * A file's bytes, stored once per organisation however many documents point at it (content
 * addressed by sha256). The blob is deleted when its last document is.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The key in the storage backend (disk path under DATA_DIR/files, or S3 object key). */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.sha256] })],
);

/** An uploaded document and, once processed, its analysis (spec 02 §3 document, document analysis). */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** pdf, docx, doc, xlsx or xls, as sniffed from the content. */
    format: text('format').notNull(),
    sha256: text('sha256').notNull(),
    /** processing, completed or failed. */
    status: text('status').notNull().default('processing'),
    /** For a failed document: 'Analysis failed: …', a sentence for the uploader. */
    error: text('error'),
    /** ZDocumentAnalysis without the fields the row already holds. */
    analysis: jsonb('analysis'),
    documentType: text('document_type'),
    pageCount: integer('page_count'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('documents_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('documents_deal_idx').on(t.dealId),
    index('documents_company_idx').on(t.companyId),
    index('documents_org_sha_idx').on(t.organizationId, t.sha256),
  ],
);

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

/** What happened to a deal, for GET /deals/{id}/updates and the intelligence page. */
export const dealActivity = pgTable(
  'deal_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** One of DEAL_ACTIVITY_KINDS (contracts). */
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    details: jsonb('details').notNull().default({}),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Insertion order: breaks ties between entries of one instant (PGlite's clock has millisecond
     * resolution, and one change may log a stage, an amount and a score entry together).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('deal_activity_deal_time_idx').on(t.dealId, t.occurredAt.desc())],
);
