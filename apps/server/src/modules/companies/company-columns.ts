import {
  confidenceLevel,
  DEFAULT_CONFIDENCE_SCORE,
  type TCompany,
  type TCompanyListItem,
  type TCompanyWithWatch,
  type TCreateCompanyRequest,
  type TFinancialMetrics,
  type TUpdateCompanyRequest,
} from '@atempo/contracts';
import type { CompanyListRow, CompanyRow, CompanyWithWatch, NewCompanyRow } from './companies.repository.ts';
import type { CompanyFacts } from './company-scores.ts';

/** Request field → column; every field of the contract must have one. */
const COLUMN_OF = {
  name: 'name',
  industry: 'industry',
  headquarters_country: 'headquartersCountry',
  stage: 'stage',
  revenue: 'revenue',
  employee_count: 'employeeCount',
  website: 'website',
  description: 'description',
  last_funding_amount: 'lastFundingAmount',
  total_funding: 'totalFunding',
  revenue_growth: 'revenueGrowth',
  has_tier1_vc: 'hasTier1Vc',
  recent_cfo_hire: 'recentCfoHire',
  ipo_signals: 'ipoSignals',
  investors: 'investors',
  source_articles: 'sourceArticles',
  source: 'source',
  founded_year: 'foundedYear',
  ceo_name: 'ceoName',
  confidence_score: 'confidenceScore',
  financial_metrics: 'financialMetrics',
  last_interaction: 'lastInteractionAt',
} as const satisfies Record<keyof TUpdateCompanyRequest, keyof NewCompanyRow>;

/** The columns a create or update request sets; fields it leaves out are left out. */
export function columnsFromRequest(input: TUpdateCompanyRequest): Partial<NewCompanyRow> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = input[field as keyof TUpdateCompanyRequest];
    if (value === undefined) continue;
    columns[column] = field === 'last_interaction' && typeof value === 'string' ? new Date(value) : value;
  }
  return columns as Partial<NewCompanyRow>;
}

/** A new company row (without scores) from a create request. */
export function newCompanyRow(
  organizationId: string,
  input: TCreateCompanyRequest,
  now: Date,
): NewCompanyRow & { name: string } {
  return {
    confidenceScore: DEFAULT_CONFIDENCE_SCORE,
    ...columnsFromRequest(input),
    name: input.name,
    organizationId,
    createdAt: now,
    updatedAt: now,
  };
}

/** What the engine reads, from a stored row or from values about to be stored. */
export function companyFacts(row: Partial<NewCompanyRow> & { createdAt?: Date }): CompanyFacts {
  return {
    industry: row.industry ?? null,
    headquartersCountry: row.headquartersCountry ?? null,
    stage: row.stage ?? null,
    revenue: row.revenue ?? null,
    revenueGrowth: row.revenueGrowth ?? null,
    employeeCount: row.employeeCount ?? null,
    lastFundingAmount: row.lastFundingAmount ?? null,
    financialMetrics: (row.financialMetrics ?? {}) as TFinancialMetrics,
    lastInteractionAt: row.lastInteractionAt ?? null,
    createdAt: row.createdAt ?? new Date(),
    source: row.source ?? null,
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toCompany(row: CompanyRow): TCompany {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry,
    headquarters_country: row.headquartersCountry,
    stage: row.stage,
    revenue: row.revenue,
    employee_count: row.employeeCount,
    website: row.website,
    description: row.description,
    last_funding_amount: row.lastFundingAmount,
    total_funding: row.totalFunding,
    revenue_growth: row.revenueGrowth,
    has_tier1_vc: row.hasTier1Vc,
    recent_cfo_hire: row.recentCfoHire,
    ipo_signals: row.ipoSignals,
    investors: row.investors as TCompany['investors'],
    source_articles: row.sourceArticles as TCompany['source_articles'],
    source: row.source as TCompany['source'],
    founded_year: row.foundedYear,
    ceo_name: row.ceoName,
    confidence_score: row.confidenceScore,
    confidence_level: confidenceLevel(row.confidenceScore),
    financial_metrics: row.financialMetrics as TFinancialMetrics,
    last_interaction: iso(row.lastInteractionAt),
    thematic_score: row.thematicScore,
    thematic_recommendation: row.thematicRecommendation as TCompany['thematic_recommendation'],
    sector_alignment_score: row.sectorAlignmentScore,
    geographic_fit_score: row.geographicFitScore,
    stage_fit_score: row.stageFitScore,
    financial_health_score: row.financialHealthScore,
    monitoring_priority: row.monitoringPriority as TCompany['monitoring_priority'],
    scoring_breakdown: row.scoringBreakdown as TCompany['scoring_breakdown'],
    red_flags: row.redFlags as TCompany['red_flags'],
    red_flag_score: row.redFlagScore,
    red_flag_level: row.redFlagLevel as TCompany['red_flag_level'],
    red_flag_summary: row.redFlagSummary as TCompany['red_flag_summary'],
    suggested_facility: row.suggestedFacility as TCompany['suggested_facility'],
    last_scored_at: iso(row.lastScoredAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toCompanyWithWatch(row: CompanyWithWatch): TCompanyWithWatch {
  return {
    ...toCompany(row),
    on_watchlist: row.watchlistEntryId !== null,
    watchlist_entry_id: row.watchlistEntryId,
  };
}

export function toCompanyListItem(row: CompanyListRow): TCompanyListItem {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry,
    headquarters_country: row.headquartersCountry,
    stage: row.stage,
    revenue: row.revenue,
    revenue_growth: row.revenueGrowth,
    description: row.description,
    confidence_level: confidenceLevel(row.confidenceScore),
    thematic_score: row.thematicScore,
    monitoring_priority: row.monitoringPriority as TCompany['monitoring_priority'],
    on_watchlist: row.watchlistEntryId !== null,
    watchlist_entry_id: row.watchlistEntryId,
    investors: row.investors as TCompanyListItem['investors'],
    investor_count: row.investorCount,
    source_articles: row.sourceArticles as TCompanyListItem['source_articles'],
    source_article_count: row.sourceArticleCount,
  };
}
