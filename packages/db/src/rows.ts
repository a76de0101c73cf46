import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.ts';

/** SQL text with its values; a name makes PostgreSQL keep the parsed (and planned) statement. */
export interface RowsQuery {
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * Runs `query` on the driver underneath `db` and answers its rows as arrays, in the order of the
 * selected columns, with the drivers' own type parsing (both parse numeric to a string,
 * timestamptz to a Date). For the few hot statements whose rows the caller reads itself instead of
 * through Drizzle's per-cell result mapping (decision 019). Not inside a transaction: a
 * transaction has no client of its own here, so asking for one is an error, not a silent read
 * outside it.
 */
export async function queryRows(db: Database, query: RowsQuery): Promise<unknown[][]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const result = await client.query<unknown[]>(query.text, query.values, { rowMode: 'array' });
    return result.rows;
  }
  if (client && typeof (client as { query?: unknown }).query === 'function') {
    const pool = client as {
      query(config: RowsQuery & { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
    };
    const result = await pool.query({ ...query, name: query.name || undefined, rowMode: 'array' });
    return result.rows;
  }
  throw new Error('queryRows needs the database itself, not a transaction');
}
