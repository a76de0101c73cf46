import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL of knowledge search (decision 016). One statement per tier: the passages, emails, notes
 * and companies matching the tier's tsquery, each scored, cut to the best, then their metadata.
 * Every branch is bounded by the organisation first; nothing of another one can be read.
 */

export type SearchKind = 'document' | 'email' | 'note' | 'company';

export interface SearchScope {
  organizationId: string;
  kinds: ReadonlySet<SearchKind>;
  /** Keep only documents of these analyst types (term_sheet, …); absent: every document. */
  documentTypes?: readonly string[];
  companyIds?: readonly string[];
  limit: number;
  passagesPerDocument: number;
}

export interface RankedQuery {
  /** tsquery text deciding which rows are candidates: those matching exactly `level` terms. */
  match: string;
  /** How many of the deciding terms the rows match, and how many there are. */
  level: number;
  terms: number;
  /** tsquery text of every term, for ts_rank_cd and the preview. */
  rank: string;
  /** Rows of this band, per branch, that get ranked (bounds the work of a band of common words). */
  pool: number;
}

export interface SearchRow {
  kind: SearchKind;
  id: string;
  score: number;
  location: unknown;
  preview: string;
  created_at: string | Date;
  filename: string | null;
  subject: string | null;
  self_name: string | null;
  size: number | string | null;
  format: string | null;
  document_type: string | null;
  deal_id: string | null;
  created_by: string | null;
  sender: string | null;
  modified_at: string | Date | null;
  processed_at: string | Date | null;
  analysis: unknown;
  companies: { id: string; name: string }[] | null;
}

/** The text a company is found by; the same expression as the companies_search_idx index. */
const COMPANY_SEARCH_TEXT = sql.raw(
  `to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`,
);

/** The preview is cut from at most this much of an email, note or description (a passage is at most 1,500). */
const HEADLINE_SOURCE_CHARS = 5_000;

/**
 * Lexicographic: the band (terms matched) first, then ts_rank_cd squashed into [0, 1) by flag 32.
 * The band is known from the query that found the row, so the row's vector is read once, by
 * ts_rank_cd; the match itself is answered by the GIN index.
 */
function scoreOf(tsv: SQL, query: RankedQuery): SQL {
  return sql`(${query.level}::float8 + ts_rank_cd(${tsv}, ${query.rank}::tsquery, 32)) / ${query.terms + 1}::float8`;
}

