import type { TSearchHit, TSearchHitKind } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/**
 * Search across the organisation's companies, deals, documents and funding announcements (the top
 * bar and smart search; decision 030). One statement: each kind's candidates by name, ranked by how
 * the name matches (exact, prefix, word prefix, contained, then trigram word similarity for typos;
 * companies also by full text over industry and description), the best `limit` of all kinds.
 */

/** Below this trigram word similarity a name is not a match (pg_trgm's own default is 0.6 for <%). */
export const MIN_WORD_SIMILARITY = 0.4;

/** The order kinds are shown in when they rank equal. */
const KIND_ORDER: Record<TSearchHitKind, number> = {
  company: 0,
  deal: 1,
  document: 2,
  funding_announcement: 3,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** How well `column` matches the lower-cased query: 1 exact … 0.6 contained, below 0.6 by trigram similarity. */
function matchScore(column: SQL, query: string): SQL {
  const like = escapeLike(query);
  return sql`(case
      when lower(${column}) = ${query} then 1.0
      when lower(${column}) like ${`${like}%`} then 0.9
      when lower(${column}) like ${`%${like}%`} and lower(${column}) ~ ('(^|[^[:alnum:]])' || ${regexQuote(query)}) then 0.8
      when lower(${column}) like ${`%${like}%`} then 0.6
      else word_similarity(${query}, lower(${column})) * 0.6 end)`;
}

/** The query as a literal inside a POSIX regular expression. */
function regexQuote(query: string): string {
  return query.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);
}

/** Trigram matching needs a few letters: "a" or "[a-z" would match every name with a one-letter word. */
export const MIN_FUZZY_LETTERS = 4;

function matches(column: SQL, query: string): SQL {
  const contained = sql`lower(${column}) like ${`%${escapeLike(query)}%`}`;
  if (query.replace(/[^\p{L}\p{N}]/gu, '').length < MIN_FUZZY_LETTERS) return sql`(${contained})`;
  return sql`(${contained} or word_similarity(${query}, lower(${column})) >= ${MIN_WORD_SIMILARITY})`;
}

interface HitRow {
  kind: TSearchHitKind;
  id: string;
  title: string;
  subtitle: string | null;
  score: number | string;
  deal_id: string | null;
  company_id: string | null;
}

export async function searchEverything(
  db: Database,
  organizationId: string,
  rawQuery: string,
  limit: number,
): Promise<TSearchHit[]> {
  const query = rawQuery.trim().toLowerCase();
  const dealNumber = /^#?(\d{1,9})$/.exec(query)?.[1];
  const companyText = sql`to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`;
  const companyName = sql`co.name`;
  const documentName = sql`d.name`;
  const announcementCompany = sql`f.company_name`;
  const announcementTitle = sql`f.title`;
  const statement = sql`
    with hits as (
      (select 'company' as kind, co.id, co.name as title,
              nullif(concat_ws(' · ', co.industry, co.stage, co.headquarters_country), '') as subtitle,
              greatest(${matchScore(companyName, query)},
                       case when ${companyText} @@ plainto_tsquery('english', ${query}) then 0.5 else 0 end) as score,
              null::uuid as deal_id, co.id as company_id
         from companies co
        where co.organization_id = ${organizationId}
          and (${matches(companyName, query)} or ${companyText} @@ plainto_tsquery('english', ${query}))
        order by score desc limit ${limit})
      union all
      (select 'deal', dl.id, co.name || ' — Deal #' || dl.deal_number,
              concat_ws(' · ', initcap(replace(dl.stage, '_', ' ')), '€' || to_char(dl.amount_requested, 'FM999,999,999,999,990') || ' requested', dl.sector),
              ${dealNumber ? sql`case when dl.deal_number = ${Number(dealNumber)} then 1.0 else ${matchScore(companyName, query)} * 0.98 end` : sql`${matchScore(companyName, query)} * 0.98`},
              dl.id, co.id
         from deals dl join companies co on co.id = dl.company_id
        where dl.organization_id = ${organizationId}
          and (${matches(companyName, query)}${dealNumber ? sql` or dl.deal_number = ${Number(dealNumber)}` : sql``})
        order by 5 desc limit ${limit})
      union all
      (select 'document', d.id, d.name,
              nullif(concat_ws(' · ', co.name, replace(d.document_type, '_', ' ')), ''),
              ${matchScore(documentName, query)} * 0.96,
              d.deal_id, co.id
         from documents d
         left join deals dl on dl.id = d.deal_id
         left join companies co on co.id = coalesce(d.company_id, dl.company_id)
        where d.organization_id = ${organizationId} and ${matches(documentName, query)}
        order by 5 desc limit ${limit})
      union all
      (select 'funding_announcement', f.id, f.title,
              concat_ws(' · ', f.company_name, f.stage,
                        case when f.amount_raised is not null then coalesce(f.currency || ' ', '') || to_char(f.amount_raised, 'FM999,999,999,999,990') end,
                        to_char(f.announced_at, 'YYYY-MM-DD')),
              greatest(${matchScore(announcementCompany, query)} * 0.94, ${matchScore(announcementTitle, query)} * 0.9),
              null::uuid, f.company_id
         from funding_announcements f
        where f.organization_id = ${organizationId}
          and (${matches(announcementCompany, query)} or ${matches(announcementTitle, query)})
        order by 5 desc limit ${limit})
    )
    select kind, id, title, subtitle, score, deal_id, company_id from hits
    order by score desc, length(title), title
    limit ${limit}`;
  const rows = await rowsOf<HitRow>(db, statement);
  return rows
    .map((row) => ({ row, score: Number(row.score) }))
    .sort((a, b) => b.score - a.score || KIND_ORDER[a.row.kind] - KIND_ORDER[b.row.kind])
    .map(({ row }) => ({
      kind: row.kind,
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      link: linkOf(row),
    }));
}

function linkOf(row: HitRow): string {
  switch (row.kind) {
    case 'company':
      return `/companies/${row.id}`;
    case 'deal':
      return `/deals/${row.id}/intelligence`;
    case 'document':
      return row.deal_id
        ? `/deals/${row.deal_id}/intelligence?document=${row.id}`
        : `/knowledge?document=${row.id}`;
    case 'funding_announcement':
      return `/intelligence?announcement=${row.id}`;
  }
}
