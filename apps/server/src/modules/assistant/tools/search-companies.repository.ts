import type { TDealStage } from '@atempo/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/sql-rows.ts';
import {
  containsPattern,
  fuzzyNameCandidates,
  fuzzyNameScore,
  isNameLike,
  NAME_MATCH_THRESHOLD,
} from '../../companies/index.ts';
import type { ToolContext } from './tool.ts';

export interface CompanySearchRow {
  id: string;
  name: string;
  industry: string | null;
  country: string | null;
  description: string | null;
  updated_at: string | Date;
  match: number | string;
  deals: { id: string; stage: TDealStage; amount_requested: number | string }[] | null;
  last_interaction: string | Date | null;
  total: number | string;
}

/** Same text as the companies_search_idx expression, so the full-text match is an index scan. */
const SEARCH_TEXT = sql.raw(
  `to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`,
);

/** Companies found by words of their text that are ranked; beyond, a common word is cut (as knowledge search's BAND_POOL). */
export const TEXT_POOL = 300;

/**
 * Companies by name (lenient: companies/company-fuzzy-names.ts) or by words of their industry and description,
 * with their deals and the time of their latest email or note (or the recorded last interaction).
 */
export async function searchCompanies(
  context: ToolContext,
  filter: { query: string; sector?: string; country?: string; limit: number },
): Promise<CompanySearchRow[]> {
  const searching = isNameLike(filter.query);
  const where = companyFilter(context, filter);
  // Only names close to the query, and at most TEXT_POOL companies whose text holds its words, are
  // scored (both found through an index): a common word cannot make the search rank the whole table.
  const scope = searching
    ? sql`join (
          ${fuzzyNameCandidates(context.organizationId, filter.query, where)}
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
  return rowsOf<CompanySearchRow>(
    context.db,
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
        ${dealsOf(context)} as deals,
        greatest(r.last_interaction_at,
          (select max(ki.occurred_at) from knowledge_interaction_companies l
            join knowledge_interactions ki on ki.id = l.interaction_id
            where l.company_id = r.id)) as last_interaction
      from ranked r
      order by ${searching ? sql`r.match desc, r.name` : sql`r.updated_at desc, r.name`}`,
  );
}

/** The organisation's companies, within the sector and country asked (words of them, any case). */
export function companyFilter(context: ToolContext, filter: { sector?: string; country?: string }): SQL {
  const conditions: SQL[] = [sql`co.organization_id = ${context.organizationId}`];
  if (filter.sector) conditions.push(sql`co.industry ilike ${containsPattern(filter.sector)}`);
  if (filter.country) conditions.push(sql`co.headquarters_country ilike ${containsPattern(filter.country)}`);
  return sql.join(conditions, sql` and `);
}

/** The deals of company `r` (a found row), in deal-number order, as search_companies answers them. */
export const dealsOf = (context: ToolContext): SQL =>
  sql`(select json_agg(json_build_object('id', d.id, 'stage', d.stage, 'amount_requested', d.amount_requested)
        order by d.deal_number)
      from deals d where d.company_id = r.id and d.organization_id = ${context.organizationId})`;

/** The company columns search_companies answers, from companies `co`. */
export const COMPANY_COLUMNS = sql.raw(
  `co.id, co.name, co.industry, co.headquarters_country as country, left(co.description, 500) as description, co.updated_at`,
);
