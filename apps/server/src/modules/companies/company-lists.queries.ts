import type { TRankableMetric } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
import {
  fuzzyNameCandidates,
  fuzzyNameScore,
  isNameLike,
  NAME_MATCH_THRESHOLD,
} from './company-fuzzy-names.ts';
import { containsPattern } from './contains-pattern.ts';

/**
 * Paged lists of the organisation's companies as the assistant's search_companies answers them:
 * found by name or words, ranked by a financial fact, or silent since a time. Each row is a page
 * row; the caller reads the page's deals and interactions from their owners by the page's ids.
 */

export interface CompanyListRow {
  id: string;
  name: string;
  industry: string | null;
  country: string | null;
  description: string | null;
  updated_at: string | Date;
  match: number | string;
  /** The interaction recorded on the company itself (companies.last_interaction_at). */
  last_interaction_at: string | Date | null;
  total: number | string;
}

export interface CompanyListFilter {
  sector?: string;
  country?: string;
  /** Monitoring priority, as the Companies page filters and counts it (its "high priority" card). */
  priority?: 'high' | 'medium' | 'low';
  limit: number;
}

/** Same text as the companies_search_idx expression, so the full-text match is an index scan. */
const SEARCH_TEXT = sql.raw(
  `to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`,
);

/** Companies found by words of their text that are ranked; beyond, a common word is cut (as knowledge search's BAND_POOL). */
export const TEXT_POOL = 300;

/** The company columns search_companies answers, from companies `co`. */
const COMPANY_COLUMNS = sql.raw(
  `co.id, co.name, co.industry, co.headquarters_country as country, left(co.description, 500) as description, co.updated_at`,
);

/** The organisation's companies, within the sector and country asked (words of them, any case). */
function companyFilter(
  organizationId: string,
  filter: { sector?: string; country?: string; priority?: string },
): SQL {
  const conditions: SQL[] = [sql`co.organization_id = ${organizationId}`];
  if (filter.priority) conditions.push(sql`co.monitoring_priority = ${filter.priority}`);
  if (filter.sector) conditions.push(sql`co.industry ilike ${containsPattern(filter.sector)}`);
  if (filter.country) conditions.push(sql`co.headquarters_country ilike ${containsPattern(filter.country)}`);
  return sql.join(conditions, sql` and `);
}

/**
 * Companies by name (lenient: company-fuzzy-names.ts) or by words of their industry and description;
 * a blank query lists the most recently updated.
 */
export async function companiesByNameOrWords(
  db: Database,
  organizationId: string,
  filter: CompanyListFilter & { query: string },
): Promise<CompanyListRow[]> {
  const searching = isNameLike(filter.query);
  const where = companyFilter(organizationId, filter);
  // Only names close to the query, and at most TEXT_POOL companies whose text holds its words, are
  // scored (both found through an index): a common word cannot make the search rank the whole table.
  const scope = searching
    ? sql`join (
          ${fuzzyNameCandidates(organizationId, filter.query, where)}
          union
          (select co.id from companies co
            where ${where} and ${SEARCH_TEXT} @@ plainto_tsquery('english'::regconfig, ${filter.query})
            limit ${TEXT_POOL})
        ) candidates on candidates.id = co.id`
    : sql``;
  const match = searching
    ? sql`greatest(${fuzzyNameScore(sql`co.name`, filter.query)},
          case when ${SEARCH_TEXT} @@ plainto_tsquery('english'::regconfig, ${filter.query})
            then 0.5 + 0.4 * ts_rank_cd(${SEARCH_TEXT}, plainto_tsquery('english'::regconfig, ${filter.query}), 32)
            else 0 end)`
    : sql`0`;
  return rowsOf<CompanyListRow>(
    db,
    sql`with found as (
        select ${COMPANY_COLUMNS}, co.last_interaction_at, ${match}::float8 as match
        from companies co ${scope}
        where ${where}
      ), ranked as (
        select *, count(*) over () as total from found
        where ${searching ? sql`match >= ${NAME_MATCH_THRESHOLD}` : sql`true`}
        order by ${searching ? sql`match desc, name` : sql`updated_at desc, name`}
        limit ${filter.limit}
      )
      select r.id, r.name, r.industry, r.country, r.description, r.updated_at, r.match, r.total,
        r.last_interaction_at
      from ranked r
      order by ${searching ? sql`r.match desc, r.name` : sql`r.updated_at desc, r.name`}`,
  );
}

