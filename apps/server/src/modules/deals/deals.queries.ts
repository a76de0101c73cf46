import { RED_FLAG_SEVERITIES, type TDealStage, type TRedFlag, type TRedFlagLevel } from '@atempo/contracts';
import { type Database, deals } from '@atempo/db';
import { SEVERITY_POINTS } from '@atempo/scoring';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { criticalRiskSql } from './pipeline-aggregates.ts';

/** Read functions other modules use through the door: small projections, batched by ids. */

/** The ids of a company's deals in the organisation. */
export async function dealIdsOfCompany(
  db: Database,
  organizationId: string,
  companyId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.companyId, companyId)));
  return rows.map((row) => row.id);
}

/** What an automation reads of a deal: its figures, suggested facility and company. */
export async function dealForAutomation(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<
  | { id: string; number: number; financialMetrics: unknown; suggestedFacility: unknown; companyId: string }
  | undefined
> {
  const [row] = await db
    .select({
      id: deals.id,
      number: deals.dealNumber,
      financialMetrics: deals.financialMetrics,
      suggestedFacility: deals.suggestedFacility,
      companyId: deals.companyId,
    })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.id, dealId)));
  return row;
}

/** The company of the organisation's deal, or undefined when the deal is not the organisation's. */
export async function companyIdOfDeal(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ companyId: deals.companyId })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.id, dealId)));
  return row?.companyId;
}

/**
 * Locks the organisation's deal row until the transaction `db` ends (an IC memo's next version is
 * numbered under it); false when the deal is not the organisation's.
 */
export async function lockDeal(db: Database, organizationId: string, dealId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
    .for('update');
  return Boolean(row);
}

/** What an IC memo's cover shows of its deal, for these deals of the organisation. */
export async function dealCovers(
  db: Database,
  organizationId: string,
  dealIds: readonly string[],
): Promise<Map<string, { dealNumber: number; stage: string; amountRequested: number; companyId: string }>> {
  const unique = [...new Set(dealIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: deals.id,
      dealNumber: deals.dealNumber,
      stage: deals.stage,
      amountRequested: deals.amountRequested,
      companyId: deals.companyId,
    })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), inArray(deals.id, unique)));
  return new Map(rows.map(({ id, ...cover }) => [id, cover]));
}

/**
 * The organisation's other deals in a sector, not of `companyId`: decided ones first (closed,
 * then rejected), then the open ones by thematic score.
 */
export async function dealsInSector(
  db: Database,
  organizationId: string,
  options: { exceptDealId: string; exceptCompanyId: string; sector: string; limit: number },
): Promise<
  {
    id: string;
    deal_number: number;
    company_id: string;
    stage: TDealStage;
    amount_requested: number | string;
    thematic_score: number | string | null;
    updated_at: string | Date;
  }[]
> {
  return rowsOf(
    db,
    sql`select d.id, d.deal_number, d.company_id, d.stage, d.amount_requested, d.thematic_score, d.updated_at
      from deals d
      where d.organization_id = ${organizationId} and d.id <> ${options.exceptDealId} and d.company_id <> ${options.exceptCompanyId}
        and lower(d.sector) = lower(${options.sector})
      order by case d.stage when 'closed' then 0 when 'rejected' then 1 else 2 end,
        d.thematic_score desc nulls last, d.deal_number
      limit ${options.limit}`,
  );
}

/** A deal as a question names it: number, company, stage and latest change. */
export interface DealHeadline {
  id: string;
  deal_number: number;
  company_id: string;
  stage: TDealStage;
  updated_at: string | Date;
}

