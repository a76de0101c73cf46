import type { TDealStage, TRedFlagLevel } from '@atempo/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from './rows.ts';
import type { ToolContext } from './tool.ts';

export type PortfolioGrouping = 'stage' | 'sector' | 'geography' | 'red_flag_level';

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
}

const KEY: Record<PortfolioGrouping, SQL> = {
  stage: sql`d.stage`,
  // Sectors and places are free text: group "fintech" with "Fintech ", keep the commonest spelling.
  sector: sql`lower(btrim(d.sector))`,
  geography: sql`lower(btrim(d.geography))`,
  red_flag_level: sql`d.red_flag_level`,
};

/** Counts, sums and averages of the organisation's deals, per group, in one aggregate query. */
export async function portfolioGroups(
  context: ToolContext,
  groupBy: PortfolioGrouping,
  filter: { stages?: TDealStage[]; red_flag_level?: TRedFlagLevel },
): Promise<(PortfolioGroupRow & { label: string | null })[]> {
  const conditions: SQL[] = [sql`d.organization_id = ${context.organizationId}`];
  if (filter.stages && filter.stages.length > 0) {
    conditions.push(
      sql`d.stage in (${sql.join(
        filter.stages.map((stage) => sql`${stage}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.red_flag_level) conditions.push(sql`d.red_flag_level = ${filter.red_flag_level}`);
  const label =
    groupBy === 'sector'
      ? sql`mode() within group (order by btrim(d.sector))`
      : groupBy === 'geography'
        ? sql`mode() within group (order by btrim(d.geography))`
        : sql`null::text`;
  return rowsOf(
    context.db,
    sql`select ${KEY[groupBy]} as key, ${label} as label, count(*) as count,
        coalesce(sum(d.amount_requested), 0) as total_amount,
        round(avg(d.amount_requested), 2) as average_amount,
        round(avg(d.thematic_score)::numeric, 2) as average_score,
        coalesce(sum(d.amount_requested) filter (where d.stage not in ('closed', 'rejected')), 0) as open_amount,
        count(*) filter (where d.stage = 'closed') as closed,
        count(*) filter (where d.stage = 'rejected') as rejected,
        max(d.updated_at) as updated_at
      from deals d
      where ${sql.join(conditions, sql` and `)}
      group by 1`,
  );
}
