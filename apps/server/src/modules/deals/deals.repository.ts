import { DEAL_STAGES, type TDealSort, type TDealStage, type TRedFlagLevel } from '@atempo/contracts';
import { companies, type Database, dealNumberCounters, dealStageCounts, deals } from '@atempo/db';
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { preparedRows, rowReader } from '../../platform/prepared.ts';
import { containsPattern } from '../companies/index.ts';

export type DealRow = typeof deals.$inferSelect;
export type NewDealRow = typeof deals.$inferInsert;
/** A deal with the two company facts the API and the scores need. */
export type DealWithCompany = DealRow & { companyName: string; companyStage: string | null };

const inOrg = (organizationId: string, id: string) =>
  and(eq(deals.organizationId, organizationId), eq(deals.id, id));

const withCompany = { deal: deals, companyName: companies.name, companyStage: companies.stage };
const flatten = (row: {
  deal: DealRow;
  companyName: string;
  companyStage: string | null;
}): DealWithCompany => ({
  ...row.deal,
  companyName: row.companyName,
  companyStage: row.companyStage,
});

/**
 * Takes `count` consecutive deal numbers for the organisation and answers the first. The counter
 * row stays locked until the caller's transaction ends, so concurrent creates queue up rather
 * than collide. A first use starts after any deal already numbered (rows loaded by other means).
 */
export async function reserveDealNumbers(
  db: Database,
  organizationId: string,
  count: number,
): Promise<number> {
  const highest = sql`(select coalesce(max(${deals.dealNumber}), 0) from ${deals} where ${deals.organizationId} = ${organizationId})`;
  const [row] = await db
    .insert(dealNumberCounters)
    .values({ organizationId, lastNumber: sql`${highest} + ${count}::int` })
    .onConflictDoUpdate({
      target: dealNumberCounters.organizationId,
      set: { lastNumber: sql`${dealNumberCounters.lastNumber} + ${count}::int` },
    })
    .returning({ lastNumber: dealNumberCounters.lastNumber });
  return row!.lastNumber - count + 1;
}

export async function insertDeals(db: Database, values: NewDealRow[]): Promise<DealRow[]> {
  if (values.length === 0) return [];
  return db.insert(deals).values(values).returning();
}

export async function findDeal(
  db: Database,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DealWithCompany | undefined> {
  const query = db
    .select(withCompany)
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(inOrg(organizationId, id));
  const [row] = options.forUpdate ? await query.for('no key update', { of: deals }) : await query;
  return row && flatten(row);
}

export async function updateDeal(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<NewDealRow>,
): Promise<DealRow | undefined> {
  const [row] = await db.update(deals).set(values).where(inOrg(organizationId, id)).returning();
  return row;
}

export async function deleteDeal(db: Database, organizationId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(deals).where(inOrg(organizationId, id)).returning({ id: deals.id });
  return deleted.length > 0;
}

const stageOrder = sql.raw(`array[${DEAL_STAGES.map((stage) => `'${stage}'`).join(',')}]::text[]`);
const SORT_COLUMNS = {
  created_at: deals.createdAt,
  thematic_score: deals.thematicScore,
  amount_requested: deals.amountRequested,
  deal_number: deals.dealNumber,
  company: sql`lower(${companies.name})`,
  last_interaction: deals.lastInteraction,
  stage: sql`array_position(${stageOrder}, ${deals.stage})`,
} as const;

/** Unknown values (unscored, never contacted) last in either direction; then newest number first. */
function orderFor(sort: TDealSort): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  return [
    descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
    desc(deals.dealNumber),
  ];
}

export interface DealFilter {
  stage?: TDealStage[];
  red_flag_level?: TRedFlagLevel[];
  min_score?: number;
  max_score?: number;
  q?: string;
  sort: TDealSort;
  limit: number;
  offset: number;
}

/** The columns of a deals-table row (ZDealListItem); the board reads a subset. */
const listColumns = {
  id: deals.id,
  dealNumber: deals.dealNumber,
  companyId: deals.companyId,
  companyName: companies.name,
  stage: deals.stage,
  amountRequested: deals.amountRequested,
  sector: deals.sector,
  thematicScore: deals.thematicScore,
  thematicRecommendation: sql<
    string | null
  >`coalesce(${deals.recommendationOverride}, ${deals.thematicRecommendation})`,
  redFlagLevel: deals.redFlagLevel,
  lastInteraction: deals.lastInteraction,
};
export type DealListRow = {
  id: string;
  dealNumber: number;
  companyId: string;
  companyName: string;
  stage: string;
  amountRequested: number;
  sector: string | null;
  thematicScore: number | null;
  thematicRecommendation: string | null;
  redFlagLevel: string | null;
  lastInteraction: Date | null;
};

