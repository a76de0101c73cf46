import type { Database } from '@atempo/db';

/**
 * Named statements kept per database. PostgreSQL keeps each on every pooled connection for the
 * connection's life, so their number must stay bounded whatever shapes the clients ask for.
 */
const MAX_NAMED_STATEMENTS = 100;

const byDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database and name, then only executed (decision 019): hot paths
 * (the list pages, the caller lookup of every request) skip Drizzle's query building, and on
 * PostgreSQL the name makes each pooled connection parse the text once and, once its generic plan
 * is chosen, plan it once. Values go in as `sql.placeholder(...)`. A name must always stand for
 * the same text: derive it from everything that shapes the text, never from values. Past
 * MAX_NAMED_STATEMENTS, a statement is built for this one use and sent unnamed.
 */
export function prepared<T>(db: Database, name: string, build: (name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    if (statements.size >= MAX_NAMED_STATEMENTS) return build('');
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
