import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { deals } from './pipeline.ts';
import { users } from './users.ts';

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