const boardColumns = {
  id: deals.id,
  dealNumber: deals.dealNumber,
  companyName: companies.name,
  stage: deals.stage,
  amountRequested: deals.amountRequested,
  thematicScore: deals.thematicScore,
  redFlagLevel: deals.redFlagLevel,
};
export type DealBoardRow = Pick<
  DealListRow,
  'id' | 'dealNumber' | 'companyName' | 'stage' | 'amountRequested' | 'thematicScore' | 'redFlagLevel'
>;

/** The values a list statement's placeholders take. */
function listValues(organizationId: string, filter: DealFilter) {
  return {
    organizationId,
    stages: filter.stage ?? [],
    levels: filter.red_flag_level ?? [],
    minScore: filter.min_score ?? null,
    maxScore: filter.max_score ?? null,
    pattern: filter.q ? containsPattern(filter.q) : null,
    limit: filter.limit,
    offset: filter.offset,
  };
}

const hasStage = (filter: DealFilter) => Boolean(filter.stage && filter.stage.length > 0);
const hasLevel = (filter: DealFilter) => Boolean(filter.red_flag_level && filter.red_flag_level.length > 0);
/** Only the stage narrows the list: deal_stage_counts holds its total, no aggregate over deals. */
const countedByStage = (filter: DealFilter) =>
  filter.min_score === undefined && filter.max_score === undefined && !filter.q && !hasLevel(filter);

/**
 * A first page (offset 0) names its limit in the text; any other page takes limit and offset as
 * values. PostgreSQL estimates a LIMIT or OFFSET given as a value at 10 % of the rows, which makes
 * the cached generic plan look far dearer than a plan made for the values, so it would plan the
 * statement again on every execution (~0.3 ms, a third of the database's work for a page). With
 * the limit written in, the generic plan is kept after a few executions (decision 019).
 */
const firstPage = (filter: DealFilter) => filter.offset === 0;

/**
 * Everything that shapes a list statement's text (never its values), so one prepared statement
 * serves every request of that shape: the columns, the order, which filters apply, the first
 * page's limit.
 */
function statementName(kind: string, filter: DealFilter): string {
  const filters = [
    hasStage(filter) && 'stage',
    hasLevel(filter) && 'level',
    filter.min_score !== undefined && 'min',
    filter.max_score !== undefined && 'max',
    filter.q && 'q',
  ].filter(Boolean);
  const page = firstPage(filter) ? `first${filter.limit}` : 'page';
  return `deals_${kind}_${filter.sort}_${filters.join('_')}_${page}`;
}

function filterConditions(filter: DealFilter): { where: SQL; needsCompany: boolean } {
  const conditions = [eq(deals.organizationId, sql.placeholder('organizationId'))];
  if (hasStage(filter)) conditions.push(sql`${deals.stage} = any(${sql.placeholder('stages')}::text[])`);
  if (hasLevel(filter)) {
    conditions.push(sql`${deals.redFlagLevel} = any(${sql.placeholder('levels')}::text[])`);
  }
  if (filter.min_score !== undefined) conditions.push(gte(deals.thematicScore, sql.placeholder('minScore')));
  if (filter.max_score !== undefined) conditions.push(lte(deals.thematicScore, sql.placeholder('maxScore')));
  if (filter.q) {
    const pattern = sql.placeholder('pattern');
    conditions.push(or(ilike(companies.name, pattern), ilike(deals.description, pattern))!);
  }
  return { where: and(...conditions)!, needsCompany: Boolean(filter.q) };
}

/**
 * How many deals match. Unfiltered or by stage only: the sum of the kept per-stage counts
 * (deal_stage_counts, decision 019). Otherwise counted from deals; every deal has its company
 * (a foreign key, cascade on delete), so the count joins companies only when a condition reads it.
 */