/** Financial facts the company record keeps in columns of their own (they win, as the company page shows them). */
const COLUMNS: Partial<Record<TRankableMetric, string>> = {
  revenue: 'co.revenue',
  revenue_growth: 'co.revenue_growth',
  employee_count: 'co.employee_count',
};

/** Over every company that has the fact (before the limit): its sum, mean and median, for "total ARR". */
interface MetricStatsColumns {
  value_sum: number | string;
  value_average: number | string;
  value_median: number | string;
}

/**
 * Companies ranked by one recorded financial fact ("strongest revenue growth"), those without it
 * left out; `total` counts the companies that have it. One ordered query over the organisation's
 * companies (organisation index), the top `limit` kept by the database.
 */
export async function companiesRankedByFinancialFact(
  db: Database,
  organizationId: string,
  filter: CompanyListFilter & { metric: TRankableMetric; order: 'asc' | 'desc' },
): Promise<(CompanyListRow & { value: number | string } & MetricStatsColumns)[]> {
  const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
  // The metric is one of RANKABLE_METRICS (the contract's enum); it reaches SQL as a parameter.
  const fromJson = sql`case when jsonb_typeof(co.financial_metrics -> ${filter.metric}) = 'number'
    then (co.financial_metrics ->> ${filter.metric})::float8 end`;
  const column = COLUMNS[filter.metric];
  const value = column ? sql`coalesce(${sql.raw(column)}::float8, ${fromJson})` : fromJson;
  return rowsOf(
    db,
    sql`with valued as (
        select ${COMPANY_COLUMNS}, co.last_interaction_at, ${value} as value
        from companies co
        where ${companyFilter(organizationId, filter)}
      ), ranked as (
        select *, count(*) over () as total, sum(value) over () as value_sum,
          avg(value) over () as value_average,
          (select percentile_cont(0.5) within group (order by v.value) from valued v where v.value is not null)
            as value_median
        from valued
        where value is not null
        order by value ${direction}, name
        limit ${filter.limit}
      )
      select r.id, r.name, r.industry, r.country, r.description, r.updated_at, 1 as match, r.total, r.value,
        r.value_sum, r.value_average, r.value_median, r.last_interaction_at
      from ranked r
      order by r.value ${direction}, r.name`,
  );
}

/**
 * Companies nobody has spoken to since `since`: no email or note about them and no interaction
 * recorded on the company or its deals. Unlike the knowledge module's inactive companies, a deal
 * record being edited or a document being uploaded is not contact. Never contacted first, then the
 * longest silent; `last_contact_at` is the last contact, `total` and `never` count before the
 * limit. The latest contacts are aggregated per company in SQL (one pass over the organisation's
 * interactions and deals, by their organisation indexes): the ranking needs them in the statement,
 * so it joins knowledge_interactions, their company links and deals read-only (JOINS in
 * scripts/table-owners.mjs).
 */
export async function companiesSilentSince(
  db: Database,
  organizationId: string,
  filter: CompanyListFilter & { since: Date },
): Promise<(CompanyListRow & { never: number | string; last_contact_at: string | Date | null })[]> {
  return rowsOf(
    db,
    sql`with contact as (
        select ${COMPANY_COLUMNS}, co.last_interaction_at,
          greatest(co.last_interaction_at, ki.last_at, dl.last_at) as last_contact_at
        from companies co
        left join (
          select l.company_id, max(ki.occurred_at) as last_at
          from knowledge_interaction_companies l
          join knowledge_interactions ki on ki.id = l.interaction_id
          where ki.organization_id = ${organizationId} and ki.kind in ('email', 'note')
          group by l.company_id
        ) ki on ki.company_id = co.id
        left join (
          select company_id, max(last_interaction) as last_at
          from deals where organization_id = ${organizationId}
          group by company_id
        ) dl on dl.company_id = co.id
        where ${companyFilter(organizationId, filter)}
      ), ranked as (
        select *, count(*) over () as total,
          count(*) filter (where last_contact_at is null) over () as never
        from contact
        where last_contact_at is null or last_contact_at < ${filter.since.toISOString()}::timestamptz
        order by last_contact_at nulls first, name
        limit ${filter.limit}
      )
      select r.id, r.name, r.industry, r.country, r.description, r.updated_at, 1 as match, r.total, r.never,
        r.last_interaction_at, r.last_contact_at
      from ranked r
      order by r.last_contact_at nulls first, r.name`,
  );
}
