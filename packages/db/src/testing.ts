import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './client.ts';

/**
 * A database of its own for one test file: a fresh PostgreSQL database when TEST_DATABASE_URL is
 * set (made from a migrated template so it is quick), otherwise an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    return handle;
  }
  const name = `atempo_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(baseUrl, async (client) => {
    await client.query(`create database ${name}`);
  });
  const url = withDatabaseName(baseUrl, name);
  const handle = await openDatabase({ url, poolSize: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await withAdminClient(baseUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
