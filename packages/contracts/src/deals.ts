import { z } from 'zod';
import { isStorableMagnitude, MAX_AMOUNT, storable } from './common.ts';
import { ZFinancialMetrics } from './financial-metrics.ts';
import {
  ZDealScoringBreakdown,
  ZFacilitySuggestion,
  ZRedFlag,
  ZRedFlagLevel,
  ZRedFlagSummary,
  ZThematicRecommendation,
} from './scores.ts';
import { DEAL_TYPES } from './thesis.ts';

/** Pipeline stages (spec 02 §4). Any stage may be set directly; no order is enforced. */
export const DEAL_STAGES = [
  'lead',
  'qualified',
  'due_diligence',
  'ic_review',
  'term_sheet',
  'legal_docs',
  'closed',
  'rejected',
] as const;
export const ZDealStage = z.enum(DEAL_STAGES);
export type TDealStage = z.infer<typeof ZDealStage>;

/** How people read the stages, on screens and in the activity log. */
export const STAGE_LABELS: Record<TDealStage, string> = {
  lead: 'Lead',
  qualified: 'Qualified',
  due_diligence: 'Due Diligence',
  ic_review: 'IC Review',
  term_sheet: 'Term Sheet',
  legal_docs: 'Legal Docs',
  closed: 'Closed',
  rejected: 'Rejected',
};

export const DEAL_SOURCE_TYPES = [
  'direct',
  'tier1_vc',
  'tier2_vc',
  'referral',
  'inbound',
  'conference',
] as const;
export const ZDealSourceType = z.enum(DEAL_SOURCE_TYPES);
export type TDealSourceType = z.infer<typeof ZDealSourceType>;

/** Amounts are in EUR, the organisation's (and the thesis') currency; see decision 005. */
export const ZAmount = storable(
  z
    .number({ error: (iss) => (iss.input === undefined ? undefined : 'must be a number') })
    .min(0, { message: 'must not be negative' })
    .max(MAX_AMOUNT, { message: 'is too large' }),
);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });
/** An ISO 8601 date-time with an offset (e.g. 2026-01-31T09:00:00Z), or null for never. */
export const ZTimestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

const dealFields = {
  amount_requested: ZAmount,
  stage: ZDealStage,
  source_type: ZDealSourceType.nullable(),
  source_name: text(200).nullable(),
  description: text(10_000).nullable(),
  /** Free text, matched forgivingly to the thesis sectors. Defaults to the company's industry. */
  sector: text(200).nullable(),
  /** Country, region or "City, Country". Defaults to the company's headquarters country. */
  geography: text(200).nullable(),
  deal_type: z.enum(DEAL_TYPES).nullable(),
  /** Defaults to the company's financial facts. */
  financial_metrics: ZFinancialMetrics,
  last_interaction: ZTimestamp.nullable(),
};

export const ZCreateDealRequest = z
  .object({
    /** The company of the deal; or give company_name instead. */
    company_id: z.uuid().optional(),
    /** Links the company of this name (case-insensitive), or creates it. Ignored when company_id is given. */
    company_name: text(200).min(1, { message: 'Company name must not be blank' }).optional(),
    amount_requested: dealFields.amount_requested,
    stage: dealFields.stage.default('lead'),
    source_type: dealFields.source_type.optional(),
    source_name: dealFields.source_name.optional(),
    description: dealFields.description.optional(),
    sector: dealFields.sector.optional(),
    geography: dealFields.geography.optional(),
    deal_type: dealFields.deal_type.optional(),
    financial_metrics: dealFields.financial_metrics.optional(),
    last_interaction: dealFields.last_interaction.optional(),
  })
  .refine((body) => body.company_id !== undefined || body.company_name !== undefined, {
    message: 'Company name or company id is required',
    path: ['company_name'],
  });
export type TCreateDealRequest = z.infer<typeof ZCreateDealRequest>;
export type TCreateDealInput = z.input<typeof ZCreateDealRequest>;

/** Any subset of the deal's fields; the table sends one changed field at a time. */
export const ZUpdateDealRequest = z
  .object({
    company_id: z.uuid(),
    ...dealFields,
    /** The team's own recommendation; null goes back to the computed one. */
    thematic_recommendation: ZThematicRecommendation.nullable(),
  })
  .partial();
export type TUpdateDealRequest = z.infer<typeof ZUpdateDealRequest>;

