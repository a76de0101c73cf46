import type { Database } from '@atempo/db';

const byDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database and name, then only executed (decision 019): hot paths
 * (the list pages, the caller lookup of every request) skip Drizzle's query building, and on
 * PostgreSQL the name makes each pooled connection parse and plan the text once. Values go in as
 * `sql.placeholder(...)`. A name must always stand for the same text: derive it from everything
 * that shapes the text (columns, order, which filters apply), never from values.
 */
export function prepared<T>(db: Database, name: string, build: (name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
