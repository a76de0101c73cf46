import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * One re-score of an organisation (score-all, or after a thesis change), keyed by its job id, so
 * the client can follow it while it runs. Counts are of rows scored so far against the totals
 * counted when the run was queued; a worker updates them after every page.
 */
export const scoringRuns = pgTable(
  'scoring_runs',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** queued, running, completed or failed. */
    state: text('state').notNull().default('queued'),
    totalCompanies: integer('total_companies').notNull(),
    scoredCompanies: integer('scored_companies').notNull().default(0),
    totalDeals: integer('total_deals').notNull(),
    scoredDeals: integer('scored_deals').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('scoring_runs_org_queued_idx').on(t.organizationId, t.queuedAt.desc())],
);
