import { jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

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
