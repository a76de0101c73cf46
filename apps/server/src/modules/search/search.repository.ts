import type { TSearchHit, TSearchHitKind } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/**
 * Search across the organisation's companies, deals, documents and funding announcements (the top
 * bar and smart search; decision 030). One statement: each kind's candidates by name, ranked by how
 * the name matches (exact, prefix, word prefix, contained, then trigram word similarity for typos),
 * the best `limit` of all kinds.
 *
 * Cost: company candidates come from indexes only: the name's trigram index (companies_name_trgm_idx
 * answers ILIKE '%…%' and the word-similarity operator <%) and the full-text index over name,
 * industry and description (companies_search_idx); deals are found through their company's hits or
 * their number. Documents and announcements have no trigram index yet, so they match by contained
 * text only (a scan of the organisation's rows, cheap per row) rather than by typo-tolerant
 * similarity, which would compute a similarity for every row.
 */

/** Company matches kept for ranking companies and their deals (more than any page shows). */
const COMPANY_CANDIDATES = 64;

/** The order kinds are shown in when they rank equal. */
const KIND_ORDER: Record<TSearchHitKind, number> = {
  company: 0,
  deal: 1,
  document: 2,
  funding_announcement: 3,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * How well `column` matches the lower-cased query: 1 exact, 0.9 prefix, 0.8 a word's prefix, 0.6
 * contained, below 0.6 by trigram word similarity (a typo). Plain LIKEs, cheapest first: a broad
 * query scores thousands of candidates.
 */
function matchScore(column: SQL, query: string): SQL {
  const like = escapeLike(query);
  return sql`(case
      when lower(${column}) = ${query} then 1.0
      when lower(${column}) like ${`${like}%`} then 0.9
      when lower(${column}) like ${`% ${like}%`} or lower(${column}) like ${`%-${like}%`} or lower(${column}) like ${`%(${like}%`} then 0.8
      when lower(${column}) like ${`%${like}%`} then 0.6
      else word_similarity(${query}, lower(${column})) * 0.6 end)`;
}

/**
 * Typo matching needs a few letters: "a" or "[a-z" would match every name with a one-letter word.
 * It uses pg_trgm's <% operator (word similarity of at least pg_trgm.word_similarity_threshold,
 * 0.6 by default), which the trigram index answers.
 */
export const MIN_FUZZY_LETTERS = 4;

const fuzzy = (query: string) => query.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_FUZZY_LETTERS;

/** Text containing the query, case ignored (ILIKE, which a trigram index on the column answers). */
const contains = (column: SQL, query: string) => sql`${column} ilike ${`%${escapeLike(query)}%`}`;

interface HitRow {
  kind: TSearchHitKind;
  id: string;
  title: string;
  subtitle: string | null;
  score: number | string;
  deal_id: string | null;
  company_id: string | null;
}

/** The one statement of a search (exported so bench/search-everything.ts replays the very SQL). */
export function searchStatement(organizationId: string, rawQuery: string, limit: number): SQL {
  const query = rawQuery.trim().toLowerCase();
  const dealNumber = /^#?(\d{1,9})$/.exec(query)?.[1];
  const name = sql`co.name`;
  const nameMatch = fuzzy(query)
    ? sql`(${contains(name, query)} or ${query} <% co.name)`
    : contains(name, query);
  // The same expression as the companies_search_idx index, so the index answers it.
  const companyText = sql`to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`;
  const statement = sql`
    with company_hits as (
      select id, max(score) as score from (
        select co.id, ${matchScore(name, query)} as score
          from companies co
         where co.organization_id = ${organizationId} and ${nameMatch}
        union all
        -- Found by industry or description only: below any name match.
        select co.id, 0.5
          from companies co
         where co.organization_id = ${organizationId} and ${companyText} @@ plainto_tsquery('english', ${query})
      ) found group by id
      -- Deals rank by their company's match, so the best companies are all either kind needs.
      order by 2 desc limit ${Math.max(limit * 4, COMPANY_CANDIDATES)}
    ),
    hits as (
      (select 'company' as kind, co.id, co.name as title,
              nullif(concat_ws(' · ', co.industry, co.stage, co.headquarters_country), '') as subtitle,
              ch.score, null::uuid as deal_id, co.id as company_id
         from company_hits ch join companies co on co.id = ch.id
        order by ch.score desc, co.name limit ${limit})
      union all
      (select 'deal', dl.id, co.name || ' — Deal #' || dl.deal_number,
              concat_ws(' · ', initcap(replace(dl.stage, '_', ' ')), '€' || to_char(dl.amount_requested, 'FM999,999,999,999,990') || ' requested', dl.sector),
              ${dealNumber ? sql`case when dl.deal_number = ${Number(dealNumber)} then 1.0 else coalesce(ch.score, 0) * 0.98 end` : sql`ch.score * 0.98`},
              dl.id, co.id
         from deals dl
         join companies co on co.id = dl.company_id
         ${dealNumber ? sql`left join` : sql`join`} company_hits ch on ch.id = dl.company_id
        where dl.organization_id = ${organizationId}
          ${dealNumber ? sql`and (ch.id is not null or dl.deal_number = ${Number(dealNumber)})` : sql``}
        order by 5 desc limit ${limit})
      union all
      (select 'document', d.id, d.name,
              nullif(concat_ws(' · ', co.name, replace(d.document_type, '_', ' ')), ''),
              ${matchScore(sql`d.name`, query)} * 0.96,
              d.deal_id, co.id
         from documents d
         left join deals dl on dl.id = d.deal_id
         left join companies co on co.id = coalesce(d.company_id, dl.company_id)
        where d.organization_id = ${organizationId} and ${contains(sql`d.name`, query)}
        order by 5 desc limit ${limit})
      union all
      (select 'funding_announcement', f.id, f.title,
              concat_ws(' · ', f.company_name, f.stage,
                        case when f.amount_raised is not null then coalesce(f.currency || ' ', '') || to_char(f.amount_raised, 'FM999,999,999,999,990') end,
                        to_char(f.announced_at, 'YYYY-MM-DD')),
              greatest(${matchScore(sql`f.company_name`, query)} * 0.94, ${matchScore(sql`f.title`, query)} * 0.9),
              null::uuid, f.company_id
         from funding_announcements f
        where f.organization_id = ${organizationId}
          and (${contains(sql`f.company_name`, query)} or ${contains(sql`f.title`, query)})
        order by 5 desc limit ${limit})
    )
    select kind, id, title, subtitle, score, deal_id, company_id from hits
    order by score desc, length(title), title
    limit ${limit}`;
  return statement;
}

export async function searchEverything(
  db: Database,
  organizationId: string,
  rawQuery: string,
  limit: number,
): Promise<TSearchHit[]> {
  const rows = await rowsOf<HitRow>(db, searchStatement(organizationId, rawQuery, limit));
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
