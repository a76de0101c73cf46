import type {
  TCreateDealRequest,
  TDeal,
  TDealBoardCard,
  TDealListItem,
  TFinancialMetrics,
  TUpdateDealRequest,
} from '@atempo/contracts';
import type { CompanyRow } from '../companies/index.ts';
import { companyFacts, companyMetrics } from '../companies/index.ts';
import type { DealFacts } from './deal-scores.ts';
import type { DealBoardRow, DealListRow, DealRow, NewDealRow } from './deals.repository.ts';

/** Request field → column; every field of the update contract must have one. */
const COLUMN_OF = {
  company_id: 'companyId',
  amount_requested: 'amountRequested',
  stage: 'stage',
  source_type: 'sourceType',
  source_name: 'sourceName',
  description: 'description',
  sector: 'sector',
  geography: 'geography',
  deal_type: 'dealType',
  financial_metrics: 'financialMetrics',
  last_interaction: 'lastInteraction',
  thematic_recommendation: 'recommendationOverride',
} as const satisfies Record<keyof TUpdateDealRequest, keyof NewDealRow>;

/** The columns an update request sets; fields it leaves out are left out. */
export function columnsFromRequest(patch: TUpdateDealRequest): Partial<NewDealRow> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = patch[field as keyof TUpdateDealRequest];
    if (value === undefined) continue;
    columns[column] = field === 'last_interaction' && typeof value === 'string' ? new Date(value) : value;
  }
  return columns as Partial<NewDealRow>;
}

/**
 * A new deal row (without scores). Sector and geography default to the company's industry and
 * headquarters country, the financial metrics to the company's, when the request has none.
 */
export function newDealRow(
  input: TCreateDealRequest,
  context: {
    organizationId: string;
    createdBy: string | null;
    company: CompanyRow;
    dealNumber: number;
    now: Date;
  },
): NewDealRow & DealFacts {
  const { company, now } = context;
  return {
    organizationId: context.organizationId,
    dealNumber: context.dealNumber,
    companyId: company.id,
    amountRequested: input.amount_requested,
    stage: input.stage,
    sourceType: input.source_type ?? null,
    sourceName: input.source_name ?? null,
    description: input.description ?? null,
    sector: input.sector ?? company.industry,
    geography: input.geography ?? company.headquartersCountry,
    dealType: input.deal_type ?? null,
    financialMetrics: input.financial_metrics ?? companyMetrics(companyFacts(company)),
    lastInteraction: input.last_interaction ? new Date(input.last_interaction) : null,
    createdBy: context.createdBy,
    createdAt: now,
    updatedAt: now,
  };
}

export function dealFacts(row: DealRow | (NewDealRow & DealFacts)): DealFacts {
  return {
    sector: row.sector ?? null,
    geography: row.geography ?? null,
    dealType: row.dealType ?? null,
    amountRequested: row.amountRequested,
    financialMetrics: (row.financialMetrics ?? {}) as TFinancialMetrics,
    lastInteraction: row.lastInteraction ?? null,
    createdAt: row.createdAt ?? new Date(),
    sourceType: row.sourceType ?? null,
  };
}

export function toDeal(row: DealRow, companyName: string): TDeal {
  return {
    id: row.id,
    deal_number: row.dealNumber,
    company: companyName,
    company_id: row.companyId,
    amount_requested: row.amountRequested,
    stage: row.stage as TDeal['stage'],
    source_type: row.sourceType as TDeal['source_type'],
    source_name: row.sourceName,
    description: row.description,
    sector: row.sector,
    geography: row.geography,
    deal_type: row.dealType as TDeal['deal_type'],
    financial_metrics: row.financialMetrics as TFinancialMetrics,
    thematic_score: row.thematicScore,
    thematic_recommendation: (row.recommendationOverride ??
      row.thematicRecommendation) as TDeal['thematic_recommendation'],
    scoring_breakdown: row.scoringBreakdown as TDeal['scoring_breakdown'],
    red_flag_level: row.redFlagLevel as TDeal['red_flag_level'],
    red_flag_score: row.redFlagScore,
    red_flag_summary: row.redFlagSummary as TDeal['red_flag_summary'],
    red_flags: row.redFlags as TDeal['red_flags'],
    suggested_facility: row.suggestedFacility as TDeal['suggested_facility'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_interaction: row.lastInteraction?.toISOString() ?? null,
  };
}

export function toDealListItem(row: DealListRow): TDealListItem {
  return {
    id: row.id,
    deal_number: row.dealNumber,
    company: row.companyName,
    company_id: row.companyId,
    stage: row.stage as TDeal['stage'],
    amount_requested: row.amountRequested,
    sector: row.sector,
    thematic_score: row.thematicScore,
    thematic_recommendation: row.thematicRecommendation as TDeal['thematic_recommendation'],
    red_flag_level: row.redFlagLevel as TDeal['red_flag_level'],
    last_interaction: row.lastInteraction?.toISOString() ?? null,
  };
}

export function toDealBoardCard(row: DealBoardRow): TDealBoardCard {
  return {
    id: row.id,
    deal_number: row.dealNumber,
    company: row.companyName,
    stage: row.stage as TDeal['stage'],
    amount_requested: row.amountRequested,
    thematic_score: row.thematicScore,
    red_flag_level: row.redFlagLevel as TDeal['red_flag_level'],
  };
}
