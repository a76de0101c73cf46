import { companyNameKey, companyNameWords } from '@atempo/documents';
import { type SQL, sql } from 'drizzle-orm';
import { companyNameKeySql } from './company-name-key.ts';
import { containsPattern } from './contains-pattern.ts';

/**
 * Close spellings of a company name, for what a person types (the assistant's tools, search):
 * both sides reduced to their name key (company-name-key.ts: case, accents, punctuation and legal
 * form ignored, so "Cafe Sante" is "Café Santé SAS"), then compared by trigram similarity
 * (pg_trgm): 1 for the same key, else the better of the whole keys' similarity and 0.95 times the
 * asked key's word similarity ("Nordlys" is "Nordlys Energy AB"). Exact matching (same key, a
 * website domain) is the matcher's (company-matcher.ts); this is only for ranking what was typed.
 */

/** Below this a name is too far from the asked one to be the company meant. */
export const NAME_MATCH_THRESHOLD = 0.45;

/** A word or figure a name could match; punctuation alone ("%", "--") matches nothing. */
export const isNameLike = (name: string) => /[\p{L}\p{N}]/u.test(name);

/** 0–1: how close `column`'s name is to `name` (see above). */
export function fuzzyNameScore(column: SQL, name: string): SQL {
  const asked = companyNameKey(name);
  const core = companyNameKeySql(column);
  return sql`(case when ${core} = ${asked} then 1
    else greatest(similarity(${core}, ${asked}), 0.95 * word_similarity(${asked}, ${core})) end)`;
}

/** Whether `column`'s name is close enough to `name` (fuzzyNameScore ≥ NAME_MATCH_THRESHOLD). */
export const fuzzyNameMatches = (column: SQL, name: string): SQL =>
  sql`${fuzzyNameScore(column, name)} >= ${NAME_MATCH_THRESHOLD}`;

/** Names an accent hides from the trigram operators ("lumiere" and "Lumière") that are still looked at. */
const ACCENT_POOL = 50;

/**
 * The ids of the organisation's companies whose names may match, found through the trigram index
 * on companies.name (companies_name_trgm_idx): close as a whole (%, similarity ≥ 0.3), holding
 * words close to the asked ones (<%, word similarity ≥ 0.6), or containing the asked text. An
 * accent changes a name's trigrams, so names holding the first or last three letters of the asked
 * first word are added too, the closest ACCENT_POOL of them. Only these few are then scored, so
 * matching costs about the same with ten companies or a hundred thousand. `co` is companies.
 */
export function fuzzyNameCandidates(organizationId: string, name: string, scope: SQL = sql`true`): SQL {
  const firstWord = companyNameWords(name).find((word) => word.length >= 3);
  const close = sql`(select co.id from companies co
    where co.organization_id = ${organizationId} and ${scope}
      and (co.name % ${name} or ${name} <% co.name or co.name ilike ${containsPattern(name)}))`;
  if (!firstWord) return close;
  const fragments = [...new Set([firstWord.slice(0, 3), firstWord.slice(-3)])];
  return sql`${close} union (select co.id from companies co
    where co.organization_id = ${organizationId} and ${scope}
      and (${sql.join(
        fragments.map((fragment) => sql`co.name ilike ${containsPattern(fragment)}`),
        sql` or `,
      )})
    order by similarity(co.name, ${firstWord}) desc
    limit ${ACCENT_POOL})`;
}
