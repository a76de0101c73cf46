import type {
  TAuthResponse,
  TIngestionResult,
  TOAuthStatusResponse,
  TSharePointStats,
} from '@atempo/contracts';
import { makeDocx } from '@atempo/documents/testing';
import type { MicrosoftFake } from '@atempo/integrations/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../../test/fixtures.ts';
import { call, type TestServer } from '../../../test/server.ts';
import { connectMicrosoft, startWithMicrosoft } from '../integrations.fixtures.ts';
import {
  dealsDrive,
  dealsOf,
  documentsOf,
  downloads,
  ingest,
  itemAt,
  runOutcome,
  SP,
} from './sharepoint.fixtures.ts';

let fake: MicrosoftFake;
let server: TestServer;
let admin: TAuthResponse;
let drive: string;

/** PDF, Word and Excel files of the four seeded deal folders. */
const ANALYSABLE = 16;

beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
  drive = dealsDrive(fake);
  admin = await registerOrganization(server.app);
  await connectMicrosoft(server.app, admin.access_token);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** Sends Graph requests straight to the fake until no scripted failure is left. */
async function drainFaults() {
  for (let index = 0; index < 200; index++) {
    const response = await fetch(`${fake.graphBaseUrl}/me`);
    if (response.status !== 503) return;
  }
  throw new Error('The fake kept failing');
}

describe('Microsoft 365 failing during a run', () => {
  it('ends the run failed with its reason, and the next run completes without duplicates', {
    timeout: 90_000,
  }, async () => {
    fake.setLatency(150);
    const started = await call<TIngestionResult>(server.app, 'POST', `${SP}/ingest/full`, {
      token: admin.access_token,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.execution_id;
    // Wait until the run is under way (one deal folder done), then Graph starts failing.
    for (;;) {
      const now = await call<TIngestionResult>(server.app, 'GET', `${SP}/ingest/${id}`, {
        token: admin.access_token,
      });
      expect(now.body.status).toBe('running');
      if (now.body.processed_deals >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    fake.failNext(50, 503, { retryAfterSeconds: 0 });
    fake.setLatency(0);
    const failed = await runOutcome(server.app, admin.access_token, id, 60_000);
    expect(failed, JSON.stringify(failed)).toMatchObject({
      status: 'failed',
      error: 'Microsoft 365 did not answer; try again in a moment.',
    });
    expect(failed.processed_deals).toBeLessThan(4);
    // The run's time, its job's retries included (pg-boss waits 5 s, then 10 s, between attempts).
    expect(failed.duration_seconds).toBeGreaterThan(10);

    await drainFaults();
    const before = await documentsOf(server.app, admin.access_token);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(ANALYSABLE);

    const next = await ingest(server.app, admin.access_token, 'full');
    expect(next, JSON.stringify(next)).toMatchObject({
      status: 'completed',
      total_deals: 4,
      failed_documents: 0,
      processed_documents: ANALYSABLE - before.length,
      unchanged_documents: before.length,
    });
    const documents = await documentsOf(server.app, admin.access_token);
    expect(documents).toHaveLength(ANALYSABLE);
    const keys = documents.map((document) => `${document.deal_id} ${document.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect((await dealsOf(server.app, admin.access_token)).length).toBe(4);
  });

  it('completes a run that Graph throttles (429 Retry-After)', async () => {
    const item = itemAt(fake, drive, 'Deals/Kestrel Payments/Kestrel Payments Term Sheet.docx');
    fake.updateFile(drive, item.id, await makeDocx(['Kestrel Payments: revised terms, EUR 15m facility.']));
    fake.throttleNext(3, 1);
    fake.resetRequestLog();
    const run = await ingest(server.app, admin.access_token, 'incremental');
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'completed', processed_documents: 1 });
    const log = fake.requestLog();
    expect(log.filter((entry) => entry.status === 429)).toHaveLength(3);
    expect(downloads(log).filter((entry) => entry.status === 302)).toHaveLength(1);
  });
});

describe('a revoked Microsoft sign-in', () => {
  it('fails the run with the reconnect reason and marks the connection needs_reconnect', async () => {
    fake.revokeRefreshTokens();
    fake.expireAccessTokens();
    const run = await ingest(server.app, admin.access_token, 'incremental');
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'failed',
      error:
        'Your Microsoft 365 connection has expired or was revoked: reconnect it on the Data Integrations page.',
    });

    const status = await call<TOAuthStatusResponse>(server.app, 'GET', '/api/v1/oauth/status', {
      token: admin.access_token,
    });
    expect(status.status).toBe(200);
    expect(status.body.microsoft).toMatchObject({
      connected: false,
      status: 'needs_reconnect',
      expired: true,
    });
    expect(status.body.microsoft.reason).toContain('reconnect');

    // Nothing more runs as that connection until it is reconnected.
    const again = await call(server.app, 'POST', `${SP}/ingest/incremental`, { token: admin.access_token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RECONNECT_REQUIRED');
    const stats = await call<TSharePointStats>(server.app, 'GET', `${SP}/stats`, {
      token: admin.access_token,
    });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ connection_status: 'needs_reconnect', sharepoint_docs: ANALYSABLE });

    // Reconnecting mends it: the next run completes.
    await connectMicrosoft(server.app, admin.access_token);
    const mended = await ingest(server.app, admin.access_token, 'incremental');
    expect(mended, JSON.stringify(mended)).toMatchObject({ status: 'completed', processed_documents: 0 });
  });
});
