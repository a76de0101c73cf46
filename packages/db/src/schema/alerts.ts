import { index, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { companies } from './pipeline.ts';
import { marketSignals } from './signals.ts';
import { users } from './users.ts';

/**
 * A company an organisation watches, and the relevance a signal about it must reach to notify.
 * Kept with the alerts: the alerts module owns the thresholds.
 */
export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    alertThreshold: real('alert_threshold').notNull().default(0.7),
    signalTypes: jsonb('signal_types').notNull().default([]),
    notificationPreferences: jsonb('notification_preferences')
      .notNull()
      .default({ email: true, slack: false, in_app: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watchlist_org_company_unique').on(t.organizationId, t.companyId),
    index('watchlist_company_idx').on(t.companyId),
  ],
);

/** A user's in-app notification (a signal that crossed a watchlist threshold, a brief, a finished job). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    signalId: uuid('signal_id').references(() => marketSignals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body'),
    /** Where in the app it leads. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set once the batched alert email carrying it has gone. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('notifications_user_signal_unique').on(t.userId, t.signalId),
  ],
);

/** Where an organisation's alerts go besides the app and email. */
export const organizationAlertSettings = pgTable('organization_alert_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** A Slack incoming-webhook URL; never shown back in full. */
  slackWebhookUrl: text('slack_webhook_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
