import type { TInactiveCompany } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { isoOf, rowsOf } from '../../platform/sql-rows.ts';

/** Company-centred knowledge queries: inactive companies. */

/**
 * Companies with no document, email, note or deal activity since `since`. A company's creation
 * counts as its first activity, so one added yesterday is not inactive.
 */
export async function inactiveCompanies(
  db: Database,
  organizationId: string,
  since: Date,
  limit: number,
): Promise<{ companies: Omit<TInactiveCompany, 'days_inactive'>[]; total: number }> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    industry: string | null;
    monitoring_priority: string | null;
    last_activity_at: string | Date;
    last_activity_kind: TInactiveCompany['last_activity_kind'];
    total: number | string;
  }>(
    db,
    sql`with activity as (
      select co.id, co.name, co.industry, co.monitoring_priority, co.created_at,
        (select max(d.created_at) from documents d
          where d.organization_id = ${organizationId}
            and (d.company_id = co.id or d.deal_id in (select dl.id from deals dl where dl.company_id = co.id))) as document_at,
        (select max(ki.occurred_at) from knowledge_interaction_companies l
          join knowledge_interactions ki on ki.id = l.interaction_id
          where l.company_id = co.id and ki.kind = 'email') as email_at,
        (select max(ki.occurred_at) from knowledge_interaction_companies l
          join knowledge_interactions ki on ki.id = l.interaction_id
          where l.company_id = co.id and ki.kind = 'note') as note_at,
        (select max(greatest(dl.created_at, dl.updated_at,
            (select max(a.occurred_at) from deal_activity a where a.deal_id = dl.id)))
          from deals dl where dl.company_id = co.id and dl.organization_id = ${organizationId}) as deal_at
      from companies co
      where co.organization_id = ${organizationId}
    ), latest as (
      select *, greatest(created_at, document_at, email_at, note_at, deal_at) as last_activity_at from activity
    )
    select id, name, industry, monitoring_priority, last_activity_at,
      case last_activity_at
        when document_at then 'document' when email_at then 'email' when note_at then 'note'
        when deal_at then 'deal' else 'created' end as last_activity_kind,
      count(*) over () as total
    from latest
    where last_activity_at < ${since.toISOString()}::timestamptz
    order by last_activity_at, name
    limit ${limit}`,
  );
  return {
    companies: rows.map(({ total: _total, ...row }) => ({
      ...row,
      last_activity_at: isoOf(row.last_activity_at),
    })),
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}
