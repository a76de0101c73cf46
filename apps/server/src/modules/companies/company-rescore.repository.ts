import { companies, type Database } from '@atempo/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import { type ChangedColumn, writeChangedColumns } from '../../platform/changed-columns-update.ts';
import type { CompanyFacts, CompanyScoreColumns } from './company-scores.ts';

/** Organisations with anything to score (a deal always has a company). */
export async function organizationsWithCompanies(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: companies.organizationId })
    .from(companies)
    .orderBy(asc(companies.organizationId));
  return rows.map((row) => row.organizationId);
}

/**
 * The next page of an organisation's companies to re-score: the id and what the engine reads,
 * nothing else. Locked (no key update) until the caller's transaction ends, so an edit cannot
 * land between reading a row and writing its scores.
 */
export async function companiesPageToScore(
  db: Database,
  organizationId: string,
  afterId: string | null,
  limit: number,
): Promise<(CompanyFacts & { id: string })[]> {
  const conditions = [eq(companies.organizationId, organizationId)];
  if (afterId) conditions.push(gt(companies.id, afterId));
  const rows = await db
    .select({
      id: companies.id,
      industry: companies.industry,
      headquartersCountry: companies.headquartersCountry,
      stage: companies.stage,
      revenue: companies.revenue,
      revenueGrowth: companies.revenueGrowth,
      employeeCount: companies.employeeCount,
      lastFundingAmount: companies.lastFundingAmount,
      financialMetrics: companies.financialMetrics,
      lastInteractionAt: companies.lastInteractionAt,
      createdAt: companies.createdAt,
      source: companies.source,
    })
    .from(companies)
    .where(and(...conditions))
    .orderBy(asc(companies.id))
    .limit(limit)
    .for('no key update');
  return rows as (CompanyFacts & { id: string })[];
}

/** The score columns of a company row, in the engine's names; the time stamp is written apart. */
const COMPANY_SCORE_COLUMNS = {
  thematicScore: ['thematic_score', 'real'],
  thematicRecommendation: ['thematic_recommendation', 'text'],
  sectorAlignmentScore: ['sector_alignment_score', 'real'],
  geographicFitScore: ['geographic_fit_score', 'real'],
  stageFitScore: ['stage_fit_score', 'real'],
  financialHealthScore: ['financial_health_score', 'real'],
  monitoringPriority: ['monitoring_priority', 'text'],
  scoringBreakdown: ['scoring_breakdown', 'jsonb'],
  redFlags: ['red_flags', 'jsonb'],
  redFlagScore: ['red_flag_score', 'real'],
  redFlagLevel: ['red_flag_level', 'text'],
  redFlagSummary: ['red_flag_summary', 'jsonb'],
  suggestedFacility: ['suggested_facility', 'jsonb'],
} as const satisfies Record<keyof Omit<CompanyScoreColumns, 'lastScoredAt'>, ChangedColumn>;

/** Writes a page of scores in one statement, only the rows whose scores changed; answers how many. */
export function writeCompanyScores(
  db: Database,
  organizationId: string,
  now: Date,
  rows: { id: string; scores: Omit<CompanyScoreColumns, 'lastScoredAt'> }[],
): Promise<number> {
  return writeChangedColumns(
    db,
    { table: 'companies', organizationId, stampColumn: 'last_scored_at', now },
    COMPANY_SCORE_COLUMNS,
    rows,
  );
}
