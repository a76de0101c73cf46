/**
 * Records the statements the knowledge search runs, so bench/knowledge-search.ts can replay the
 * very same SQL as its raw reference.
 */
import type { Database } from '@atempo/db';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { searchKnowledge } from '../apps/server/src/modules/knowledge/index.ts';

/**
 * A view of `db` that records the statements run through it: Drizzle's `execute`, and the prepared
 * statements that go to the driver itself (`queryRows`, decision 019), with their names, so the
 * replay runs them as the server does (parsed once per connection, generic plan). One recorder
 * serves every query, and is warmed first: the service keeps per-database caches (term
 * frequencies), so a fresh wrapper per query would record the cache's statement too, which the
 * server does not run in its steady state.
 */
export function statementRecorder(db: Database) {
  const dialect = new PgDialect();
  let statements: RecordedStatement[] = [];
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const recordingClient = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (config: unknown, ...rest: unknown[]) => {
          if (config && typeof config === 'object' && 'text' in config) {
            const { name, text, values } = config as { name?: string; text: string; values?: unknown[] };
            statements.push({ name, sql: text, params: values ?? [] });
          } else if (typeof config === 'string') {
            statements.push({ sql: config, params: (rest[0] as unknown[]) ?? [] });
          }
          return target.query(config, ...rest);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const recording = new Proxy(db, {
    get(target, property, receiver) {
      if (property === '$client') return recordingClient;
      if (property === 'execute') {
        return (statement: SQL) => {
          statements.push(dialect.sqlToQuery(statement));
          return target.execute(statement);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return {
    /** The statements searchKnowledge runs for `query`, and how many results it answered. */
    async record(organizationId: string, query: string) {
      statements = [];
      const response = await searchKnowledge(recording, organizationId, {
        query,
        limit: 20,
        passages_per_document: 1,
      });
      return { statements, results: response.total };
    },
  };
}

export interface RecordedStatement {
  /** The prepared statement's name, when the server runs it as one. */
  name?: string;
  sql: string;
  params: unknown[];
}
