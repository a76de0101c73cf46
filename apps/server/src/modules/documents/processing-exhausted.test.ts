import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TWorkflowStatus } from '@atempo/contracts';
import { openTestDatabase } from '@atempo/db/testing';
import { makePdf } from '@atempo/documents/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentIndexer } from '../../platform/ports.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestDatabase, type TestServer } from '../../test/server.ts';
import { processed, uploadAccepted } from './documents.fixtures.ts';
import { INTERRUPTED_FAILURE } from './processing-outcome.ts';

/**
 * A job whose every attempt dies with its worker never records its own failure: pg-boss fails it
 * for good, dead-letters it, and the runner then fails the execution and its document with a
 * reason a person understands, instead of leaving it 'processing' for ever.
 */
let database: TestDatabase;
let server: TestServer | undefined;
afterAll(async () => {
  await server?.close().catch(() => {});
  await database?.close();
});

describe('a document job that spends its retries on dead workers', () => {
  it('leaves its document failed with the reason', async () => {
    database = await openTestDatabase();
    let reached!: () => void;
    const atIndexing = new Promise<void>((resolve) => {
      reached = resolve;
    });
    // The attempt stays at its last stage for good, as one whose process has died would.
    const stalled: DocumentIndexer = {
      indexDocument: () => {
        reached();
        return new Promise<never>(() => {});
      },
      removeDocument: async () => {},
    };
    server = await startTestServer({
      database,
      env: {
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-exhausted-')),
        SHUTDOWN_TIMEOUT_MS: '500',
        JOB_WORKER_LEASE_SECONDS: '3',
      },
      documentIndexer: stalled,
    });
    const admin = await registerOrganization(server.app);
    const token = admin.access_token;
    const uploaded = await uploadAccepted(server.app, token, await makePdf(['Board pack', 'ARR: EUR 3.1m.']));
    await atIndexing;

    // This attempt is the last (the earlier ones died the same way) and its worker is gone: its
    // hold names a worker without a lease.
    await database.executeSql('update pgboss.job set retry_count = retry_limit where id = $1', [
      uploaded.execution_id,
    ]);
    const { rows } = await database.executeSql(
      'update job_holds set worker_id = gen_random_uuid() where job_id = $1 returning job_id',
      [uploaded.execution_id],
    );
    expect(rows).toHaveLength(1);

    const document = await processed(server.app, token, uploaded.document_id, 30_000);
    expect(document.status).toBe('failed');
    expect(document.error).toBe(INTERRUPTED_FAILURE);
    const status = await call<TWorkflowStatus>(
      server.app,
      'GET',
      `/api/v1/agents/workflows/${uploaded.execution_id}/status`,
      { token },
    );
    expect(status.body).toMatchObject({ status: 'failed', error: INTERRUPTED_FAILURE });
    expect(status.body.steps.find((step) => step.name === 'index')).toMatchObject({
      status: 'failed',
      error: 'The worker running this job stopped',
    });
    const job = await database.executeSql('select state from pgboss.job where id = $1', [
      uploaded.execution_id,
    ]);
    expect(job.rows[0]).toMatchObject({ state: 'failed' });
  }, 90_000);
});
