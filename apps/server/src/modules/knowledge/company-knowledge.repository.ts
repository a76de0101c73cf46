import type { TCompanyInteraction, TInactiveCompany, TSimilarCompany } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { isoOf, rowsOf } from '../../platform/sql-rows.ts';

/** Company-centred knowledge queries: similar companies, a company's interactions, inactive companies. */

export async function findCompanyName(
  db: Database,
  organizationId: string,
  companyId: string,
): Promise<string | null> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select name from companies where id = ${companyId} and organization_id = ${organizationId}`,
  );
  return row?.name ?? null;
}

/**
 * Companies ranked by how close they are to a description (share of its terms their name, industry
 * and description hold, then ts_rank_cd; the industry's trigram closeness to the description) and
 * to a name (trigram similarity). `terms` are tsquery texts of the description's words.
 */
export async function similarCompanies(
  db: Database,
  organizationId: string,
  options: { terms: string[]; description: string | null; name: string | null; limit: number },
): Promise<TSimilarCompany[]> {
  const { terms, description, name, limit } = options;
  const text = sql.raw(
    `to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`,
  );
  const parts: SQL[] = [sql`0::float8`];
  if (terms.length > 0) {
    const any = terms.join(' | ');
    const matched = sql.join(
      terms.map((term) => sql`(${text} @@ ${term}::tsquery)::int`),
      sql` + `,
    );
    parts.push(
      sql`case when ${text} @@ ${any}::tsquery then 0.8 * (${matched})::float8 / ${terms.length} + 0.2 * ts_rank_cd(${text}, ${any}::tsquery, 32) else 0 end`,
    );
  }
  if (description) parts.push(sql`coalesce(word_similarity(co.industry, ${description}), 0)::float8 * 0.8`);
  if (name) parts.push(sql`similarity(co.name, ${name})::float8`);
  const rows = await rowsOf<TSimilarCompany & { thematic_score: number | string | null }>(
    db,
    sql`select * from (
      select co.id, co.name, co.industry, co.stage, co.headquarters_country,
        left(co.description, 500) as description, co.thematic_score,
        greatest(${sql.join(parts, sql`, `)}) as similarity
      from companies co
      where co.organization_id = ${organizationId}
    ) ranked
    where similarity >= 0.1
    order by similarity desc, name
    limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    thematic_score: row.thematic_score === null ? null : Number(row.thematic_score),
    similarity: Math.min(1, Number(row.similarity)),
  }));
}

/** Documents, emails and notes linked to a company, newest first. */
export async function companyInteractions(
  db: Database,
  organizationId: string,
  companyId: string,
  options: { type?: 'document' | 'email' | 'note'; limit: number },
): Promise<{ interactions: TCompanyInteraction[]; total: number }> {
  const wantDocuments = !options.type || options.type === 'document';
  const interactionKinds = (['email', 'note'] as const).filter((k) => !options.type || options.type === k);
  const parts: SQL[] = [];
  if (wantDocuments) {
    parts.push(sql`select d.id, 'document'::text as interaction_type, d.name as title,
        coalesce(d.analysis ->> 'content_summary', '') as preview, d.created_at as occurred_at,
        null::text as sender, d.created_by as author, d.deal_id, d.document_type,
        '/api/v1/documents/' || d.id || '/download' as url
      from documents d
      where d.organization_id = ${organizationId}
        and (d.company_id = ${companyId}
          or d.deal_id in (select dl.id from deals dl where dl.company_id = ${companyId} and dl.organization_id = ${organizationId}))`);
  }
  if (interactionKinds.length > 0) {
    parts.push(sql`select ki.id, ki.kind as interaction_type, ki.subject as title, left(ki.body, 300) as preview,
        ki.occurred_at, ki.sender, ki.created_by as author, null::uuid as deal_id, null::text as document_type,
        null::text as url
      from knowledge_interactions ki
      join knowledge_interaction_companies l on l.interaction_id = ki.id and l.company_id = ${companyId}
      where ki.organization_id = ${organizationId}
        and ki.kind in (${sql.join(
          interactionKinds.map((k) => sql`${k}`),
          sql`, `,
        )})`);
  }
  const rows = await rowsOf<{
    id: string;
    interaction_type: 'document' | 'email' | 'note';
    title: string;
    preview: string;
    occurred_at: string | Date;
    sender: string | null;
    created_by: string | null;
    deal_id: string | null;
    document_type: string | null;
    url: string | null;
    total: number | string;
  }>(
    db,
    sql`select items.id, items.interaction_type, items.title, items.preview, items.occurred_at, items.sender,
        nullif(concat_ws(' ', u.first_name, u.last_name), '') as created_by, items.deal_id, items.document_type,
        items.url, count(*) over () as total
      from (${sql.join(parts, sql` union all `)}) items
      left join users u on u.id = items.author
      order by items.occurred_at desc, items.id
      limit ${options.limit}`,
  );
  return {
    interactions: rows.map(({ total: _total, ...row }) => ({
      ...row,
      title: row.title || '(no subject)',
      preview: row.preview.replace(/\s+/g, ' ').trim(),
      occurred_at: isoOf(row.occurred_at),
    })),
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}

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
