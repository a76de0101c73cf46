import { index, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fundingAnnouncements } from './funding-news.ts';
import { organizations } from './organizations.ts';
import { companies } from './pipeline.ts';

/** A market signal of spec 01 §3, derived from announcements, companies and documents. */
export const marketSignals = pgTable(
  'market_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    signalType: text('signal_type').notNull(),
    companyName: text('company_name').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    announcementId: uuid('announcement_id').references(() => fundingAnnouncements.id, {
      onDelete: 'cascade',
    }),
    title: text('title').notNull(),
    description: text('description'),
    /** 0–1 against the organisation's thesis. */
    relevanceScore: real('relevance_score').notNull(),
    /** high (urgent), medium or low. */
    impactLevel: text('impact_level').notNull(),
    recommendedActions: jsonb('recommended_actions').notNull().default([]),
    /** The rule's inputs and reasons, so a signal explains itself. */
    data: jsonb('data').notNull().default({}),
    /** One signal per rule and subject: a rescan updates rather than repeats. */
    dedupKey: text('dedup_key').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_signals_org_dedup_unique').on(t.organizationId, t.dedupKey),
    index('market_signals_org_detected_idx').on(t.organizationId, t.detectedAt.desc()),
    index('market_signals_company_idx').on(t.companyId),
  ],
);
