import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * How many deals each organisation has in each stage, kept by triggers on `deals` (migration
 * 0006_deal_count_triggers: statement-level on insert and delete, so an import or a cascade costs
 * one statement; row-level on a stage change). The deals list reads its total from here when no
 * filter other than the stage applies, instead of counting the organisation's deals on every page
 * (decision 019). Nothing in the application writes this table.
 */
export const dealStageCounts = pgTable(
  'deal_stage_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    dealCount: integer('deal_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.stage] })],
);
