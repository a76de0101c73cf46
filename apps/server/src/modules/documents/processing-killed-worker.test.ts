import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '@atempo/db/testing';
import { makePdf } from '@atempo/documents/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { defineJobs } from '../../jobs.ts';
import { JobQueue } from '../../platform/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { createFileStorage } from '../../platform/storage/index.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { startTestServer, TEST_JWT_SECRET, type TestDatabase, testConfig } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { createDocumentIndexer } from '../knowledge/document-indexer.ts';
import { processed, uploadAccepted } from './documents.fixtures.ts';

/**
 * A worker killed mid-job (SIGKILL: no shutdown, no chance to give the job back) leaves its job
 * running in pg-boss; once the job's expiry passes, another worker retries it to the end. Needs a
 * database several processes share, so it runs on PostgreSQL only.
 */
// Long enough that the attempt is still running when the test looks, its steps' writes included,
// on a loaded machine; short enough for the retry to come within seconds.
const JOB_EXPIRE_SECONDS = 8;
const deadWorkerCheck = { expireInSeconds: JOB_EXPIRE_SECONDS, maintenanceIntervalSeconds: 1 };
const WORKER = fileURLToPath(new URL('../../test/stalled-worker.ts', import.meta.url));

let database: TestDatabase | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await database?.close();
});

/** Resolves with the first stdout line of `child` matching `pattern`. */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (pattern.test(line)) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before printing ${pattern}`)));
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a job whose worker is killed', () => {
  it('is retried by another worker after its expiry and finishes', async () => {
    database = await openTestDatabase();
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-killed-worker-')) };
    const config = testConfig(database, env);
    const logger = createLogger(config);
    const deps = {
      config,
      db: database.db,
      mailer: createMailer(config, logger),
      logger,
      storage: createFileStorage(config.storage),
    };

    // The API process sends jobs and runs none.
    const apiJobs = new JobQueue({ database, connectionString: database.url, logger, deadWorkerCheck });
    defineJobs(apiJobs, { ...deps, documentIndexer: null });
    await apiJobs.start({ work: false });
    cleanups.push(() => apiJobs.stop(1_000));
    const api = await startTestServer({ database, env, jobs: apiJobs });
    cleanups.push(() => api.close());

    const worker = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: env.DATA_DIR,
        JWT_SECRET: TEST_JWT_SECRET,
        LOG_LEVEL: 'silent',
        JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => worker.kill('SIGKILL'));
    await lineOf(worker, /^ready$/);

    const admin = await registerOrganization(api.app);
    const token = admin.access_token;
    const company = await createCompany(api.app, token, { name: 'Killed Worker Kinetics' });
    const deal = await createDeal(api.app, token, { company_id: company.id, amount_requested: 2_000_000 });
    const pdf = await makePdf([
      'Board pack Q2 2025',
      'ARR: EUR 3.1m. Cash: EUR 1.4m. Net burn EUR 150k per month.',
    ]);
    const uploaded = await uploadAccepted(api.app, token, pdf, {
      path: '/api/v1/workflows/document-processing',
      fields: { deal_id: deal.id, company_name: company.name },
      filename: 'board-pack.pdf',
    });

    expect(await lineOf(worker, /^stalled /)).toBe(`stalled ${uploaded.document_id}`);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;
    const { rows: held } = await database.executeSql('select state from pgboss.job where id = $1', [
      uploaded.execution_id,
    ]);
    // Nobody gave the job back: pg-boss still holds it as running.
    expect(held[0]).toMatchObject({ state: 'active' });

    const survivorJobs = new JobQueue({
      database,
      connectionString: database.url,
      logger,
      pollingIntervalSeconds: 1,
      deadWorkerCheck,
    });
    defineJobs(survivorJobs, { ...deps, documentIndexer: createDocumentIndexer(database.db) });
    await survivorJobs.start({ work: true });
    cleanups.push(() => survivorJobs.stop(1_000));

    const document = await processed(api.app, token, uploaded.document_id, 90_000);
    expect(document.status).toBe('completed');
    expect(document.analysis?.key_metrics.arr?.value).toBe(3_100_000);
    const { rows } = await database.executeSql('select state, retry_count from pgboss.job where id = $1', [
      uploaded.execution_id,
    ]);
    expect(rows[0]).toMatchObject({ state: 'completed' });
    expect(Number((rows[0] as { retry_count: number }).retry_count)).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
