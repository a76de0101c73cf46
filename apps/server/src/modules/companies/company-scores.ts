import type {
  TCompanyScoringBreakdown,
  TFacilitySuggestion,
  TFinancialMetrics,
  TInvestmentThesis,
  TRedFlag,
  TRedFlagSummary,
} from '@atempo/contracts';
import { round1, type ScoreInputField, type ScoringSubject, scoreCompany } from '@atempo/scoring';

/** The facts of a company the engine reads. */
export interface CompanyFacts {
  industry: string | null;
  headquartersCountry: string | null;
  stage: string | null;
  revenue: number | null;
  revenueGrowth: number | null;
  employeeCount: number | null;
  lastFundingAmount: number | null;
  financialMetrics: TFinancialMetrics;
  lastInteractionAt: Date | null;
  createdAt: Date;
  source: string | null;
}

/** Request fields feeding each engine input (see DEAL_SCORE_INPUTS). */
export const COMPANY_SCORE_INPUTS: Record<ScoreInputField, readonly string[]> = {
  sector: ['industry'],
  geography: ['headquarters_country'],
  stage: ['stage'],
  deal_type: [],
  amount_requested: [],
  financial_metrics: [
    'financial_metrics',
    'revenue',
    'revenue_growth',
    'employee_count',
    'last_funding_amount',
  ],
  last_interaction_at: ['last_interaction'],
  created_at: [],
};
const COMPANY_SCORE_FIELDS = new Set(Object.values(COMPANY_SCORE_INPUTS).flat());

export function touchesCompanyScore(patch: object): boolean {
  return Object.keys(patch).some((field) => COMPANY_SCORE_FIELDS.has(field));
}

/** Deals read their company's funding stage, so a change of it re-scores them. */
export function touchesDealsOfCompany(patch: object): boolean {
  return 'stage' in patch;
}

/**
 * The company's metrics with its headline facts (revenue, growth, head count, last round) laid
 * over the detailed ones: the headline columns are what people edit on the Companies screen.
 * Unknown values are left out rather than stored as null.
 */
export function companyMetrics(company: CompanyFacts): TFinancialMetrics {
  // A plain loop rather than spread-and-filter: this runs for every company of a re-score.
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(company.financialMetrics)) {
    if (value !== undefined && value !== null) merged[key] = value;
  }
  if (typeof company.revenue === 'number') merged.revenue = company.revenue;
  if (typeof company.revenueGrowth === 'number') merged.revenue_growth = company.revenueGrowth;
  if (typeof company.employeeCount === 'number') merged.employee_count = company.employeeCount;
  if (typeof company.lastFundingAmount === 'number') merged.last_round_amount = company.lastFundingAmount;
  return merged as TFinancialMetrics;
}

export function companySubject(company: CompanyFacts): ScoringSubject {
  return {
    sector: company.industry,
    geography: company.headquartersCountry,
    stage: company.stage,
    financial_metrics: companyMetrics(company),
    last_interaction_at: company.lastInteractionAt?.toISOString() ?? null,
    created_at: company.createdAt.toISOString(),
    source_type: company.source,
  };
}

export interface CompanyScoreColumns {
  thematicScore: number;
  thematicRecommendation: string;
  sectorAlignmentScore: number;
  geographicFitScore: number;
  stageFitScore: number;
  financialHealthScore: number;
  monitoringPriority: string;
  scoringBreakdown: TCompanyScoringBreakdown;
  redFlags: TRedFlag[];
  redFlagScore: number;
  redFlagLevel: string;
  redFlagSummary: TRedFlagSummary;
  suggestedFacility: TFacilitySuggestion;
  lastScoredAt: Date;
}

export function scoreCompanyColumns(
  company: CompanyFacts,
  thesis: TInvestmentThesis,
  now: Date,
): CompanyScoreColumns {
  const score = scoreCompany(companySubject(company), thesis, now);
  const components = {
    sector_alignment: round1(score.sector_alignment_score),
    geographic_fit: round1(score.geographic_fit_score),
    stage_fit: round1(score.stage_fit_score),
    financial_health: round1(score.financial_health_score),
  };
  return {
    thematicScore: score.thematic_score,
    thematicRecommendation: score.thematic_recommendation,
    sectorAlignmentScore: components.sector_alignment,
    geographicFitScore: components.geographic_fit,
    stageFitScore: components.stage_fit,
    financialHealthScore: components.financial_health,
    monitoringPriority: score.monitoring_priority,
    scoringBreakdown: { sector_scores: components, reasons: score.reasons },
    redFlags: score.red_flags,
    redFlagScore: score.red_flag_score,
    redFlagLevel: score.red_flag_level,
    redFlagSummary: score.red_flag_summary,
    suggestedFacility: score.suggested_facility,
    lastScoredAt: now,
  };
}
