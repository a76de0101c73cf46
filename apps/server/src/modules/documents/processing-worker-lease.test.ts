import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openTestDatabase } from '@atempo/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { defineJobs } from '../../jobs.ts';
import { JobQueue } from '../../platform/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { createFileStorage } from '../../platform/storage/index.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { startTestServer, type TestDatabase, testConfig } from '../../test/server.ts';
import { largeBoardPack, type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { processed, uploadAccepted } from './documents.fixtures.ts';

/**
 * Two `ROLE=worker` processes (main.ts) share PostgreSQL; the one analysing a long PDF is killed
 * with SIGKILL. Its lease stops being renewed, and the other worker takes the job over within the
 * bound (two minutes; here the lease is shortened to keep the test short), long before pg-boss's
 * five-minute expiry. Needs a database several processes share, so it runs on PostgreSQL only.
 */
const LEASE_SECONDS = 6;
const TAKEOVER_BOUND_MS = 120_000;

let database: TestDatabase | undefined;
const workers: ServerProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const worker of workers) await worker.kill();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await database?.close();
});

async function holderOf(
  db: TestDatabase,
  jobId: string,
): Promise<{ worker_id: string; pid: number } | undefined> {
  const { rows } = await db.executeSql(
    'select h.worker_id, l.pid from job_holds h join job_worker_leases l using (worker_id) where h.job_id = $1',
    [jobId],
  );
  return rows[0] as { worker_id: string; pid: number } | undefined;
}

async function until<T>(what: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed among several', () => {
  it('has its job taken over by another worker once its lease ends', async () => {
    database = await openTestDatabase();
    const db = database;
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-worker-lease-')),
      JOB_WORKER_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    const config = testConfig(database, env);
    const logger = createLogger(config);
    // The API process sends jobs and runs none.
    const apiJobs = new JobQueue({
      database,
      connectionString: database.url,
      logger,
      leaseSeconds: LEASE_SECONDS,
    });
    defineJobs(apiJobs, {
      config,
      db: database.db,
      mailer: createMailer(config, logger),
      logger,
      storage: createFileStorage(config.storage),
      documentIndexer: null,
    });
    await apiJobs.start({ work: false });
    cleanups.push(() => apiJobs.stop(1_000));
    const api = await startTestServer({ database, env, jobs: apiJobs });
    cleanups.push(() => api.close());

    const workerEnv = { ...env, ROLE: 'worker', DATABASE_URL: database.url! };
    workers.push(...(await Promise.all([startServerProcess(workerEnv), startServerProcess(workerEnv)])));

    const admin = await registerOrganization(api.app);
    const token = admin.access_token;
    const uploaded = await uploadAccepted(api.app, token, await largeBoardPack(400));

    const first = await until(() => holderOf(db, uploaded.execution_id), 60_000);
    const victim = workers.find((worker) => worker.child.pid === Number(first.pid));
    expect(victim).toBeDefined();
    await victim!.kill();
    const killedAt = Date.now();

    const second = await until(async () => {
      const holder = await holderOf(db, uploaded.execution_id);
      return holder && holder.worker_id !== first.worker_id ? holder : undefined;
    }, TAKEOVER_BOUND_MS);
    const takenOverMs = Date.now() - killedAt;
    expect(Number(second.pid)).not.toBe(Number(first.pid));

    const document = await processed(api.app, token, uploaded.document_id, 180_000);
    const completedMs = Date.now() - killedAt;
    console.log(
      JSON.stringify({
        lease_seconds: LEASE_SECONDS,
        kill_to_taken_over_ms: takenOverMs,
        kill_to_completed_ms: completedMs,
      }),
    );
    expect(takenOverMs).toBeLessThan(TAKEOVER_BOUND_MS);
    expect(document.status).toBe('completed');
    expect(document.analysis?.key_metrics.arr?.value).toBe(3_100_000);
    const { rows } = await db.executeSql('select state, retry_count from pgboss.job where id = $1', [
      uploaded.execution_id,
    ]);
    expect(rows[0]).toMatchObject({ state: 'completed' });
    expect(Number((rows[0] as { retry_count: number }).retry_count)).toBe(1);
  }, 300_000);
});
