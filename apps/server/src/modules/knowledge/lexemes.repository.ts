import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';

/**
 * How search reads words (decision 016): PostgreSQL's own normalisation of a word to its lexeme,
 * a web-search text to a tsquery, and how common each lexeme is in the indexed passages; each
 * cached, since the same words come back search after search.
 */

const termCache = new Map<string, string>();
const TERM_CACHE_SIZE = 20_000;

/**
 * Each word as PostgreSQL's 'english' configuration reads it (stemmed, '' for a stop word), as
 * tsquery text; a phrase of several words ("purchases of property and equipment") as a phrase
 * query, its words in order (phraseto_tsquery, which reads a single word as plainto_tsquery does).
 * Answers are the same for every organisation, so they are cached per process.
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
      sql`select w.value as word, phraseto_tsquery('english'::regconfig, w.value)::text as query
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
