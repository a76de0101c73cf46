import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { numberOf, rowsOf } from '../../platform/sql-rows.ts';

type Numeric = number | string;

/** Deals now in each stage and the sum of what they ask for (EUR). */
export async function pipelineByStage(db: Database, organizationId: string) {
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
export async function scoreBuckets(db: Database, organizationId: string) {
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

/** Funding rounds announced since `from`, per sector as extracted and UTC month. */
export async function fundingRoundsBySectorAndMonth(db: Database, organizationId: string, from: Date) {
  const rows = await rowsOf<{
    sector: string;
    month: string;
    count: Numeric;
    amount: Numeric;
    unknown: Numeric;
  }>(
    db,
    sql`
      select sector, to_char(announced_at at time zone 'UTC', 'YYYY-MM') as month,
        count(*) as count,
        coalesce(sum(amount_eur), 0) as amount,
        count(*) filter (where amount_eur is null) as unknown
      from funding_announcements
      where organization_id = ${organizationId}
        and sector is not null
        and announced_at >= ${from.toISOString()}::timestamptz
      group by 1, 2
    `,
  );
  return rows.map((row) => ({
    sector: row.sector,
    month: row.month,
    count: numberOf(row.count),
    amount: numberOf(row.amount),
    unknown: numberOf(row.unknown),
  }));
}
