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
