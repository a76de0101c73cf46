import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the server codes against, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for tools that bring their own (pg-boss). Multi-statement text is allowed without values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  ping(): Promise<void>;
  /**
   * Runs `work` while holding a PostgreSQL advisory lock named `key`, so processes sharing the
   * database take turns (e.g. migrations at start). PGlite serves one process, so it just runs.
   */
  withSessionLock<T>(key: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** Directory for PGlite's files; absent means in memory (tests). */
  dataDir?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    executeSql: async (text, values) => {
      const result = await pool.query(text, values as unknown[] | undefined);
      return {
        rows: (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Record<
          string,
          unknown
        >[],
      };
    },
    ping: async () => {
      await pool.query('select 1');
    },
    withSessionLock: async (key, work) => {
      // Session-level locks belong to one connection: hold a dedicated one for the duration.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? path.resolve(dataDir) : undefined, {
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // The extended protocol refuses several statements in one string; exec takes them.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    ping: async () => {
      await client.query('select 1');
    },
    withSessionLock: (_key, work) => work(),
    close: () => client.close(),
  };
}

/**
 * Applies every pending drizzle-kit migration; safe to call at each start, also from several
 * processes starting together (an API and a worker): they take turns under an advisory lock.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  await handle.withSessionLock('atempo:migrations', async () => {
    await handle.db.execute(sql`create extension if not exists pg_trgm`);
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as never, { migrationsFolder });
    } else {
      await migratePg(handle.db as never, { migrationsFolder });
    }
  });
}
