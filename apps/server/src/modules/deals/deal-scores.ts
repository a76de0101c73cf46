import type {
  TDealScoringBreakdown,
  TFacilitySuggestion,
  TFinancialMetrics,
  TInvestmentThesis,
  TRedFlag,
  TRedFlagSummary,
} from '@atempo/contracts';
import { type ScoreInputField, type ScoringSubject, scoreDeal } from '@atempo/scoring';

/** The facts of a deal the engine reads; the funding stage is the company's. */
export interface DealFacts {
  sector: string | null;
  geography: string | null;
  dealType: string | null;
  amountRequested: number;
  financialMetrics: TFinancialMetrics;
  lastInteraction: Date | null;
  createdAt: Date;
  sourceType: string | null;
}

/**
 * Which request fields feed each engine input, so a PATCH re-scores exactly when one of them is
 * sent. Typed by the engine's SCORE_INPUT_FIELDS: a new engine input fails to compile until mapped.
 * `company_id` feeds the funding stage (a deal's stage_fit uses its company's stage).
 */
export const DEAL_SCORE_INPUTS: Record<ScoreInputField, readonly string[]> = {
  sector: ['sector'],
  geography: ['geography'],
  stage: ['company_id'],
  deal_type: ['deal_type'],
  amount_requested: ['amount_requested'],
  financial_metrics: ['financial_metrics'],
  last_interaction_at: ['last_interaction'],
  created_at: [],
};
const DEAL_SCORE_FIELDS = new Set(Object.values(DEAL_SCORE_INPUTS).flat());

export function touchesDealScore(patch: object): boolean {
  return Object.keys(patch).some((field) => DEAL_SCORE_FIELDS.has(field));
}

export function dealSubject(deal: DealFacts, companyStage: string | null): ScoringSubject {
  return {
    sector: deal.sector,
    geography: deal.geography,
    stage: companyStage,
    deal_type: deal.dealType,
    amount_requested: deal.amountRequested,
    financial_metrics: deal.financialMetrics,
    // null (never) makes the relationship age run from created_at.
    last_interaction_at: deal.lastInteraction?.toISOString() ?? null,
    created_at: deal.createdAt.toISOString(),
    source_type: deal.sourceType,
  };
}

/** The score columns of a deal row, as the API shapes them. */
export interface DealScoreColumns {
  thematicScore: number;
  thematicRecommendation: string;
  scoringBreakdown: TDealScoringBreakdown;
  redFlags: TRedFlag[];
  redFlagScore: number;
  redFlagLevel: string;
  redFlagSummary: TRedFlagSummary;
  suggestedFacility: TFacilitySuggestion;
  scoredAt: Date;
}

export function scoreDealColumns(
  deal: DealFacts,
  companyStage: string | null,
  thesis: TInvestmentThesis,
  now: Date,
): DealScoreColumns {
  const score = scoreDeal(dealSubject(deal, companyStage), thesis, now);
  return {
    thematicScore: score.thematic_score,
    thematicRecommendation: score.thematic_recommendation,
    scoringBreakdown: score.scoring_breakdown,
    redFlags: score.red_flags,
    redFlagScore: score.red_flag_score,
    redFlagLevel: score.red_flag_level,
    redFlagSummary: score.red_flag_summary,
    suggestedFacility: score.suggested_facility,
    scoredAt: now,
  };
}
