import { type Database, queryRows } from '@atempo/db';
import { fillPlaceholders } from 'drizzle-orm';

/**
 * Named statements kept per database. PostgreSQL keeps each on every pooled connection for the
 * connection's life, so their number must stay bounded whatever shapes the clients ask for.
 */
const MAX_NAMED_STATEMENTS = 100;

/** Runs the statement with these placeholder values; rows come as arrays, in select order. */
export type PreparedRows = (values: Record<string, unknown>) => Promise<unknown[][]>;

const byDatabase = new WeakMap<Database, Map<string, PreparedRows>>();

/**
 * The one way of the hot paths (decision 019): the list pages and the caller lookup that every
 * authenticated request makes. Drizzle builds the statement once per database and name (values
 * as `sql.placeholder(...)`); after that a request only fills in the values and runs it, so
 * neither Drizzle's query building nor its per-cell result mapping runs per request, and on
 * PostgreSQL each pooled connection parses the named text once and, once its generic plan is
 * chosen, plans it once. A name must always stand for the same text: derive it from everything
 * that shapes the text, never from values. Past MAX_NAMED_STATEMENTS, a statement is built for
 * its one use and sent unnamed.
 */
export function preparedRows(
  db: Database,
  name: string,
  build: () => { toSQL(): { sql: string; params: unknown[] } },
): PreparedRows {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name);
  if (statement === undefined) {
    const named = statements.size < MAX_NAMED_STATEMENTS;
    const { sql: text, params } = build().toSQL();
    statement = (values) =>
      queryRows(db, { name: named ? name : undefined, text, values: fillPlaceholders(params, values) });
    if (named) statements.set(name, statement);
  }
  return statement;
}

/**
 * Reads array rows into objects with these keys (the select's keys, in order), decoding the
 * columns named in `decode` (e.g. numeric, which the drivers answer as a string, with Number).
 */
export function rowReader<T>(
  keys: readonly string[],
  decode: Readonly<Record<string, (value: unknown) => unknown>> = {},
): (row: unknown[]) => T {
  const decoders = keys.map((key) => decode[key]);
  return (row) => {
    const item: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) {
      const value = row[index];
      const decoder = decoders[index];
      item[keys[index]!] = decoder && value !== null ? decoder(value) : value;
    }
    return item as T;
  };
}
