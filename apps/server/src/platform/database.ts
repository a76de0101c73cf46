import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '@atempo/db';
import type { Config } from '../config.ts';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database lives in files that only one process may open; a second one would corrupt
 * them. A pid file in DATA_DIR refuses a second opener while the first is alive.
 */
function lockEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pg.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder !== process.pid && processIsAlive(holder)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      // A crashed process left its lock behind.
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dataDir}`);
}

/** Opens the database the settings name (PostgreSQL, else PGlite in DATA_DIR/pg) and migrates it. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const handle = await openDatabase({ url: config.databaseUrl });
    await migrateDatabase(handle);
    return handle;
  }
  const unlock = lockEmbeddedDatabase(config.dataDir);
  try {
    const handle = await openDatabase({ dataDir: path.join(config.dataDir, 'pg') });
    await migrateDatabase(handle);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
