import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/sql-rows.ts';
import {
  COMPANY_COLUMNS,
  type CompanySearchRow,
  companyFilter,
  dealsOf,
} from './search-companies.repository.ts';
import type { ToolContext } from './tool.ts';

/**
 * Companies nobody has spoken to since `since`: no email or note about them and no interaction
 * recorded on the company or its deals. Unlike the knowledge module's inactive companies, a deal
 * record being edited or a document being uploaded is not contact. Never contacted first, then the
 * longest silent; `last_interaction` is the last contact, `total` and `never` count before the
 * limit. The latest contacts are aggregated per company in SQL (one pass over the organisation's
 * interactions and deals, by their organisation indexes).
 */
export async function silentCompanies(
  context: ToolContext,
  filter: { since: Date; sector?: string; country?: string; limit: number },
): Promise<(CompanySearchRow & { never: number | string })[]> {
  const { organizationId } = context;
  return rowsOf(
    context.db,
    sql`with contact as (
        select ${COMPANY_COLUMNS},
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
        where ${companyFilter(context, filter)}
      ), ranked as (
        select *, count(*) over () as total,
          count(*) filter (where last_contact_at is null) over () as never
        from contact
        where last_contact_at is null or last_contact_at < ${filter.since.toISOString()}::timestamptz
        order by last_contact_at nulls first, name
        limit ${filter.limit}
      )
      select r.id, r.name, r.industry, r.country, r.description, r.updated_at, 1 as match, r.total, r.never,
        ${dealsOf(context)} as deals, r.last_contact_at as last_interaction
      from ranked r
      order by r.last_contact_at nulls first, r.name`,
  );
}
