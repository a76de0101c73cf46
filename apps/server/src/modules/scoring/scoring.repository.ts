import { companies, type Database, deals } from '@atempo/db';
import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import { dealScoreChangeInsert } from '../deal-activity/index.ts';
import type { CompanyFacts, CompanyScoreColumns } from './company-scores.ts';
import type { DealFacts, DealScoreColumns } from './deal-scores.ts';

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

/** A score column: its SQL name and type (as jsonb_to_recordset must be told). */
type ScoreColumn = readonly [name: string, type: 'real' | 'text' | 'jsonb'];

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
} as const satisfies Record<keyof Omit<CompanyScoreColumns, 'lastScoredAt'>, ScoreColumn>;

const DEAL_SCORE_COLUMNS = {
  thematicScore: ['thematic_score', 'real'],
  thematicRecommendation: ['thematic_recommendation', 'text'],
  scoringBreakdown: ['scoring_breakdown', 'jsonb'],
  redFlags: ['red_flags', 'jsonb'],
  redFlagScore: ['red_flag_score', 'real'],
  redFlagLevel: ['red_flag_level', 'text'],
  redFlagSummary: ['red_flag_summary', 'jsonb'],
  suggestedFacility: ['suggested_facility', 'jsonb'],
} as const satisfies Record<keyof Omit<DealScoreColumns, 'scoredAt'>, ScoreColumn>;

/**
 * Writes a page of scores in one statement: the page travels as one jsonb array, unpacked by
 * jsonb_to_recordset, and only rows whose scores differ from what is stored are written (the
 * others keep their tuple, their time stamp and cost no WAL). Answers how many rows changed.
 * Every name in the statement comes from the constant column maps above, never from input.
 * `log` (deals) is an INSERT … SELECT run as a CTE of the same statement; it reads `before` (the
 * logged columns as stored) and `written` (the same columns of the rows the UPDATE changed).
 */
async function writeChangedScores(
  db: Database,
  target: { table: string; organizationId: string; stampColumn: string; now: Date },
  columns: Record<string, ScoreColumn>,
  rows: { id: string; scores: Record<string, unknown> }[],
  log?: { columns: string[]; insert: SQL },
): Promise<number> {
  if (rows.length === 0) return 0;
  const entries = Object.entries(columns);
  const records = rows.map(({ id, scores }) => {
    const record: Record<string, unknown> = { id };
    for (const [key, [name]] of entries) record[name] = scores[key] ?? null;
    return record;
  });
  const names = entries.map(([, [name]]) => name);
  const recordType = sql.raw(['id uuid', ...entries.map(([, [name, type]]) => `${name} ${type}`)].join(', '));
  const assignments = sql.raw(names.map((name) => `${name} = v.${name}`).join(', '));
  const stored = sql.raw(names.map((name) => `t.${name}`).join(', '));
  const computed = sql.raw(names.map((name) => `v.${name}`).join(', '));
  const table = sql.raw(target.table);
  const logged = sql.raw(['id', ...(log?.columns ?? [])].map((name) => `t.${name}`).join(', '));
  const update = sql`
    update ${table} as t
    set ${assignments}, ${sql.raw(target.stampColumn)} = ${target.now.toISOString()}::timestamptz
    from v
    where t.id = v.id
      and t.organization_id = ${target.organizationId}
      and (${stored}) is distinct from (${computed})
    returning ${logged}`;
  const values = sql`v as (select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(${recordType}))`;
  const statement: SQL = log
    ? sql`
      with ${values},
      before as (
        select ${logged} from ${table} as t join v on v.id = t.id
        where t.organization_id = ${target.organizationId}
      ),
      written as (${update}),
      logged as (${log.insert})
      select id from written`
    : sql`with ${values} ${update}`;
  const result = (await db.execute(statement)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export function writeCompanyScores(
  db: Database,
  organizationId: string,
  now: Date,
  rows: { id: string; scores: Omit<CompanyScoreColumns, 'lastScoredAt'> }[],
): Promise<number> {
  return writeChangedScores(
    db,
    { table: 'companies', organizationId, stampColumn: 'last_scored_at', now },
    COMPANY_SCORE_COLUMNS,
    rows,
  );
}

export function writeDealScores(
  db: Database,
  organizationId: string,
  now: Date,
  rows: { id: string; scores: Omit<DealScoreColumns, 'scoredAt'> }[],
): Promise<number> {
  return writeChangedScores(
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

export async function countDeals(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(deals)
    .where(eq(deals.organizationId, organizationId));
  return row?.total ?? 0;
}
