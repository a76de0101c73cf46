import { type SQL, sql } from 'drizzle-orm';

/**
 * The conditions the assistant's market questions put on funding rounds, as SQL over a round
 * aliased `fa`: shared by the rounds and by the signals read through their round, so "fintech in
 * the Nordics" means the same in both answers. A null filter is no condition.
 */

const inKeys = (value: SQL, keys: readonly string[]) =>
  sql`${value} in (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )})`;

/** `sector` lower-cased without anything but letters and digits is one of `keys`. */
export function sectorKeyIn(sector: SQL, keys: readonly string[] | null): SQL {
  return keys === null
    ? sql`true`
    : inKeys(sql`regexp_replace(lower(${sector}), '[^a-z0-9]', '', 'g')`, keys);
}

/** The round's country or region (`fa`), lower-cased, is one of `keys`. */
export function roundPlaceIn(keys: readonly string[] | null): SQL {
  return keys === null
    ? sql`true`
    : sql`(${inKeys(sql`lower(coalesce(fa.country, ''))`, keys)} or ${inKeys(sql`lower(coalesce(fa.region, ''))`, keys)})`;
}
