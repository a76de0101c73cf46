/**
 * Reads of deals for other modules: the companies that have a deal (signals) and the dashboard's
 * aggregates over the pipeline. Each answers only what its caller shows.
 */
import { type Database, deals } from '@atempo/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { numberOf, rowsOf } from '../../platform/sql-rows.ts';
import { openStageSql } from './pipeline-aggregates.ts';

type Numeric = number | string;

/** The organisation's companies that have at least one deal, by id. */
export async function companyIdsWithDeals(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: deals.companyId })
    .from(deals)
    .where(eq(deals.organizationId, organizationId));
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/** Deals now in each stage and the sum of what they ask for (EUR). */
export async function pipelineTotals(db: Database, organizationId: string) {
  const rows = await rowsOf<{ stage: string; count: Numeric; amount: Numeric }>(
    db,
    sql`
      select stage, count(*) as count, coalesce(sum(amount_requested), 0) as amount
      from deals where organization_id = ${organizationId}
      group by stage
    `,
  );
  return rows.map((row) => ({ stage: row.stage, count: numberOf(row.count), amount: numberOf(row.amount) }));
}

/** Deals created per UTC month since `from`. */
export async function dealsCreatedPerMonth(db: Database, organizationId: string, from: Date) {
  const rows = await rowsOf<{ month: string; count: Numeric }>(
    db,
    sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as count
      from deals
      where organization_id = ${organizationId} and created_at >= ${from.toISOString()}::timestamptz
      group by 1
    `,
  );
  return rows.map((row) => ({ month: row.month, count: numberOf(row.count) }));
}

/**
 * Deals now closed, per UTC month they reached closed since `from`: their last stage change to
 * closed, or their creation for a deal entered as closed. A deal closed and reopened is not counted.
 */
export async function dealsClosedPerMonth(db: Database, organizationId: string, from: Date) {
  const rows = await rowsOf<{ month: string; count: Numeric }>(
    db,
    sql`
      with closed as (
        select coalesce(
          (select max(a.occurred_at) from deal_activity a
            where a.deal_id = d.id and a.kind = 'stage_changed' and a.details->>'to' = 'closed'),
          d.created_at
        ) as closed_at
        from deals d
        where d.organization_id = ${organizationId} and d.stage = 'closed'
      )
      select to_char(closed_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as count
      from closed where closed_at >= ${from.toISOString()}::timestamptz
      group by 1
    `,
  );
  return rows.map((row) => ({ month: row.month, count: numberOf(row.count) }));
}

/** Scored deals per whole-point bucket of the thematic score (0–9; a 10 falls in 9). */
export async function thematicScoreBuckets(db: Database, organizationId: string) {
  const rows = await rowsOf<{ bucket: Numeric; count: Numeric }>(
    db,
    sql`
      select least(greatest(floor(thematic_score)::int, 0), 9) as bucket, count(*) as count
      from deals
      where organization_id = ${organizationId} and thematic_score is not null
      group by 1
    `,
  );
  return rows.map((row) => ({ bucket: numberOf(row.bucket), count: numberOf(row.count) }));
}

interface DealFiguresRow {
  active_deals: Numeric;
  deals_closed: Numeric;
  deals_decided: Numeric;
}

/**
 * The pipeline's figures as they stood at `at`, read from the records' own timestamps (decision
 * 034). A deal's stage at `at` is the `from` of its first stage change after `at`, or its stage now
 * when it has not changed since; it entered that stage at its last stage change up to `at`, or when
 * it was created. Deals created after `at` are left out. Closed and decided count the decisions of
 * the `conversionWindowDays` before `at`.
 */
export async function dealFiguresAt(
  db: Database,
  organizationId: string,
  at: Date,
  conversionWindowDays: number,
): Promise<{ active_deals: number; deals_closed: number; deals_decided: number }> {
  const instant = sql`${at.toISOString()}::timestamptz`;
  const [row] = await rowsOf<DealFiguresRow>(
    db,
    sql`
      with deal_state as (
        select
          coalesce(
            (select a.details->>'from' from deal_activity a
              where a.deal_id = d.id and a.kind = 'stage_changed' and a.occurred_at > ${instant}
              order by a.occurred_at asc, a.seq asc limit 1),
            d.stage
          ) as stage,
          coalesce(
            (select max(a.occurred_at) from deal_activity a
              where a.deal_id = d.id and a.kind = 'stage_changed' and a.occurred_at <= ${instant}),
            d.created_at
          ) as entered_at
        from deals d
        where d.organization_id = ${organizationId} and d.created_at <= ${instant}
      )
      select
        (select count(*) from deal_state where ${openStageSql(sql`stage`)}) as active_deals,
        (select count(*) from deal_state
          where stage = 'closed'
            and entered_at > ${instant} - make_interval(days => ${conversionWindowDays})) as deals_closed,
        (select count(*) from deal_state
          where stage in ('closed', 'rejected')
            and entered_at > ${instant} - make_interval(days => ${conversionWindowDays})) as deals_decided
    `,
  );
  if (!row) throw new Error('The deal figures query answered no row');
  return {
    active_deals: numberOf(row.active_deals),
    deals_closed: numberOf(row.deals_closed),
    deals_decided: numberOf(row.deals_decided),
  };
}

export interface DealSubject {
  dealNumber: number;
  companyId: string;
  sector: string | null;
  redFlags: unknown;
}

/** The organisation's deals among `ids` as a brief names them, by id (unknown ids are absent). */
export async function dealSubjectsByIds(
  db: Database,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, DealSubject>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: deals.id,
      dealNumber: deals.dealNumber,
      companyId: deals.companyId,
      sector: deals.sector,
      redFlags: deals.redFlags,
    })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), inArray(deals.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, ...subject }) => [id, subject]));
}

/** One deal of the organisation as research cites it, without its company (undefined when absent). */
export async function dealReferenceById(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({
      id: deals.id,
      dealNumber: deals.dealNumber,
      companyId: deals.companyId,
      sector: deals.sector,
      updatedAt: deals.updatedAt,
    })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.id, id)));
  return row;
}
