import type { TRankableMetric } from '@atempo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/sql-rows.ts';
import {
  COMPANY_COLUMNS,
  type CompanySearchRow,
  companyFilter,
  dealsOf,
} from './search-companies.repository.ts';
import type { ToolContext } from './tool.ts';

/** Financial facts the company record keeps in columns of their own (they win, as the company page shows them). */
const COLUMNS: Partial<Record<TRankableMetric, string>> = {
  revenue: 'co.revenue',
  revenue_growth: 'co.revenue_growth',
  employee_count: 'co.employee_count',
};

/**
 * Companies ranked by one recorded financial fact ("strongest revenue growth"), those without it
 * left out; `total` counts the companies that have it. One ordered query over the organisation's
 * companies (organisation index), the top `limit` kept by the database.
 */
export async function rankCompanies(
  context: ToolContext,
  filter: {
    metric: TRankableMetric;
    order: 'asc' | 'desc';
    sector?: string;
    country?: string;
    limit: number;
  },
): Promise<(CompanySearchRow & { value: number | string })[]> {
  const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
  // The metric is one of RANKABLE_METRICS (the contract's enum); it reaches SQL as a parameter.
  const fromJson = sql`case when jsonb_typeof(co.financial_metrics -> ${filter.metric}) = 'number'
    then (co.financial_metrics ->> ${filter.metric})::float8 end`;
  const column = COLUMNS[filter.metric];
  const value = column ? sql`coalesce(${sql.raw(column)}::float8, ${fromJson})` : fromJson;
  return rowsOf(
    context.db,
    sql`with valued as (
        select ${COMPANY_COLUMNS}, co.last_interaction_at, ${value} as value
        from companies co
        where ${companyFilter(context, filter)}
      ), ranked as (
        select *, count(*) over () as total from valued
        where value is not null
        order by value ${direction}, name
        limit ${filter.limit}
      )
      select r.id, r.name, r.industry, r.country, r.description, r.updated_at, 1 as match, r.total, r.value,
        ${dealsOf(context)} as deals,
        greatest(r.last_interaction_at,
          (select max(ki.occurred_at) from knowledge_interaction_companies l
            join knowledge_interactions ki on ki.id = l.interaction_id
            where l.company_id = r.id)) as last_interaction
      from ranked r
      order by r.value ${direction}, r.name`,
  );
}
