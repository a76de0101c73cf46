import type { PORTFOLIO_GROUPINGS, TDealStage, TRedFlagLevel } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import { openStageSql } from './pipeline-aggregates.ts';

export type PortfolioGrouping = (typeof PORTFOLIO_GROUPINGS)[number];

export interface PortfolioGroupRow {
  key: string | null;
  count: number | string;
  total_amount: number | string;
  average_amount: number | string | null;
  average_score: number | string | null;
  /** Amount over the group's open deals (neither closed nor rejected). */
  open_amount: number | string;
  closed: number | string;
  rejected: number | string;
  /** Latest update of a deal of the group: the date the figures are as of. */
  updated_at: string | Date | null;
  /** Grouped by funding stage only: the deals' recorded revenue growth and gross margin. */
  average_revenue_growth?: number | string | null;
  deals_with_revenue_growth?: number | string;
  average_gross_margin?: number | string | null;
  deals_with_gross_margin?: number | string;
}

const KEY: Record<PortfolioGrouping, SQL> = {
  stage: sql`d.stage`,
  // Sectors and places are free text: group "fintech" with "Fintech ", keep the commonest spelling.
  sector: sql`lower(btrim(d.sector))`,
  geography: sql`lower(btrim(d.geography))`,
  red_flag_level: sql`d.red_flag_level`,
  // The company's funding stage, free text too ("Series B", "series b").
  funding_stage: sql`lower(btrim(co.stage))`,
};

/** A deal's recorded figure (financial_metrics), only when it is a number. */
const dealFigure = (name: 'revenue_growth' | 'gross_margin') => ({
  value: sql.raw(`(d.financial_metrics ->> '${name}')::float8`),
  known: sql.raw(`jsonb_typeof(d.financial_metrics -> '${name}') = 'number'`),
});
const GROWTH = dealFigure('revenue_growth');
const MARGIN = dealFigure('gross_margin');

/**
 * Counts, sums and averages of the organisation's deals, per group, in one aggregate query (the
 * assistant's analyse_portfolio). Grouped or filtered by the company's funding stage, the
 * aggregate joins companies read-only (JOINS in scripts/table-owners.mjs).
 */
export async function portfolioGroups(
  db: Database,
  organizationId: string,
  groupBy: PortfolioGrouping,
  filter: {
    stages?: TDealStage[];
    red_flag_level?: TRedFlagLevel;
    funding_stages?: string[];
    /** Only the deals added at or after this instant (ISO 8601). */
    created_since?: string;
  },
): Promise<(PortfolioGroupRow & { label: string | null })[]> {
  const conditions: SQL[] = [sql`d.organization_id = ${organizationId}`];
  if (filter.created_since) conditions.push(sql`d.created_at >= ${filter.created_since}::timestamptz`);
  if (filter.stages && filter.stages.length > 0) {
    conditions.push(
      sql`d.stage in (${sql.join(
        filter.stages.map((stage) => sql`${stage}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.red_flag_level) conditions.push(sql`d.red_flag_level = ${filter.red_flag_level}`);
  if (filter.funding_stages && filter.funding_stages.length > 0) {
    conditions.push(
      sql`lower(btrim(co.stage)) in (${sql.join(
        filter.funding_stages.map((stage) => sql`${stage.trim().toLowerCase()}`),
        sql`, `,
      )})`,
    );
  }
  const byFundingStage = groupBy === 'funding_stage';
  // The company is read only when its funding stage is asked for (the by-stage summary stays one table).
  const companies =
    byFundingStage || filter.funding_stages?.length
      ? sql`join companies co on co.id = d.company_id and co.organization_id = d.organization_id`
      : sql``;
  const label =
    groupBy === 'sector'
      ? sql`mode() within group (order by btrim(d.sector))`
      : groupBy === 'geography'
        ? sql`mode() within group (order by btrim(d.geography))`
        : byFundingStage
          ? sql`mode() within group (order by btrim(co.stage))`
          : sql`null::text`;
  const figures = byFundingStage
    ? sql`, avg(${GROWTH.value}) filter (where ${GROWTH.known}) as average_revenue_growth,
        count(*) filter (where ${GROWTH.known}) as deals_with_revenue_growth,
        avg(${MARGIN.value}) filter (where ${MARGIN.known}) as average_gross_margin,
        count(*) filter (where ${MARGIN.known}) as deals_with_gross_margin`
    : sql``;
  return rowsOf(
    db,
    sql`select ${KEY[groupBy]} as key, ${label} as label, count(*) as count,
        coalesce(sum(d.amount_requested), 0) as total_amount,
        round(avg(d.amount_requested), 2) as average_amount,
        round(avg(d.thematic_score)::numeric, 2) as average_score,
        coalesce(sum(d.amount_requested) filter (where ${openStageSql(sql`d.stage`)}), 0) as open_amount,
        count(*) filter (where d.stage = 'closed') as closed,
        count(*) filter (where d.stage = 'rejected') as rejected,
        max(d.updated_at) as updated_at ${figures}
      from deals d ${companies}
      where ${sql.join(conditions, sql` and `)}
      group by 1`,
  );
}
