import { companyKey } from '@atempo/documents';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from './contains-pattern.ts';

/** Combining marks: what NFKD splits off accented letters ("ë" → "e" + U+0308). */
const COMBINING_MARKS = '[\u0300-\u036f]';

/**
 * Finding a company by its normalised name (companyKey: case, accents, punctuation and legal
 * suffixes ignored, so "Nordpay Ltd" and "NordPay" are one company). The database narrows the rows
 * to those whose lower-cased, accent-free text contains the key's longest word; `sameName` then
 * decides among them with companyKey itself, so there is one definition of a normalised name.
 */
export function nameKeyMatch(name: string): {
  narrow: (column: AnyColumn) => SQL;
  sameName: (candidate: string) => boolean;
} {
  const key = companyKey(name);
  const word = key.split(' ').reduce((longest, next) => (next.length > longest.length ? next : longest), '');
  return {
    narrow: (column) =>
      sql`regexp_replace(normalize(lower(${column}), NFKD), ${COMBINING_MARKS}, '', 'g') like ${containsPattern(word)}`,
    sameName: (candidate) => companyKey(candidate) === key,
  };
}