/** The organisation's deal of this id, as a headline. */
export async function dealHeadline(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<DealHeadline | undefined> {
  const [row] = await rowsOf<DealHeadline>(
    db,
    sql`select d.id, d.deal_number, d.company_id, d.stage, d.updated_at
      from deals d
      where d.id = ${dealId} and d.organization_id = ${organizationId}`,
  );
  return row;
}

/**
 * The deals of these companies, the one a person most likely means first: open deals before
 * closed or rejected ones, then the most recently updated; the companies' order breaks ties.
 */
export async function dealHeadlinesOfCompanies(
  db: Database,
  organizationId: string,
  companyIds: readonly string[],
): Promise<DealHeadline[]> {
  if (companyIds.length === 0) return [];
  return rowsOf<DealHeadline>(
    db,
    sql`select d.id, d.deal_number, d.company_id, d.stage, d.updated_at
      from deals d
      where d.organization_id = ${organizationId}
        and d.company_id in (${sql.join(
          companyIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      order by array_position(${`{${companyIds.join(',')}}`}::uuid[], d.company_id),
        (d.stage in ('closed', 'rejected')), d.updated_at desc, d.deal_number desc`,
  );
}

/** One deal in full as the assistant's get_deal_details answers it (its company and documents read by their owners). */
export interface DealDetailsRow {
  id: string;
  deal_number: number;
  company_id: string;
  stage: TDealStage;
  amount_requested: number | string;
  sector: string | null;
  geography: string | null;
  deal_type: string | null;
  description: string | null;
  thematic_score: number | null;
  thematic_recommendation: string | null;
  recommendation_override: string | null;
  red_flag_level: TRedFlagLevel | null;
  red_flag_count: number | string;
  suggested_facility: { min: number | null; max: number | null } | null;
  created_at: string | Date;
  updated_at: string | Date;
  last_interaction: string | Date | null;
}

export async function dealDetails(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<DealDetailsRow | undefined> {
  const [row] = await rowsOf<DealDetailsRow>(
    db,
    sql`select d.id, d.deal_number, d.company_id, d.stage, d.amount_requested, d.sector,
        d.geography, d.deal_type, d.description, d.thematic_score, d.thematic_recommendation,
        d.recommendation_override, d.red_flag_level,
        coalesce(jsonb_array_length(case when jsonb_typeof(d.red_flags) = 'array' then d.red_flags end), 0) as red_flag_count,
        d.suggested_facility, d.created_at, d.updated_at, d.last_interaction
      from deals d
      where d.id = ${dealId} and d.organization_id = ${organizationId}`,
  );
  return row;
}

/** A deal carrying red flags, as the assistant's get_red_flags lists it (its company's name read from companies). */
export interface RedFlagDealRow {
  deal_id: string;
  deal_number: number;
  company_id: string;
  stage: TDealStage;
  red_flag_level: TRedFlagLevel | null;
  red_flag_score: number | string | null;
  red_flags: TRedFlag[];
  updated_at: string | Date;
  total: number | string;
}

/**
 * Deals carrying red flags of the scoring engine (of the given severities, gravest first in
 * RED_FLAG_SEVERITIES' order), gravest first: by red-flag score, then deal number. `total` counts
 * every match before the limit.
 */
export async function dealsWithRedFlags(
  db: Database,
  organizationId: string,
  filter: {
    dealIds?: readonly string[];
    stages?: readonly TDealStage[];
    severities: readonly (typeof RED_FLAG_SEVERITIES)[number][];
    limit: number;
    /** The deals with no red flag at all instead ("which deals have no red flags?"). */
    withoutFlags?: boolean;
  },
): Promise<RedFlagDealRow[]> {
  // Every flag adds its severity's points to the red-flag score (capped at 10) and a critical flag
  // makes the level reject, so cheap columns set most deals aside before any flag is read; with
  // every severity asked for, a positive score is exactly "has a flag".
  const least = filter.severities.at(-1) ?? 'low';
  const conditions: SQL[] = [sql`d.organization_id = ${organizationId}`];
  if (filter.withoutFlags) {
    conditions.push(
      sql`coalesce(jsonb_array_length(case when jsonb_typeof(d.red_flags) = 'array' then d.red_flags end), 0) = 0`,
    );
  } else if (least === 'critical') {
    // "Critical red flags" are the Deals table's "Critical Risk" (pipeline-aggregates.ts): a
    // critical flag or a red-flag score of 8 or more, so the answer counts what the table shows.
    conditions.push(criticalRiskSql(sql`d.red_flag_level`));
  } else {
    // The score is a real: a hundredth of slack keeps a lone flag's exact points from rounding out.
    conditions.push(sql`d.red_flag_score >= ${SEVERITY_POINTS[least] - 0.01}`);
  }
  if (!filter.withoutFlags && least !== 'critical' && filter.severities.length < RED_FLAG_SEVERITIES.length) {
    conditions.push(
      sql`jsonb_typeof(d.red_flags) = 'array'`,
      sql`exists (select 1 from jsonb_array_elements(d.red_flags) f where f ->> 'severity' in (${sql.join(
        filter.severities.map((severity) => sql`${severity}`),
        sql`, `,
      )}))`,
    );
  }
  if (filter.dealIds) {
    if (filter.dealIds.length === 0) return [];
    conditions.push(
      sql`d.id in (${sql.join(
        filter.dealIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (filter.stages && filter.stages.length > 0) {
    conditions.push(
      sql`d.stage in (${sql.join(
        filter.stages.map((stage) => sql`${stage}`),
        sql`, `,
      )})`,
    );
  }
  // The page is chosen from ids and scores alone; only its rows' flags are read.
  return rowsOf<RedFlagDealRow>(
    db,
    sql`with matched as (
        select d.id, d.red_flag_score, d.deal_number from deals d where ${sql.join(conditions, sql` and `)}
      ), page as (
        select id from matched order by red_flag_score desc nulls last, deal_number limit ${filter.limit}
      )
      select d.id as deal_id, d.deal_number, d.company_id, d.stage, d.red_flag_level, d.red_flag_score,
        d.red_flags, d.updated_at, (select count(*) from matched) as total
      from page
      join deals d on d.id = page.id
      order by d.red_flag_score desc nulls last, d.deal_number`,
  );
}

/** A deal as a company list shows it. */
export interface CompanyDealItem {
  id: string;
  stage: TDealStage;
  amount_requested: number | string;
}

/** The deals of these companies of the organisation, in deal-number order, by company id. */
export async function dealItemsOfCompanies(
  db: Database,
  organizationId: string,
  companyIds: readonly string[],
): Promise<Map<string, CompanyDealItem[]>> {
  const unique = [...new Set(companyIds)];
  const byCompany = new Map<string, CompanyDealItem[]>();
  if (unique.length === 0) return byCompany;
  const rows = await rowsOf<CompanyDealItem & { company_id: string }>(
    db,
    sql`select d.company_id, d.id, d.stage, d.amount_requested
      from deals d
      where d.organization_id = ${organizationId}
        and d.company_id in (${sql.join(
          unique.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      order by d.deal_number`,
  );
  for (const { company_id, ...deal } of rows) {
    const list = byCompany.get(company_id) ?? [];
    list.push(deal);
    byCompany.set(company_id, list);
  }
  return byCompany;
}

export const DEAL_RANKINGS = ['amount_requested', 'created_at', 'thematic_score'] as const;
export type DealRankingColumn = (typeof DEAL_RANKINGS)[number];

const RANKING_COLUMNS: Record<DealRankingColumn, SQL> = {
  amount_requested: sql`d.amount_requested`,
  created_at: sql`d.created_at`,
  thematic_score: sql`d.thematic_score`,
};

/** A deal at the top (or bottom) of a ranking, as the assistant's superlatives name it. */
export interface RankedDealRow {
  id: string;
  deal_number: number;
  company_id: string;
  stage: TDealStage;
  amount_requested: number | string;
  thematic_score: number | string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/**
 * The organisation's deals ranked by amount requested, creation or thematic score (unscored deals
 * last either way), optionally in some stages; ties broken by deal number.
 */
export async function rankedDeals(
  db: Database,
  organizationId: string,
  options: {
    by: DealRankingColumn;
    order: 'desc' | 'asc';
    limit: number;
    stages?: readonly TDealStage[];
    redFlagLevel?: TRedFlagLevel;
  },
): Promise<RankedDealRow[]> {
  const column = RANKING_COLUMNS[options.by];
  const direction = options.order === 'desc' ? sql`desc` : sql`asc`;
  const stages =
    options.stages && options.stages.length > 0
      ? sql`and d.stage in (${sql.join(
          options.stages.map((stage) => sql`${stage}`),
          sql`, `,
        )})`
      : sql``;
  return rowsOf<RankedDealRow>(
    db,
    sql`select d.id, d.deal_number, d.company_id, d.stage, d.amount_requested, d.thematic_score,
        d.created_at, d.updated_at
      from deals d
      where d.organization_id = ${organizationId} ${stages}
        ${options.redFlagLevel ? sql`and d.red_flag_level = ${options.redFlagLevel}` : sql``}
      order by ${column} ${direction} nulls last, d.deal_number
      limit ${options.limit}`,
  );
}
