import { companyNameKey, LEGAL_FORM_ALTERNATION } from '@atempo/documents';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from './contains-pattern.ts';

/**
 * The SQL side of the one company-name normalisation (@atempo/documents company-names.ts), for
 * what must be computed where the rows are: narrowing candidates and fuzzy ranking. Exact
 * decisions are taken in TypeScript with companyNameKey itself; company-names.test.ts in the
 * companies module checks that companyNameKeySql gives the same key for a table of names.
 */

/** Combining marks: what NFKD splits off accented letters ("ë" → "e" + U+0308). */
const COMBINING_MARKS = '[\u0300-\u036f]';
/** Punctuation and spaces, ASCII and the common typographic marks: word breaks. */
const BREAKS = '[][[:space:]!"#$%()*+,./:;<=>?@\\\\^_{|}~-]|[’‘“”«»–—…·•™®©°]';

/** Lower case without accents, as the normalisation folds (marks first: lower() of "É" is locale-bound). */
const folded = (value: SQL | AnyColumn | string) =>
  sql`lower(regexp_replace(normalize(${value}, NFKD), ${COMBINING_MARKS}, '', 'g'))`;

/**
 * normaliseCompanyName in SQL: folded, possessives cut, apostrophes dropped, dotted abbreviations
 * joined, "&" as "and", punctuation a word break, single spaces.
 */
export function normalisedNameSql(value: SQL | AnyColumn | string): SQL {
  let text = folded(value);
  text = sql`regexp_replace(${text}, '([[:alnum:]])[''’ʼ]s(?![[:alnum:]_])', '\\1', 'g')`;
  text = sql`translate(${text}, '''’ʼ\`´', '')`;
  text = sql`regexp_replace(${text}, '(?<![[:alnum:]_])([[:alpha:]])\\.(?=[[:alpha:]](?![[:alnum:]_]))', '\\1', 'g')`;
  text = sql`replace(${text}, '&', ' and ')`;
  text = sql`regexp_replace(${text}, ${`(${BREAKS})+`}, ' ', 'g')`;
  return sql`btrim(${text})`;
}

/** companyNameKey in SQL: the normalised name without its trailing legal forms. */
export function companyNameKeySql(value: SQL | AnyColumn | string): SQL {
  return sql`regexp_replace(${normalisedNameSql(value)}, ${`(\\s+(and\\s+)?(${LEGAL_FORM_ALTERNATION}))+$`}, '')`;
}

/**
 * Finding a company by its name key (companyNameKey: case, accents, punctuation and legal forms
 * ignored, so "Nordpay Ltd" and "NordPay" are one company). The database narrows the rows to those
 * whose folded text, punctuation and spaces removed, contains the key's longest word (an index-free
 * but cheap test per row of the organisation); `sameName` then decides with companyNameKey itself.
 */
export function nameKeyMatch(name: string): {
  key: string;
  narrow: (column: AnyColumn | SQL) => SQL;
  sameName: (candidate: string) => boolean;
} {
  const key = companyNameKey(name);
  const word = key
    .split(' ')
    .filter((w) => w !== 'and')
    .reduce((longest, next) => (next.length > longest.length ? next : longest), '');
  return {
    key,
    narrow: (column) =>
      key === ''
        ? sql`false`
        : sql`regexp_replace(${folded(column)}, ${`(${BREAKS}|['’ʼ\`´&])+`}, '', 'g') like ${containsPattern(word)}`,
    sameName: (candidate) => key !== '' && companyNameKey(candidate) === key,
  };
}
