import type { TN8nHealth } from '@atempo/contracts';
import { openTestDatabase } from '@atempo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../platform/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { call, startTestServer, type TestDatabase, type TestServer } from '../../test/server.ts';

/** GET /n8n/health checks what the workflows need; this file takes each part down in turn. */

let database: TestDatabase;
/** The queue's own database, so the app's can go away while the queue still answers. */
let queueDatabase: TestDatabase;
let jobs: JobQueue;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  queueDatabase = await openTestDatabase();
  jobs = new JobQueue({
    database: queueDatabase,
    connectionString: queueDatabase.url,
    logger: createLogger({ logLevel: 'silent' }),
  });
  await jobs.start({ work: false });
  server = await startTestServer({ database, jobs });
});
afterAll(async () => {
  await server?.close();
  await jobs?.stop(2_000);
  await queueDatabase?.close();
});

const health = () => call<TN8nHealth>(server.app, 'GET', '/api/v1/n8n/health');

describe('GET /n8n/health', () => {
  it('answers healthy, without a token, when the database and the job queue answer', async () => {
    const response = await health();
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({
      status: 'healthy',
      service: 'atempo-workflows',
      checks: { database: 'ok', job_queue: 'ok' },
    });
    expect(response.body.workflows).toEqual(
      expect.arrayContaining([
        'n8n_upload_deck',
        'n8n_metrics_extraction',
        'n8n_scenario_forecasts',
        'ic_preparation',
      ]),
    );
  });

  it('answers 503 unhealthy naming the database when it is unreachable', async () => {
    await database.close();
    const response = await health();
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      status: 'unhealthy',
      checks: { database: 'unreachable', job_queue: 'ok' },
    });
  });

  it('answers 503 unhealthy naming the job queue once it has stopped as well', async () => {
    await jobs.stop(2_000);
    const response = await health();
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      status: 'unhealthy',
      checks: { database: 'unreachable', job_queue: 'unreachable' },
    });
  });
});
