import { z } from 'zod';
import { storable } from './common.ts';
import { ZAmount, ZDealStage, ZTimestamp } from './deals.ts';
import { ZFinancialMetrics } from './financial-metrics.ts';
import {
  ZCompanyScoringBreakdown,
  ZFacilitySuggestion,
  ZRedFlag,
  ZRedFlagLevel,
  ZRedFlagSummary,
  ZThematicRecommendation,
} from './scores.ts';

/** Where a company came from (spec 02 §9). */
export const COMPANY_SOURCE_TYPES = ['discovery', 'direct', 'referral', 'inbound', 'event'] as const;
export const ZCompanySourceType = z.enum(COMPANY_SOURCE_TYPES);

export const MONITORING_PRIORITIES = ['high', 'medium', 'low'] as const;
export const ZMonitoringPriority = z.enum(MONITORING_PRIORITIES);
export type TMonitoringPriority = z.infer<typeof ZMonitoringPriority>;

export const CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
export type TConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];
/**
 * A company entered by a person, with no source to corroborate it: "medium". Discovery sets its
 * own score from how well its sources agree.
 */
export const DEFAULT_CONFIDENCE_SCORE = 0.6;

/** high above 0.7, medium above 0.5, else low (spec 02 §2). */
export function confidenceLevel(score: number): TConfidenceLevel {
  if (score > 0.7) return 'high';
  if (score > 0.5) return 'medium';
  return 'low';
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

export const ZSourceArticle = z.object({
  title: text(500),
  url: text(2048).nullable().optional(),
  snippet: text(2000).nullable().optional(),
  source: text(200).nullable().optional(),
  /** As the source gave it, ideally an ISO date. */
  published_date: text(50).nullable().optional(),
  type: text(50).nullable().optional(),
});
export type TSourceArticle = z.infer<typeof ZSourceArticle>;

export const ZCompanyName = text(200).min(1, { message: 'Name is required' });

const companyFields = {
  name: ZCompanyName,
  industry: text(200).nullable(),
  headquarters_country: text(200).nullable(),
  /** Funding stage (Seed, Series A … Series D+, Pre-IPO); other labels are kept and matched forgivingly. */
  stage: text(50).nullable(),
  /** Annual revenue, EUR. */
  revenue: ZAmount.nullable(),
  employee_count: z.number().int().min(0).max(10_000_000).nullable(),
  website: text(2048).nullable(),
  description: text(10_000).nullable(),
  last_funding_amount: ZAmount.nullable(),
  total_funding: ZAmount.nullable(),
  /** Year-on-year growth as a fraction (0.5 = 50 %). */
  revenue_growth: storable(
    z.number().min(-1, { message: 'must be a fraction of at least -1' }).max(1000),
  ).nullable(),
  has_tier1_vc: z.boolean(),
  recent_cfo_hire: z.boolean(),
  ipo_signals: z.boolean(),
  investors: z.array(text(200)).max(200),
  source_articles: z.array(ZSourceArticle).max(200),
  source: ZCompanySourceType.nullable(),
  founded_year: z.number().int().min(1800).max(2100).nullable(),
  ceo_name: text(200).nullable(),
  /** 0–1; confidence_level is derived from it. */
  confidence_score: storable(z.number().min(0).max(1)),
  /** Detailed metrics; revenue, revenue_growth, employee_count and last_funding_amount above take precedence. */
  financial_metrics: ZFinancialMetrics,
  last_interaction: ZTimestamp.nullable(),
};

export const ZCreateCompanyRequest = z.object(companyFields).partial().required({ name: true });
export type TCreateCompanyRequest = z.infer<typeof ZCreateCompanyRequest>;

export const ZUpdateCompanyRequest = z.object(companyFields).partial();
export type TUpdateCompanyRequest = z.infer<typeof ZUpdateCompanyRequest>;

export const ZCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  industry: z.string().nullable(),
  headquarters_country: z.string().nullable(),
  stage: z.string().nullable(),
  revenue: z.number().nullable(),
  employee_count: z.number().int().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  last_funding_amount: z.number().nullable(),
  total_funding: z.number().nullable(),
  revenue_growth: z.number().nullable(),
  has_tier1_vc: z.boolean(),
  recent_cfo_hire: z.boolean(),
  ipo_signals: z.boolean(),
  investors: z.array(z.string()),
  source_articles: z.array(ZSourceArticle),
  source: ZCompanySourceType.nullable(),
  founded_year: z.number().int().nullable(),
  ceo_name: z.string().nullable(),
  confidence_score: z.number(),
  confidence_level: z.enum(CONFIDENCE_LEVELS),
  financial_metrics: ZFinancialMetrics,
  last_interaction: z.string().nullable(),
  /** 0–10; null until scored. */
  thematic_score: z.number().nullable(),
  thematic_recommendation: ZThematicRecommendation.nullable(),
  sector_alignment_score: z.number().nullable(),
  geographic_fit_score: z.number().nullable(),
  stage_fit_score: z.number().nullable(),
  financial_health_score: z.number().nullable(),
  monitoring_priority: ZMonitoringPriority.nullable(),
  scoring_breakdown: ZCompanyScoringBreakdown.nullable(),
  red_flags: z.array(ZRedFlag).nullable(),
  red_flag_score: z.number().nullable(),
  red_flag_level: ZRedFlagLevel.nullable(),
  red_flag_summary: ZRedFlagSummary.nullable(),
  suggested_facility: ZFacilitySuggestion.nullable(),
  last_scored_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

const watchFields = {
  on_watchlist: z.boolean(),
  watchlist_entry_id: z.uuid().nullable(),
};

/** A company with its watchlist entry: what POST /companies answers. */
export const ZCompanyWithWatch = ZCompany.extend(watchFields);
export type TCompanyWithWatch = z.infer<typeof ZCompanyWithWatch>;

/** The list shows this many investors and source articles per company (spec 02 Companies list). */
export const COMPANY_LIST_PREVIEW = 3;

/**
 * A row of the companies table and its expanded details: what the list shows, nothing more. The
 * first COMPANY_LIST_PREVIEW investors and source articles come with their full counts. The
 * company page and the create-deal dialog read the whole company from GET /companies/{id}.
 */
export const ZCompanyListItem = ZCompany.pick({
  id: true,
  name: true,
  industry: true,
  headquarters_country: true,
  stage: true,
  revenue: true,
  revenue_growth: true,
  description: true,
  confidence_level: true,
  thematic_score: true,
  monitoring_priority: true,
}).extend({
  ...watchFields,
  investors: z.array(z.string()).max(COMPANY_LIST_PREVIEW),
  investor_count: z.number().int(),
  source_articles: z.array(ZSourceArticle).max(COMPANY_LIST_PREVIEW),
  source_article_count: z.number().int(),
});
export type TCompanyListItem = z.infer<typeof ZCompanyListItem>;

export const ZCompanyDeal = z.object({
  id: z.uuid(),
  deal_number: z.number().int(),
  stage: ZDealStage,
  amount_requested: z.number(),
  thematic_score: z.number().nullable(),
});
export type TCompanyDeal = z.infer<typeof ZCompanyDeal>;

export const ZCompanyDetail = ZCompanyWithWatch.extend({ deals: z.array(ZCompanyDeal) });
export type TCompanyDetail = z.infer<typeof ZCompanyDetail>;

export const COMPANY_SORT_KEYS = [
  'name',
  'thematic_score',
  'created_at',
  'revenue',
  'revenue_growth',
] as const;
export type TCompanySortKey = (typeof COMPANY_SORT_KEYS)[number];
export type TCompanySort = TCompanySortKey | `-${TCompanySortKey}`;
export const COMPANY_SORTS = COMPANY_SORT_KEYS.flatMap((key): TCompanySort[] => [key, `-${key}`]) as [
  TCompanySort,
  ...TCompanySort[],
];

export const ZCompanyListQuery = z.object({
  /** Name contains this (case-insensitive). */
  search: z.string().trim().max(200).optional(),
  priority: ZMonitoringPriority.optional(),
  /** A field, descending with a leading '-'. Unknown values sort last. */
  sort: z.enum(COMPANY_SORTS).default('-thematic_score'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TCompanyListQuery = z.infer<typeof ZCompanyListQuery>;

export const ZCompanyListResponse = z.object({
  companies: z.array(ZCompanyListItem),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TCompanyListResponse = z.infer<typeof ZCompanyListResponse>;
