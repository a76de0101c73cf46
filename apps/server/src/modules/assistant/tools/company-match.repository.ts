import type { Database } from '@atempo/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/sql-rows.ts';
import { containsPattern } from '../../companies/index.ts';

/**
 * Company names matched the way a person names them: case and accents ignored ("Cafe Sante" is
 * "Café Santé SAS"), the legal form optional ("Acme" is "Acme Ltd"), a word of a longer name found
 * ("Nordlys" is "Nordlys Energy AB"), close spellings accepted by trigram similarity (pg_trgm).
 */

const ACCENTED = 'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőœŕřśšşßťùúûüūůűųýÿžźż';
const PLAIN = 'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnooooooooorrsssstuuuuuuuuyyzzz';
const LEGAL_FORM =
  '[[:space:],.]+(ltd|limited|gmbh|sas|sa|sarl|bv|nv|ab|oy|oyj|as|asa|aps|ag|inc|llc|plc|srl|spa|se|corp)[.]?$';

/** The name without case, accents or legal form: the SQL expression both sides are compared as. */
export const nameCore = (value: SQL | string) =>
  sql`btrim(regexp_replace(translate(lower(${value}), ${ACCENTED}, ${PLAIN}), ${LEGAL_FORM}, ''))`;

/** Lower case without accents, as nameCore folds on the database side. */
export const foldName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Names an accent hides from the trigram operators ("lumiere" and "Lumière") that are still looked at. */
const ACCENT_POOL = 50;

/**
 * The ids of the organisation's companies whose names may match, found through the trigram index
 * on companies.name (companies_name_trgm_idx): close as a whole (%, similarity ≥ 0.3), holding
 * words close to the asked ones (<%, word similarity ≥ 0.6), or containing the asked text. An
 * accent changes a name's trigrams, so names holding the first or last three letters of the asked
 * first word are added too, the closest ACCENT_POOL of them. Only these few are then scored, so
 * matching costs about the same with ten companies or a hundred thousand.
 */
export function nameCandidates(organizationId: string, name: string, scope: SQL = sql`true`): SQL {
  const firstWord = foldName(name).match(/[\p{L}\p{N}]{3,}/u)?.[0];
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

/** Below this a name is too far from the question's to be the company meant. */
export const NAME_MATCH_THRESHOLD = 0.45;
const MAX_CANDIDATES = 6;

export interface NameMatch {
  id: string;
  name: string;
  /** 0–1: 1 for the same name up to case, accents and legal form. */
  score: number;
}

/** A word or figure a name could match; punctuation alone ("%", "--") matches nothing. */
export const isNameLike = (name: string) => /[\p{L}\p{N}]/u.test(name);

/** The organisation's companies matching `name`, best first (at most six); none when nothing is close. */
export async function matchCompanyNames(
  db: Database,
  organizationId: string,
  name: string,
): Promise<NameMatch[]> {
  if (!isNameLike(name)) return [];
  const rows = await rowsOf<{ id: string; name: string; score: number | string }>(
    db,
    sql`with asked as (select ${nameCore(name)} as core)
      select id, name, score from (
        select co.id, co.name,
          case when n.core = asked.core then 1
            else greatest(similarity(n.core, asked.core), 0.95 * word_similarity(asked.core, n.core)) end as score
        from companies co
        join (${nameCandidates(organizationId, name)}) candidates on candidates.id = co.id
        cross join asked
        cross join lateral (select ${nameCore(sql`co.name`)} as core) n
        where asked.core <> ''
      ) scored
      where score >= ${NAME_MATCH_THRESHOLD}
      order by score desc, name
      limit ${MAX_CANDIDATES}`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, score: Math.min(1, Number(row.score)) }));
}
