import { companies, type Database, deals } from '@atempo/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import { type ChangedColumn, writeChangedColumns } from '../../platform/changed-columns-update.ts';
import { dealScoreChangeInsert } from '../deal-activity/index.ts';
import type { DealFacts, DealScoreColumns } from './deal-scores.ts';

/** The next page of deals to re-score (the organisation's, or one company's), with the company's stage. */
export async function dealsPageToScore(
  db: Database,
  organizationId: string,
  scope: { afterId: string | null; companyId?: string },
  limit: number,
): Promise<(DealFacts & { id: string; companyStage: string | null })[]> {
  const conditions = [eq(deals.organizationId, organizationId)];
  if (scope.companyId) conditions.push(eq(deals.companyId, scope.companyId));
  if (scope.afterId) conditions.push(gt(deals.id, scope.afterId));
  const rows = await db
    .select({
      id: deals.id,
      sector: deals.sector,
      geography: deals.geography,
      dealType: deals.dealType,
      amountRequested: deals.amountRequested,
      financialMetrics: deals.financialMetrics,
      lastInteraction: deals.lastInteraction,
      createdAt: deals.createdAt,
      sourceType: deals.sourceType,
      companyStage: companies.stage,
    })
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(and(...conditions))
    .orderBy(asc(deals.id))
    .limit(limit)
    .for('no key update', { of: deals });
  return rows as (DealFacts & { id: string; companyStage: string | null })[];
}

const DEAL_SCORE_COLUMNS = {
  thematicScore: ['thematic_score', 'real'],
  thematicRecommendation: ['thematic_recommendation', 'text'],
  scoringBreakdown: ['scoring_breakdown', 'jsonb'],
  redFlags: ['red_flags', 'jsonb'],
  redFlagScore: ['red_flag_score', 'real'],
  redFlagLevel: ['red_flag_level', 'text'],
  redFlagSummary: ['red_flag_summary', 'jsonb'],
  suggestedFacility: ['suggested_facility', 'jsonb'],
} as const satisfies Record<keyof Omit<DealScoreColumns, 'scoredAt'>, ChangedColumn>;

/**
 * Writes a page of scores in one statement, only the rows whose scores changed; answers how many.
 * The deals whose score changed are logged in the same statement: deal-activity's INSERT … SELECT
 * (dealScoreChangeInsert) runs as a CTE over the rows the UPDATE wrote, so a page of 500 deals is
 * logged with its scores, never row by row. The insert's text is deal-activity's own.
 */
export function writeDealScores(
  db: Database,
  organizationId: string,
  now: Date,
  rows: { id: string; scores: Omit<DealScoreColumns, 'scoredAt'> }[],
): Promise<number> {
  return writeChangedColumns(
    db,
    { table: 'deals', organizationId, stampColumn: 'scored_at', now },
    DEAL_SCORE_COLUMNS,
    rows,
    {
      columns: ['thematic_score', 'red_flag_level', 'red_flags'],
      insert: dealScoreChangeInsert(organizationId),
    },
  );
}
