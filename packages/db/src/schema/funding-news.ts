import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { companies } from './pipeline.ts';
import { users } from './users.ts';

/** An amount in the currency it was announced in, exact to the cent, read back as a JS number. */
const amount = (name: string) => numeric(name, { precision: 20, scale: 2, mode: 'number' });

/**
 * An RSS or Atom feed an admin follows for funding news. The validators of the last answer
 * (ETag, Last-Modified) make the next fetch conditional; the last run's outcome is kept for the
 * Sources settings page.
 */
export const intelligenceSources = pgTable(
  'intelligence_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** Offered from the curated list rather than typed in by an admin. */
    curated: boolean('curated').notNull().default(false),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    /** ok, not_modified or error. */
    lastStatus: text('last_status'),
    lastError: text('last_error'),
    /** Items in the feed at the last run, and how many of them were funding news. */
    itemsFound: integer('items_found').notNull().default(0),
    announcementsFound: integer('announcements_found').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('intelligence_sources_org_url_unique').on(t.organizationId, t.url)],
);

/**
 * A funding round, one row however many sources reported it (`sources` lists them all). The
 * amount stays in the currency announced; `amount_eur` converts it for ranking and thresholds.
 */
export const fundingAnnouncements = pgTable(
  'funding_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    /** The company a tracked record matches, when one does. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    summary: text('summary'),
    /** Null when the source does not say (kept: "not in the data" rather than a guess). */
    amountRaised: amount('amount_raised'),
    currency: text('currency'),
    amountEur: amount('amount_eur'),
    stage: text('stage'),
    /** Lead first. */
    investors: jsonb('investors').notNull().default([]),
    region: text('region'),
    country: text('country'),
    sector: text('sector'),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull(),
    confidenceScore: real('confidence_score').notNull(),
    sourceName: text('source_name').notNull(),
    sourceUrl: text('source_url'),
    /** Every report of this round: [{name, url, published_at}]. */
    sources: jsonb('sources').notNull().default([]),
    extractionMetadata: jsonb('extraction_metadata').notNull().default({}),
    /** Same company and round: how reports from several sources become one row. */
    dedupKey: text('dedup_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('funding_announcements_org_dedup_unique').on(t.organizationId, t.dedupKey),
    index('funding_announcements_org_announced_idx').on(t.organizationId, t.announcedAt.desc(), t.id),
    index('funding_announcements_company_idx').on(t.companyId),
  ],
);

/** Every feed item already read, funding news or not, so a refetch does not read it twice. */
export const fundingArticles = pgTable(
  'funding_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id').references(() => intelligenceSources.id, { onDelete: 'set null' }),
    /** The item's link, or its guid when it has no link. */
    url: text('url').notNull(),
    title: text('title').notNull(),
    /** Null when the item was not funding news. */
    announcementId: uuid('announcement_id').references(() => fundingAnnouncements.id, {
      onDelete: 'set null',
    }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('funding_articles_org_url_unique').on(t.organizationId, t.url)],
);