function documentFilter(scope: SearchScope, documentId: SQL): SQL {
  const parts: SQL[] = [];
  if (scope.documentTypes && scope.documentTypes.length > 0) {
    parts.push(
      sql`fd.document_type in (${sql.join(
        scope.documentTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  if (scope.companyIds && scope.companyIds.length > 0) {
    const ids = sql.join(
      scope.companyIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    parts.push(
      sql`(fd.company_id in (${ids}) or exists (select 1 from deals dl where dl.id = fd.deal_id and dl.company_id in (${ids})))`,
    );
  }
  if (parts.length === 0) return sql``;
  return sql`and exists (select 1 from documents fd where fd.id = ${documentId} and fd.organization_id = ${scope.organizationId} and ${sql.join(parts, sql` and `)})`;
}

function companyIdsFilter(scope: SearchScope, column: SQL, kind: 'interaction' | 'company'): SQL {
  if (!scope.companyIds || scope.companyIds.length === 0) return sql``;
  const ids = sql.join(
    scope.companyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  if (kind === 'company') return sql`and ${column} in (${ids})`;
  return sql`and exists (select 1 from knowledge_interaction_companies l where l.interaction_id = ${column} and l.company_id in (${ids}))`;
}

function branches(scope: SearchScope, query: RankedQuery): SQL[] {
  const out: SQL[] = [];
  const org = scope.organizationId;
  if (scope.kinds.has('document')) {
    out.push(sql`(select 'document'::text as kind, r.document_id as id, r.score, r.content, r.location
      from (
        select c.document_id, c.content, c.location, c.score,
               row_number() over (partition by c.document_id order by c.score desc, c.ordinal) as place
        from (
          select kc.document_id, kc.content, kc.location, kc.ordinal, ${scoreOf(sql`kc.tsv`, query)} as score
          from (
            select kc.document_id, kc.content, kc.location, kc.ordinal, kc.tsv
            from knowledge_chunks kc
            where kc.organization_id = ${org} and kc.tsv @@ ${query.match}::tsquery
            ${documentFilter(scope, sql`kc.document_id`)}
            limit ${query.pool}
          ) kc
        ) c
      ) r
      where r.place <= ${scope.passagesPerDocument}
      order by r.score desc
      limit ${scope.limit})`);
  }
  const interactionKinds = (['email', 'note'] as const).filter((kind) => scope.kinds.has(kind));
  if (interactionKinds.length > 0) {
    out.push(sql`(select ki.kind, ki.id, ${scoreOf(sql`ki.tsv`, query)} as score,
        ki.subject || E'\\n' || left(ki.body, ${HEADLINE_SOURCE_CHARS}) as content, null::jsonb as location
      from (
        select ki.id, ki.kind, ki.subject, ki.body, ki.tsv
        from knowledge_interactions ki
        where ki.organization_id = ${org} and ki.tsv @@ ${query.match}::tsquery
          and ki.kind in (${sql.join(
            interactionKinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          ${companyIdsFilter(scope, sql`ki.id`, 'interaction')}
        limit ${query.pool}
      ) ki
      order by score desc
      limit ${scope.limit})`);
  }
  if (scope.kinds.has('company')) {
    out.push(sql`(select 'company'::text as kind, co.id, ${scoreOf(COMPANY_SEARCH_TEXT, query)} as score,
        co.name || coalesce(' (' || co.industry || ')', '') || coalesce('. ' || left(co.description, ${HEADLINE_SOURCE_CHARS}), '') as content,
        null::jsonb as location
      from (
        select co.id, co.name, co.industry, co.description
        from companies co
        where co.organization_id = ${org} and ${COMPANY_SEARCH_TEXT} @@ ${query.match}::tsquery
          ${companyIdsFilter(scope, sql`co.id`, 'company')}
        limit ${query.pool}
      ) co
      order by score desc
      limit ${scope.limit})`);
  }
  return out;
}

/** The metadata every result carries, joined for the final rows only. */
function withMetadata(scope: SearchScope, top: SQL, preview: SQL): SQL {
  const org = scope.organizationId;
  return sql`
    with top as (${top})
    select top.kind, top.id, top.score, top.location, ${preview} as preview,
      coalesce(d.created_at, ki.occurred_at, co.created_at) as created_at,
      d.name as filename, ki.subject, co.name as self_name,
      d.size, d.format, d.document_type, d.deal_id,
      nullif(concat_ws(' ', u.first_name, u.last_name), '') as created_by,
      ki.sender, d.modified_at, d.processed_at, d.analysis,
      linked.companies
    from top
    left join documents d on top.kind = 'document' and d.id = top.id and d.organization_id = ${org}
    left join knowledge_interactions ki on top.kind in ('email', 'note') and ki.id = top.id and ki.organization_id = ${org}
    left join companies co on top.kind = 'company' and co.id = top.id and co.organization_id = ${org}
    left join users u on u.id = coalesce(d.created_by, ki.created_by)
    left join lateral (
      select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name) order by x.rank, x.name) as companies
      from (
        select c.id, c.name, 0 as rank from companies c
          where top.kind = 'document' and c.organization_id = ${org} and c.id = d.company_id
        union
        select c.id, c.name, 1 as rank from deals dl join companies c on c.id = dl.company_id
          where top.kind = 'document' and dl.id = d.deal_id and c.organization_id = ${org}
        union
        select c.id, c.name, 1 as rank from knowledge_interaction_companies l join companies c on c.id = l.company_id
          where top.kind in ('email', 'note') and l.interaction_id = top.id and c.organization_id = ${org}
        union
        select co.id, co.name, 0 as rank where top.kind = 'company'
      ) x
    ) linked on true
    order by top.score desc, created_at desc`;
}

/** One tier of a search: the best rows matching `query.match`, with their previews and metadata. */
export async function searchTier(db: Database, scope: SearchScope, query: RankedQuery): Promise<SearchRow[]> {
  const parts = branches(scope, query);
  if (parts.length === 0) return [];
  const top = sql`select * from (${sql.join(parts, sql` union all `)}) hits order by score desc limit ${scope.limit}`;
  const result = (await db.execute(withMetadata(scope, top, sql`top.content`))) as unknown as {
    rows: SearchRow[];
  };
  return result.rows;
}

/** The empty query's list: the newest items of the kinds asked for, with score 0. */
export async function newestItems(db: Database, scope: SearchScope): Promise<SearchRow[]> {
  const org = scope.organizationId;
  const parts: SQL[] = [];
  if (scope.kinds.has('document')) {
    parts.push(sql`(select 'document'::text as kind, d.id, 0::float8 as score,
        coalesce(d.analysis ->> 'content_summary', first.content, '') as content, first.location, d.created_at as at
      from documents d
      left join lateral (
        select kc.content, kc.location from knowledge_chunks kc where kc.document_id = d.id order by kc.ordinal limit 1
      ) first on true
      where d.organization_id = ${org} ${documentFilter(scope, sql`d.id`)}
      order by d.created_at desc limit ${scope.limit})`);
  }
  const interactionKinds = (['email', 'note'] as const).filter((kind) => scope.kinds.has(kind));
  if (interactionKinds.length > 0) {
    parts.push(sql`(select ki.kind, ki.id, 0::float8 as score, left(ki.body, 1000) as content, null::jsonb as location,
        ki.occurred_at as at
      from knowledge_interactions ki
      where ki.organization_id = ${org} and ki.kind in (${sql.join(
        interactionKinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}) ${companyIdsFilter(scope, sql`ki.id`, 'interaction')}
      order by ki.occurred_at desc limit ${scope.limit})`);
  }
  if (scope.kinds.has('company')) {
    parts.push(sql`(select 'company'::text as kind, co.id, 0::float8 as score,
        coalesce(co.description, co.industry, co.name) as content, null::jsonb as location, co.created_at as at
      from companies co where co.organization_id = ${org} ${companyIdsFilter(scope, sql`co.id`, 'company')}
      order by co.created_at desc limit ${scope.limit})`);
  }
  if (parts.length === 0) return [];
  const top = sql`select kind, id, score, content, location from (${sql.join(parts, sql` union all `)}) items order by at desc limit ${scope.limit}`;
  const result = (await db.execute(withMetadata(scope, top, sql`left(top.content, 1000)`))) as unknown as {
    rows: SearchRow[];
  };
  return result.rows;
}

const termCache = new Map<string, string>();
const TERM_CACHE_SIZE = 20_000;

/**
 * Each word as PostgreSQL's 'english' configuration reads it (stemmed, '' for a stop word), as
 * tsquery text. Answers are the same for every organisation, so they are cached per process.
 */
export async function normaliseWords(db: Database, words: string[]): Promise<Map<string, string>> {
  const answer = new Map<string, string>();
  const missing: string[] = [];
  for (const word of new Set(words)) {
    const cached = termCache.get(word);
    if (cached === undefined) missing.push(word);
    else answer.set(word, cached);
  }
  if (missing.length > 0) {
    const result = (await db.execute(
      sql`select w.value as word, plainto_tsquery('english'::regconfig, w.value)::text as query
          from jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb) as w`,
    )) as unknown as { rows: { word: string; query: string }[] };
    if (termCache.size + missing.length > TERM_CACHE_SIZE) termCache.clear();
    for (const row of result.rows) {
      termCache.set(row.word, row.query);
      answer.set(row.word, row.query);
    }
  }
  return answer;
}

/** websearch_to_tsquery of the phrases and exclusions, as tsquery text ('' when empty); cached per process. */
const websearchCache = new Map<string, string>();

export async function websearchQuery(db: Database, text: string): Promise<string> {
  const cached = websearchCache.get(text);
  if (cached !== undefined) return cached;
  const result = (await db.execute(
    sql`select websearch_to_tsquery('english'::regconfig, ${text})::text as query`,
  )) as unknown as { rows: { query: string }[] };
  const query = result.rows[0]?.query ?? '';
  if (websearchCache.size >= TERM_CACHE_SIZE) websearchCache.clear();
  websearchCache.set(text, query);
  return query;
}

/** Share of passages holding each of the most common lexemes, from PostgreSQL's own statistics. */
const frequencyCache = new WeakMap<Database, { at: number; frequencies: Map<string, number> }>();
const FREQUENCY_TTL_MS = 10 * 60 * 1000;

/**
 * The most common lexemes of knowledge_chunks.tsv with the share of rows holding them (pg_stats,
 * kept by ANALYZE: autovacuum on PostgreSQL, the initialize job on PGlite). Absent lexemes are
 * rarer than the least common listed; without statistics the map is empty. Refreshed every 10
 * minutes per process.
 */
/** After ANALYZE: the next search reads the new statistics. */
export function forgetLexemeFrequencies(db: Database): void {
  frequencyCache.delete(db);
}

export async function lexemeFrequencies(db: Database): Promise<Map<string, number>> {
  const cached = frequencyCache.get(db);
  if (cached && Date.now() - cached.at < FREQUENCY_TTL_MS) return cached.frequencies;
  const result = (await db.execute(sql`select u.lexeme, u.frequency
    from pg_stats s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(lexeme, frequency)
    where s.schemaname = current_schema() and s.tablename = 'knowledge_chunks' and s.attname = 'tsv'
      and u.lexeme is not null`)) as unknown as { rows: { lexeme: string; frequency: number }[] };
  const frequencies = new Map(result.rows.map((row) => [row.lexeme, Number(row.frequency)]));
  frequencyCache.set(db, { at: Date.now(), frequencies });
  return frequencies;
}