function countQuery(db: Database, filter: DealFilter) {
  if (countedByStage(filter)) {
    const conditions = [eq(dealStageCounts.organizationId, sql.placeholder('organizationId'))];
    if (hasStage(filter)) {
      conditions.push(sql`${dealStageCounts.stage} = any(${sql.placeholder('stages')}::text[])`);
    }
    return db
      .select({ total: sql<number>`coalesce(sum(${dealStageCounts.dealCount}), 0)::int` })
      .from(dealStageCounts)
      .where(and(...conditions));
  }
  const { where, needsCompany } = filterConditions(filter);
  const query = db.select({ total: count() }).from(deals);
  return needsCompany
    ? query.innerJoin(companies, eq(companies.id, deals.companyId)).where(where)
    : query.where(where);
}

const COLUMNS = { list: listColumns, board: boardColumns };
/** numeric comes from the drivers as a string; the total is an int, kept a number either way. */
const NUMERIC = { amountRequested: Number, total: Number };
const readPage = {
  list: rowReader<DealListRow & { total: number }>([...Object.keys(listColumns), 'total'], NUMERIC),
  board: rowReader<DealBoardRow & { total: number }>([...Object.keys(boardColumns), 'total'], NUMERIC),
};

/**
 * One round trip for the page and its total: the count rides along as an uncorrelated scalar
 * subquery (PostgreSQL runs it once, as an InitPlan). A page past the end has no row to carry it,
 * so only then is the count asked on its own. Both are prepared statements per shape
 * (platform/prepared.ts).
 */
async function pageOf<K extends 'list' | 'board'>(
  db: Database,
  organizationId: string,
  filter: DealFilter,
  kind: K,
): Promise<{ rows: ReturnType<(typeof readPage)[K]>[]; total: number }> {
  const name = statementName(kind, filter);
  const values = listValues(organizationId, filter);
  const page = preparedRows(db, name, () => {
    const { where } = filterConditions(filter);
    const columns: SelectedFields = COLUMNS[kind];
    const query = db
      .select({ ...columns, total: sql<number>`(${countQuery(db, filter)})` })
      .from(deals)
      .innerJoin(companies, eq(companies.id, deals.companyId))
      .where(where)
      .orderBy(...orderFor(filter.sort));
    // Drizzle sends a number given to limit() as a value; the first page needs it in the text. The
    // limit is an integer the query schema bounds (1–1000), written out by String().
    const writtenLimit = sql.raw(String(Math.trunc(filter.limit))) as unknown as number;
    return firstPage(filter)
      ? query.limit(writtenLimit)
      : query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  });
  const rows = (await page(values)).map(readPage[kind]) as ReturnType<(typeof readPage)[K]>[];
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (filter.offset === 0) return { rows, total: 0 };
  const count = preparedRows(db, `${name}_count`, () => countQuery(db, filter));
  const [counted] = await count(values);
  return { rows, total: Number(counted?.[0] ?? 0) };
}

/** A page of the deals table: only the columns it shows. */
export async function listDeals(
  db: Database,
  organizationId: string,
  filter: DealFilter,
): Promise<{ rows: DealListRow[]; total: number }> {
  return pageOf(db, organizationId, filter, 'list');
}

/** A page of board cards: only what a card shows. */
export async function listBoardDeals(
  db: Database,
  organizationId: string,
  filter: DealFilter,
): Promise<{ rows: DealBoardRow[]; total: number }> {
  return pageOf(db, organizationId, filter, 'board');
}

/** Whole deals in deal-number order, a page at a time (the CSV export). */
export async function dealsInNumberOrder(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<DealWithCompany[]> {
  const rows = await db
    .select(withCompany)
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(eq(deals.organizationId, organizationId))
    .orderBy(asc(deals.dealNumber))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(flatten);
}

export async function dealsOfCompany(
  db: Database,
  organizationId: string,
  companyId: string,
): Promise<Pick<DealRow, 'id' | 'dealNumber' | 'stage' | 'amountRequested' | 'thematicScore'>[]> {
  return db
    .select({
      id: deals.id,
      dealNumber: deals.dealNumber,
      stage: deals.stage,
      amountRequested: deals.amountRequested,
      thematicScore: deals.thematicScore,
    })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.companyId, companyId)))
    .orderBy(desc(deals.dealNumber));
}

export async function countDeals(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(deals)
    .where(eq(deals.organizationId, organizationId));
  return row?.total ?? 0;
}

/** Whether the deal exists in the organisation (another organisation's id reads as absent). */
export async function dealInOrganization(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<boolean> {
  const [row] = await db.select({ id: deals.id }).from(deals).where(inOrg(organizationId, dealId));
  return row !== undefined;
}
