import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { preparedRows, rowReader } from '../../platform/prepared.ts';

/**
 * The SQL of knowledge search (decision 016). One statement per search: the passages, emails,
 * notes and companies of the bands that answer, scored, cut to the page, then their metadata.
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

/**
 * One search, decided in the server (decision 016) and answered by one statement: bands of rows
 * matching exactly `level` of the deciding terms, tried from the most terms down.
 */
export interface SearchPlan {
  /** Highest level first; each `match` is the tsquery text of rows holding at least that many deciding terms. */
  bands: { level: number; match: string }[];
  /** Bands below this level hold common words: they are read only when nothing rarer is found. */
  rareLevel: number;
  /** How many terms decide (the highest level possible). */
  deciding: number;
  /** tsquery text of every term, for ts_rank_cd. */
  rank: string;
  /** Rows read from the index, per kind, before ranking (bounds the work of common words). */
  pool: number;
  /**
   * The question asks for a figure a statement prints: inside a level, a passage dense in numbers
   * (a statement's rows) ranks above prose repeating the same words (decision 045).
   */
  preferFigures?: boolean;
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

/** The columns of the metadata select, in order. */
const readSearchRow = rowReader<SearchRow>([
  'kind',
  'id',
  'score',
  'location',
  'preview',
  'created_at',
  'filename',
  'subject',
  'self_name',
  'size',
  'format',
  'document_type',
  'deal_id',
  'created_by',
  'sender',
  'modified_at',
  'processed_at',
  'analysis',
  'companies',
]);

/** The text a company is found by; the same expression as the companies_search_idx index. */
const COMPANY_SEARCH_TEXT = sql.raw(
  `to_tsvector('english'::regconfig, co.name || ' ' || coalesce(co.industry, '') || ' ' || coalesce(co.description, ''))`,
);

/** The preview is cut from at most this much of an email, note or description (a passage is at most 1,500). */
const HEADLINE_SOURCE_CHARS = 5_000;

/**
 * How a statement names the scope's values: as values (a statement built for one use) or as
 * placeholders (a prepared statement, whose text must not depend on them). Lists are one array
 * value each, so their length never shapes the text.
 */
interface ScopeRefs {
  org: SQL;
  documentTypes: SQL;
  companyIds: SQL;
}

const valueRefs = (scope: SearchScope): ScopeRefs => ({
  org: sql`${scope.organizationId}`,
  documentTypes: sql`${sql.param(scope.documentTypes ?? [])}`,
  companyIds: sql`${sql.param(scope.companyIds ?? [])}`,
});

const placeholderRefs: ScopeRefs = {
  org: sql`${sql.placeholder('org')}`,
  documentTypes: sql`${sql.placeholder('documentTypes')}`,
  companyIds: sql`${sql.placeholder('companyIds')}`,
};

const hasTypes = (scope: SearchScope) => (scope.documentTypes?.length ?? 0) > 0;
const hasCompanies = (scope: SearchScope) => (scope.companyIds?.length ?? 0) > 0;

function documentFilter(scope: SearchScope, refs: ScopeRefs, documentId: SQL): SQL {
  const parts: SQL[] = [];
  if (hasTypes(scope)) parts.push(sql`fd.document_type = any(${refs.documentTypes}::text[])`);
  if (hasCompanies(scope)) {
    const ids = refs.companyIds;
    parts.push(
      sql`(fd.company_id = any(${ids}::uuid[]) or exists (select 1 from deals dl where dl.id = fd.deal_id and dl.company_id = any(${ids}::uuid[])))`,
    );
  }
  if (parts.length === 0) return sql``;
  return sql`and exists (select 1 from documents fd where fd.id = ${documentId} and fd.organization_id = ${refs.org} and ${sql.join(parts, sql` and `)})`;
}

function companyIdsFilter(
  scope: SearchScope,
  refs: ScopeRefs,
  column: SQL,
  kind: 'interaction' | 'company',
): SQL {
  if (!hasCompanies(scope)) return sql``;
  if (kind === 'company') return sql`and ${column} = any(${refs.companyIds}::uuid[])`;
  return sql`and exists (select 1 from knowledge_interaction_companies l where l.interaction_id = ${column} and l.company_id = any(${refs.companyIds}::uuid[]))`;
}

/** An integer of the statement's shape, written into its text (the caller bounds it). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * A band's tsquery as a value the planner cannot read (an InitPlan). With the text in sight it
 * costs the GIN index by every item of the band's query (an "exactly k of n" band repeats each
 * term in many combinations) and, under the pool's limit, often prefers a sequential scan that
 * reads the whole table when the band is smaller than it guessed. Unseen, the match is costed as one
 * index lookup and a small share of rows: the GIN index is always used, and it is the right choice
 * for words that decide because they are rare.
 */
const known = (level: number) => sql`(select ${sql.placeholder(`band${level}`)}::tsquery)`;

/** One band of a kind: its rows matching the band of `level`, at most `pool`, in the columns of `pool`. */
type BandSelect = (level: number, pool: number) => SQL;

/** The kinds asked for, each as the select of one of its bands. */
function bandSelects(scope: SearchScope): { name: string; select: BandSelect }[] {
  const refs = placeholderRefs;
  const org = refs.org;
  const out: { name: string; select: BandSelect }[] = [];
  if (scope.kinds.has('document')) {
    out.push({
      name: 'chunk',
      select: (level, pool) => sql`(select 'document'::text as kind, ${int(level)} as level,
          kc.document_id as id, kc.ordinal, kc.content, kc.location, kc.tsv
        from knowledge_chunks kc
        where kc.organization_id = ${org} and kc.tsv @@ ${known(level)}
        ${documentFilter(scope, refs, sql`kc.document_id`)}
        limit ${int(pool)})`,
    });
  }
  const interactionKinds = (['email', 'note'] as const).filter((kind) => scope.kinds.has(kind));
  if (interactionKinds.length > 0) {
    const kinds = sql.raw(interactionKinds.map((kind) => `'${kind}'`).join(', '));
    out.push({
      name: 'interaction',
      select: (level, pool) => sql`(select ki.kind, ${int(level)} as level, ki.id, 0 as ordinal,
          ki.subject || E'\\n' || left(ki.body, ${HEADLINE_SOURCE_CHARS}) as content, null::jsonb as location, ki.tsv
        from knowledge_interactions ki
        where ki.organization_id = ${org} and ki.tsv @@ ${known(level)} and ki.kind in (${kinds})
          ${companyIdsFilter(scope, refs, sql`ki.id`, 'interaction')}
        limit ${int(pool)})`,
    });
  }
  if (scope.kinds.has('company')) {
    out.push({
      name: 'company',
      select: (
        level,
        pool,
      ) => sql`(select 'company'::text as kind, ${int(level)} as level, co.id, 0 as ordinal,
          co.name || coalesce(' (' || co.industry || ')', '') || coalesce('. ' || left(co.description, ${HEADLINE_SOURCE_CHARS}), '') as content,
          null::jsonb as location, ${COMPANY_SEARCH_TEXT} as tsv
        from companies co
        where co.organization_id = ${org} and ${COMPANY_SEARCH_TEXT} @@ ${known(level)}
          ${companyIdsFilter(scope, refs, sql`co.id`, 'company')}
        limit ${int(pool)})`,
    });
  }
  return out;
}

/**
 * The candidates of every kind asked for, each with its level, as CTEs ending in `pool`.
 *
 * A kind's bands run as the branches of one `union all` under a limit, so PostgreSQL reads a lower
 * band only while the higher ones have not filled the pool, and the GIN index alone decides
 * membership: no row is read to count its terms. Bands of common words form a second chain per
 * kind that runs only when no kind found anything in the rare bands.
 */
function candidates(scope: SearchScope, plan: SearchPlan): SQL[] {
  const kinds = bandSelects(scope);
  if (kinds.length === 0) return [];
  const rare = plan.bands.filter((band) => band.level >= plan.rareLevel);
  const common = plan.bands.filter((band) => band.level < plan.rareLevel);
  const chain = (select: BandSelect, bands: SearchPlan['bands']) =>
    sql.join(
      bands.map((band) => select(band.level, plan.pool)),
      sql` union all `,
    );
  const ctes: SQL[] = [];
  const parts: SQL[] = [];
  for (const kind of kinds) {
    ctes.push(
      sql`${sql.identifier(`${kind.name}_rare`)} as (select * from (${chain(kind.select, rare)}) b limit ${int(plan.pool)})`,
    );
    parts.push(sql`select * from ${sql.identifier(`${kind.name}_rare`)}`);
  }
  if (common.length > 0) {
    const nothingRare = sql.join(
      kinds.map((kind) => sql`not exists (select 1 from ${sql.identifier(`${kind.name}_rare`)})`),
      sql` and `,
    );
    for (const kind of kinds) {
      ctes.push(sql`${sql.identifier(`${kind.name}_common`)} as (select * from (${chain(kind.select, common)}) b
        where ${nothingRare} limit ${int(plan.pool)})`);
      parts.push(sql`select * from ${sql.identifier(`${kind.name}_common`)}`);
    }
  }
  // A row found by several bands keeps the highest.
  ctes.push(sql`pool as (select distinct on (kind, id, ordinal) * from (${sql.join(parts, sql` union all `)}) found
    order by kind, id, ordinal, level desc)`);
  return ctes;
}

/**
 * The answered rows of a search. A higher level always ranks above a lower one; inside a level,
 * ts_rank_cd over every term (squashed into [0, 1) by flag 32) orders: the score is
 * (level + rank) / (deciding terms + 1). Only the levels that reach the page are ranked (the
 * level of the page's last row, one result per email or company and `passagesPerDocument` per
 * document, is known before any vector is read), since ts_rank_cd is the dearest step.
 */
export async function searchRanked(db: Database, scope: SearchScope, plan: SearchPlan): Promise<SearchRow[]> {
  // Everything that shapes the text, short (PostgreSQL keeps 63 characters of a statement's name);
  // the values (organisation, band queries, lists) are placeholders.
  const kinds = [...scope.kinds]
    .map((kind) => kind[0])
    .sort()
    .join('');
  if (!kinds) return [];
  const name = [
    'ks',
    kinds,
    plan.bands.map((band) => band.level).join('.'),
    plan.rareLevel,
    plan.deciding,
    hasTypes(scope) ? 't' : '',
    hasCompanies(scope) ? 'c' : '',
    scope.limit,
    scope.passagesPerDocument,
    plan.pool,
    plan.preferFigures ? 'f' : '',
  ].join(':');
  const statement = preparedRows(db, name, () => ({
    toSQL: () => new PgDialect().sqlToQuery(rankedStatement(scope, plan)),
  }));
  const values: Record<string, unknown> = {
    org: scope.organizationId,
    documentTypes: scope.documentTypes ?? [],
    companyIds: scope.companyIds ?? [],
    rank: plan.rank,
  };
  for (const band of plan.bands) values[`band${band.level}`] = band.match;
  return (await statement(values)).map(readSearchRow);
}

/** Share of a figure question's in-level score given to how dense in numbers a passage is. */
const FIGURE_WEIGHT = sql.raw('0.5');

/**
 * How much of a passage is numbers, in [0, 1): the share of its characters that are digits,
 * saturating at one digit in five (a statement page; prose with a few years and amounts is
 * nearer one in fifty).
 */
function numberDensity(content: SQL): SQL {
  // translate() drops the digits in one pass; a regular expression costs several times more.
  return sql`least(0.999, 5.0 * (length(${content}) - length(translate(${content}, '0123456789', '')))::float8 / greatest(length(${content}), 1))`;
}

/** The statement of searchRanked, for one shape. */
function rankedStatement(scope: SearchScope, plan: SearchPlan): SQL {
  const ctes = candidates(scope, plan);
  const perItem = sql`case when kind = 'document' then ${int(scope.passagesPerDocument)} else 1 end`;
  const rank = sql`ts_rank_cd(tsv, ${sql.placeholder('rank')}::tsquery, 32)`;
  // Both parts stay below 1, so a level still always outranks the one below it.
  const within = plan.preferFigures
    ? sql`(1 - ${FIGURE_WEIGHT}) * ${rank} + ${FIGURE_WEIGHT} * ${numberDensity(sql`content`)}`
    : rank;
  ctes.push(
    sql`floor as (select coalesce(min(level), 0) as level from (
      select level from (
        select kind, level, row_number() over (partition by kind, id order by level desc) as nth from pool
      ) k where nth <= ${perItem} order by level desc limit ${int(scope.limit)}) x)`,
    sql`ranked as (select kind, id, ordinal, content, location,
        (level + ${within}) / ${int(plan.deciding + 1)}::float8 as score
      from pool where level >= (select level from floor))`,
    sql`placed as (select *, row_number() over (partition by kind, id order by score desc, ordinal) as place from ranked)`,
  );
  const top = sql`select kind, id, score, content, location from placed where place <= ${perItem}
    order by score desc limit ${int(scope.limit)}`;
  return withMetadata(placeholderRefs, ctes, top, sql`top.content`);
}

/** The metadata every result carries, joined for the final rows only. */
function withMetadata(refs: ScopeRefs, ctes: SQL[], top: SQL, preview: SQL): SQL {
  const org = refs.org;
  return sql`
    with ${sql.join([...ctes, sql`top as (${top})`], sql`, `)}
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

/** The empty query's list: the newest items of the kinds asked for, with score 0. */
export async function newestItems(db: Database, scope: SearchScope): Promise<SearchRow[]> {
  const refs = valueRefs(scope);
  const org = scope.organizationId;
  const parts: SQL[] = [];
  if (scope.kinds.has('document')) {
    parts.push(sql`(select 'document'::text as kind, d.id, 0::float8 as score,
        coalesce(d.analysis ->> 'content_summary', first.content, '') as content, first.location, d.created_at as at
      from documents d
      left join lateral (
        select kc.content, kc.location from knowledge_chunks kc where kc.document_id = d.id order by kc.ordinal limit 1
      ) first on true
      where d.organization_id = ${org} ${documentFilter(scope, refs, sql`d.id`)}
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
      )}) ${companyIdsFilter(scope, refs, sql`ki.id`, 'interaction')}
      order by ki.occurred_at desc limit ${scope.limit})`);
  }
  if (scope.kinds.has('company')) {
    parts.push(sql`(select 'company'::text as kind, co.id, 0::float8 as score,
        coalesce(co.description, co.industry, co.name) as content, null::jsonb as location, co.created_at as at
      from companies co where co.organization_id = ${org} ${companyIdsFilter(scope, refs, sql`co.id`, 'company')}
      order by co.created_at desc limit ${scope.limit})`);
  }
  if (parts.length === 0) return [];
  const top = sql`select kind, id, score, content, location from (${sql.join(parts, sql` union all `)}) items order by at desc limit ${scope.limit}`;
  const result = (await db.execute(withMetadata(refs, [], top, sql`left(top.content, 1000)`))) as unknown as {
    rows: SearchRow[];
  };
  return result.rows;
}

/** Of these documents, those without any indexed passage (in the order given). */
export async function documentsWithoutPassages(
  db: Database,
  documentIds: readonly string[],
): Promise<{ id: string }[]> {
  if (documentIds.length === 0) return [];
  return (
    (await db.execute(sql`select given.id from unnest(${sql.param([...documentIds])}::uuid[]) with ordinality as given(id, n)
      where not exists (select 1 from knowledge_chunks kc where kc.document_id = given.id)
      order by given.n`)) as unknown as { rows: { id: string }[] }
  ).rows;
}
