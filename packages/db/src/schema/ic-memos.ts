import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { deals } from './pipeline.ts';
import { users } from './users.ts';

/**
 * IC memos, versioned per deal: a regenerated memo is a new row with the next version; earlier
 * versions stay. The body is kept as written (sections, markdown, footnotes) so a memo reads the
 * same later even when the deal's data has changed since.
 */
export const icMemos = pgTable(
  'ic_memos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    companyName: text('company_name').notNull(),
    content: jsonb('content').notNull(),
    formattedMarkdown: text('formatted_markdown').notNull(),
    footnotes: jsonb('footnotes').notNull(),
    metadata: jsonb('metadata').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ic_memos_deal_version_unique').on(t.dealId, t.version),
    index('ic_memos_organization_idx').on(t.organizationId),
  ],
);
