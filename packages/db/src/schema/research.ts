import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { companies, deals } from './pipeline.ts';
import { users } from './users.ts';
import { workflowExecutions } from './workflows.ts';

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
