import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
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
import { users } from './users.ts';

/** Money in the organisation's currency, exact to the cent, read back as a JS number. */
const money = (name: string) => numeric(name, { precision: 20, scale: 2, mode: 'number' });

/** One investment thesis per organisation, kept whole as the configuration of spec 02 §3. */
export const theses = pgTable('theses', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  config: jsonb('config').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Score columns shared by deals and companies; null until the engine has scored the row. */
const scoreColumns = () => ({
  thematicScore: real('thematic_score'),
  thematicRecommendation: text('thematic_recommendation'),
  scoringBreakdown: jsonb('scoring_breakdown'),
  redFlags: jsonb('red_flags'),
  redFlagScore: real('red_flag_score'),
  redFlagLevel: text('red_flag_level'),
  redFlagSummary: jsonb('red_flag_summary'),
  suggestedFacility: jsonb('suggested_facility'),
});

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    industry: text('industry'),
    headquartersCountry: text('headquarters_country'),
    stage: text('stage'),
    revenue: money('revenue'),
    employeeCount: integer('employee_count'),
    website: text('website'),
    description: text('description'),
    lastFundingAmount: money('last_funding_amount'),
    totalFunding: money('total_funding'),
    revenueGrowth: doublePrecision('revenue_growth'),
    hasTier1Vc: boolean('has_tier1_vc').notNull().default(false),
    recentCfoHire: boolean('recent_cfo_hire').notNull().default(false),
    ipoSignals: boolean('ipo_signals').notNull().default(false),
    financialMetrics: jsonb('financial_metrics').notNull().default({}),
    investors: jsonb('investors').notNull().default([]),
    sourceArticles: jsonb('source_articles').notNull().default([]),
    source: text('source'),
    foundedYear: integer('founded_year'),
    ceoName: text('ceo_name'),
    /** 0–1: how far the facts are corroborated; people entering a company get a middling default. */
    confidenceScore: real('confidence_score').notNull().default(0.6),
    lastInteractionAt: timestamp('last_interaction_at', { withTimezone: true }),
    ...scoreColumns(),
    sectorAlignmentScore: real('sector_alignment_score'),
    geographicFitScore: real('geographic_fit_score'),
    stageFitScore: real('stage_fit_score'),
    financialHealthScore: real('financial_health_score'),
    monitoringPriority: text('monitoring_priority'),
    lastScoredAt: timestamp('last_scored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_org_name_unique').on(t.organizationId, sql`lower(${t.name})`),
    index('companies_org_priority_idx').on(t.organizationId, t.monitoringPriority),
    index('companies_org_score_idx').on(t.organizationId, t.thematicScore),
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Knowledge search finds companies by name, industry and description (decision 016); the
    // expression must stay the same as COMPANY_SEARCH_TEXT in the knowledge module.
    index('companies_search_idx').using(
      'gin',
      sql`to_tsvector('english'::regconfig, ${t.name} || ' ' || coalesce(${t.industry}, '') || ' ' || coalesce(${t.description}, ''))`,
    ),
  ],
);

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Human reference, 1, 2, 3… within the organisation. */
    dealNumber: integer('deal_number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    amountRequested: money('amount_requested').notNull(),
    stage: text('stage').notNull().default('lead'),
    sourceType: text('source_type'),
    sourceName: text('source_name'),
    description: text('description'),
    sector: text('sector'),
    geography: text('geography'),
    dealType: text('deal_type'),
    financialMetrics: jsonb('financial_metrics').notNull().default({}),
    ...scoreColumns(),
    /** The team's own call, set inline on the table; shown instead of the computed recommendation. */
    recommendationOverride: text('recommendation_override'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    lastInteraction: timestamp('last_interaction', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deals_org_number_unique').on(t.organizationId, t.dealNumber),
    // Matches the list's default order (newest first, then deal number) so a page is an index scan.
    index('deals_org_created_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsLast(),
      t.dealNumber.desc().nullsFirst(),
    ),
    index('deals_org_stage_idx').on(t.organizationId, t.stage),
    // Matches the board's order (best score first, unscored last, then deal number): its page of
    // up to 1000 cards is an index scan, not a sort of the whole pipeline. Serves score ranges too.
    index('deals_org_score_idx').on(
      t.organizationId,
      t.thematicScore.desc().nullsLast(),
      t.dealNumber.desc().nullsFirst(),
    ),
    index('deals_company_idx').on(t.companyId),
  ],
);

/**
 * The last deal number given out in each organisation. Taking numbers through this row (an upsert
 * that locks it) serialises concurrent creates without retries, works inside a caller's
 * transaction, and never hands out a deleted deal's number again.
 */
export const dealNumberCounters = pgTable('deal_number_counters', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});