export const ZDeal = z.object({
  id: z.uuid(),
  /** 1, 2, 3… within the organisation; never reused. */
  deal_number: z.number().int(),
  /** The company's name. */
  company: z.string(),
  company_id: z.uuid(),
  amount_requested: z.number(),
  stage: ZDealStage,
  source_type: ZDealSourceType.nullable(),
  source_name: z.string().nullable(),
  description: z.string().nullable(),
  sector: z.string().nullable(),
  geography: z.string().nullable(),
  deal_type: z.enum(DEAL_TYPES).nullable(),
  financial_metrics: ZFinancialMetrics,
  /** 0–10; null until scored (the client shows Scoring...). */
  thematic_score: z.number().nullable(),
  /** The team's override when set, else the engine's. */
  thematic_recommendation: ZThematicRecommendation.nullable(),
  scoring_breakdown: ZDealScoringBreakdown.nullable(),
  red_flag_level: ZRedFlagLevel.nullable(),
  red_flag_score: z.number().nullable(),
  red_flag_summary: ZRedFlagSummary.nullable(),
  red_flags: z.array(ZRedFlag).nullable(),
  suggested_facility: ZFacilitySuggestion.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_interaction: z.string().nullable(),
});
export type TDeal = z.infer<typeof ZDeal>;

export const DEAL_SORT_KEYS = [
  'created_at',
  'thematic_score',
  'amount_requested',
  'deal_number',
  'company',
  'last_interaction',
  'stage',
] as const;
export type TDealSortKey = (typeof DEAL_SORT_KEYS)[number];
export type TDealSort = TDealSortKey | `-${TDealSortKey}`;
export const DEAL_SORTS = DEAL_SORT_KEYS.flatMap((key): TDealSort[] => [key, `-${key}`]) as [
  TDealSort,
  ...TDealSort[],
];

const ZScoreBound = z.coerce
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be between 0 and 10' })
  .max(10, { message: 'must be between 0 and 10' })
  .refine(isStorableMagnitude, { message: 'is too close to zero to compare; send 0 instead' });

/** `stage=lead&stage=qualified` or `stage=lead,qualified`. */
const ZStageFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(ZDealStage));

/** `red_flag_level=reject` or `red_flag_level=reject,high_risk` (reject is the table's Critical Risk). */
const ZRedFlagLevelFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(ZRedFlagLevel));

export const ZDealListQuery = z.object({
  stage: ZStageFilter.optional(),
  /** Only the open pipeline (every stage but closed and rejected); with stage, the open ones among them. */
  open: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  red_flag_level: ZRedFlagLevelFilter.optional(),
  min_score: ZScoreBound.optional(),
  max_score: ZScoreBound.optional(),
  /** Company name or description contains this (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  /** A field, descending with a leading '-'. Unscored deals and unknown values sort last. */
  sort: z.enum(DEAL_SORTS).default('-created_at'),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TDealListQuery = z.infer<typeof ZDealListQuery>;

/**
 * A row of the deals table: what the table shows, nothing more (spec 02 Deals table). The side
 * panel, the score dialog and edits read the whole deal from GET /deals/{id}.
 */
export const ZDealListItem = ZDeal.pick({
  id: true,
  deal_number: true,
  company: true,
  company_id: true,
  stage: true,
  amount_requested: true,
  sector: true,
  thematic_score: true,
  thematic_recommendation: true,
  red_flag_level: true,
  last_interaction: true,
});
export type TDealListItem = z.infer<typeof ZDealListItem>;

/** A card of the Kanban board: lighter still (spec 02 Deals board). */
export const ZDealBoardCard = ZDeal.pick({
  id: true,
  deal_number: true,
  company: true,
  stage: true,
  amount_requested: true,
  thematic_score: true,
  red_flag_level: true,
});
export type TDealBoardCard = z.infer<typeof ZDealBoardCard>;

export const ZDealListResponse = z.object({
  deals: z.array(ZDealListItem),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TDealListResponse = z.infer<typeof ZDealListResponse>;

export const ZDealBoardResponse = z.object({
  deals: z.array(ZDealBoardCard),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TDealBoardResponse = z.infer<typeof ZDealBoardResponse>;

/** One Kanban column header. */
export const ZDealStageSummary = z.object({
  stage: ZDealStage,
  count: z.number().int(),
  total_amount: z.number(),
});
export type TDealStageSummary = z.infer<typeof ZDealStageSummary>;

/** Every stage in pipeline order, zeros included. */
export const ZDealSummaryResponse = z.object({ stages: z.array(ZDealStageSummary) });
export type TDealSummaryResponse = z.infer<typeof ZDealSummaryResponse>;
