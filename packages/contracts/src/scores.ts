import { z } from 'zod';

/**
 * The shapes of what the scoring engine (packages/scoring) produces, as the API answers them on
 * deals and companies. Every score is 0–10; null until the engine has scored the row (the client
 * then shows "Scoring...").
 */

export const THEMATIC_RECOMMENDATIONS = ['proceed', 'conditional_proceed', 'reject'] as const;
export const ZThematicRecommendation = z.enum(THEMATIC_RECOMMENDATIONS);
export type TThematicRecommendation = z.infer<typeof ZThematicRecommendation>;

export const RED_FLAG_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const RED_FLAG_CATEGORIES = [
  'financial',
  'data_quality',
  'operational',
  'market',
  'relationship',
] as const;
/** reject is shown as Critical Risk. */
export const RED_FLAG_LEVELS = ['reject', 'high_risk', 'moderate_risk', 'low_risk'] as const;
export const ZRedFlagLevel = z.enum(RED_FLAG_LEVELS);
export type TRedFlagLevel = z.infer<typeof ZRedFlagLevel>;

export const ZRedFlag = z.object({
  severity: z.enum(RED_FLAG_SEVERITIES),
  flag_type: z.string(),
  description: z.string(),
  category: z.enum(RED_FLAG_CATEGORIES),
});
export type TRedFlag = z.infer<typeof ZRedFlag>;

export const ZRedFlagSummary = z.object({
  total_flags: z.number().int(),
  critical_flags: z.number().int(),
  high_flags: z.number().int(),
  medium_flags: z.number().int(),
  low_flags: z.number().int(),
  /** Critical and high flag descriptions, worst first, at most 5. */
  key_concerns: z.array(z.string()),
  flags_by_category: z.record(z.enum(RED_FLAG_CATEGORIES), z.number().int()),
  financial_flags: z.array(ZRedFlag),
  data_quality_flags: z.array(ZRedFlag),
  operational_flags: z.array(ZRedFlag),
  market_flags: z.array(ZRedFlag),
  relationship_flags: z.array(ZRedFlag),
});
export type TRedFlagSummary = z.infer<typeof ZRedFlagSummary>;

const dealComponents = {
  sector_alignment: z.number(),
  geographic_fit: z.number(),
  stage_fit: z.number(),
  deal_size_fit: z.number(),
  financial_metrics: z.number(),
};
const reasonsOf = <T extends Record<string, unknown>>(shape: T) =>
  z.object(
    Object.fromEntries(Object.keys(shape).map((key) => [key, z.string()])) as Record<keyof T, z.ZodString>,
  );

/** A deal's thematic score explained: each component 0–10, its reason, and the weights used. */
export const ZDealScoringBreakdown = z.object({
  sector_scores: z.object(dealComponents),
  reasons: reasonsOf(dealComponents),
  weights: z.object(dealComponents),
});
export type TDealScoringBreakdown = z.infer<typeof ZDealScoringBreakdown>;

const companyComponents = {
  sector_alignment: z.number(),
  geographic_fit: z.number(),
  stage_fit: z.number(),
  financial_health: z.number(),
};
/** A company has no ticket yet, so no deal-size component. */
export const ZCompanyScoringBreakdown = z.object({
  sector_scores: z.object(companyComponents),
  reasons: reasonsOf(companyComponents),
});
export type TCompanyScoringBreakdown = z.infer<typeof ZCompanyScoringBreakdown>;

const ZSizingBasis = z.object({ from: z.number(), min: z.number(), max: z.number() });

/** An indicative venture-debt facility in EUR, with the reasoning behind it. */
export const ZFacilitySuggestion = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  currency: z.literal('EUR'),
  reasoning: z.array(z.string()),
  basis: z.object({
    equity_round: ZSizingBasis.nullable(),
    revenue: ZSizingBasis.extend({ source: z.enum(['ARR', 'revenue']) }).nullable(),
    runway_extension: ZSizingBasis.nullable(),
    combined: z.object({ min: z.number(), max: z.number() }).nullable(),
    thesis_range: z.tuple([z.number(), z.number()]),
  }),
});
export type TFacilitySuggestion = z.infer<typeof ZFacilitySuggestion>;
