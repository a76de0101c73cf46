import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The 'Organisation Code' colleagues type to join. */
  slug: text('slug').notNull().unique(),
  subscriptionTier: text('subscription_tier', { enum: ['trial', 'startup', 'growth'] })
    .notNull()
    .default('trial'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
