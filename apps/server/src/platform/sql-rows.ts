import type { Database } from '@atempo/db';
import type { SQL } from 'drizzle-orm';

/** Small readers for raw SQL: rows, timestamps and numerics as the drivers (pg, PGlite) return them. */

export const rowsOf = async <T>(db: Database, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

export const isoOf = (value: string | Date) =>
  (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: string | Date | null) => (value === null ? null : isoOf(value));

/** numeric and bigint columns arrive as strings from pg and as numbers from PGlite. */
export const numberOf = (value: number | string) => Number(value);
export const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
