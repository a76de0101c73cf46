import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Two portfolio readings the eight tools do not offer and the suggested prompts ask for: companies
 * ranked by one recorded financial metric ("strongest revenue growth"), and deals compared by the
 * company's funding stage ("Series B vs Series C"). Scoped to the organisation; figures come
 * straight from the records, each row with its id for the citation.
 */

/** The financial_metrics fields a ranking may read (never a free text into the JSON path). */
export const RANKABLE_METRICS = new Set([
  'revenue',
  'arr',
  'revenue_growth',
  'gross_margin',
  'monthly_burn',
  'cash',
  'runway_months',
  'monthly_churn',
  'net_revenue_retention',
  'cac_payback_months',
  'employee_count',
  'last_round_amount',
]);

const rowsOf = async <T>(db: Database, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

export interface RankedCompany {
  id: string;
  name: string;
  industry: string | null;
  value: number;
  updated_at: string;
}

export async function rankCompaniesByMetric(
  db: Database,
  organizationId: string,
  options: { metric: string; order: 'asc' | 'desc'; sector: string | null; limit: number },
): Promise<{ metric: string; companies: RankedCompany[]; companies_with_metric: number }> {
  if (!RANKABLE_METRICS.has(options.metric)) throw new Error(`not a rankable metric: ${options.metric}`);
  const direction = options.order === 'asc' ? sql`asc` : sql`desc`;
  const sector = options.sector
    ? sql`and co.industry ilike ${`%${options.sector.replace(/[%_\\]/g, '\\$&')}%`}`
    : sql``;
  const rows = await rowsOf<{
    id: string;
    name: string;
    industry: string | null;
    value: number | string;
    updated_at: string | Date;
    total: number | string;
  }>(
    db,
    sql`select co.id, co.name, co.industry, (co.financial_metrics ->> ${options.metric})::float8 as value,
        co.updated_at, count(*) over () as total
      from companies co
      where co.organization_id = ${organizationId}
        and jsonb_typeof(co.financial_metrics -> ${options.metric}) = 'number'
        ${sector}
      order by value ${direction}, co.name
      limit ${options.limit}`,
  );
  return {
    metric: options.metric,
    companies: rows.map(({ total: _total, ...row }) => ({
      ...row,
      value: Number(row.value),
      updated_at: new Date(row.updated_at).toISOString(),
    })),
    companies_with_metric: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}

export interface FundingStageGroup {
  funding_stage: string;
  deals: number;
  total_amount: number;
  average_amount: number;
  average_revenue_growth: number | null;
  deals_with_growth: number;
  average_gross_margin: number | null;
  deals_with_margin: number;
  average_thematic_score: number | null;
}

/** Deals grouped by their company's funding stage ("Series B"), for the stages asked. */
export async function compareFundingStages(
  db: Database,
  organizationId: string,
  stages: string[],
): Promise<FundingStageGroup[]> {
  const lowered = stages.map((s) => s.toLowerCase());
  const metric = (name: string) => sql.raw(`(d.financial_metrics ->> '${name}')::float8`);
  const known = (name: string) => sql.raw(`jsonb_typeof(d.financial_metrics -> '${name}') = 'number'`);
  const rows = await rowsOf<Record<keyof FundingStageGroup, string | number | null>>(
    db,
    sql`select co.stage as funding_stage, count(*) as deals,
        sum(d.amount_requested)::float8 as total_amount, avg(d.amount_requested)::float8 as average_amount,
        avg(${metric('revenue_growth')}) filter (where ${known('revenue_growth')}) as average_revenue_growth,
        count(*) filter (where ${known('revenue_growth')}) as deals_with_growth,
        avg(${metric('gross_margin')}) filter (where ${known('gross_margin')}) as average_gross_margin,
        count(*) filter (where ${known('gross_margin')}) as deals_with_margin,
        avg(d.thematic_score)::float8 as average_thematic_score
      from deals d
      join companies co on co.id = d.company_id and co.organization_id = d.organization_id
      where d.organization_id = ${organizationId}
        and lower(co.stage) = any(array[${sql.join(
          lowered.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[])
      group by co.stage
      order by co.stage`,
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((row) => ({
    funding_stage: String(row.funding_stage),
    deals: Number(row.deals),
    total_amount: Number(row.total_amount),
    average_amount: Number(row.average_amount),
    average_revenue_growth: num(row.average_revenue_growth),
    deals_with_growth: Number(row.deals_with_growth),
    average_gross_margin: num(row.average_gross_margin),
    deals_with_margin: Number(row.deals_with_margin),
    average_thematic_score: num(row.average_thematic_score),
  }));
}
