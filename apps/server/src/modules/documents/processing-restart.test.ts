import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TWorkflowStatus } from '@atempo/contracts';
import { openTestDatabase } from '@atempo/db/testing';
import { makePdf } from '@atempo/documents/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentIndexer } from '../../platform/ports.ts';
import { getWorkflowLogs, StepFailed } from '../../platform/workflows/index.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestDatabase, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { processed, uploadAccepted } from './documents.fixtures.ts';
import { finishDocument } from './documents.repository.ts';

/**
 * An index that holds the job at its last stage until told to go on: the worker is then "in the
 * middle of the job" for as long as the test needs, deterministically. Told to go on, it fails the
 * analysis as a late attempt would.
 */
function stalledIndexer() {
  let reached!: () => void;
  let goOn!: () => void;
  const atIndexing = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    goOn = resolve;
  });
  const indexer: DocumentIndexer = {
    indexDocument: async () => {
      reached();
      // The process stops with the job still here; the attempt goes on only when told, long after.
      await released;
      throw new StepFailed('Analysis failed: late');
    },
    removeDocument: async () => {},
  };
  return { indexer, atIndexing, goOn };
}

let database: TestDatabase;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
  await database?.close();
});

describe('a job interrupted by a restart', () => {
  it('is picked up by the next process on the same database and finishes', async () => {
    database = await openTestDatabase();
    // Both processes share the database and DATA_DIR, as one server restarted would.
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-restart-')),
      SHUTDOWN_TIMEOUT_MS: '1000',
    };
    const stalled = stalledIndexer();
    const first = await startTestServer({ database, env, documentIndexer: stalled.indexer });
    servers.push(first);
    const admin = await registerOrganization(first.app);
    const token = admin.access_token;
    const company = await createCompany(first.app, token, { name: 'Restart Robotics' });
    const deal = await createDeal(first.app, token, { company_id: company.id, amount_requested: 3_000_000 });
    const pdf = await makePdf(['Board update Q3 2025', 'Revenue FY2024: EUR 4.2m. Cash: EUR 2.0m.']);
    const uploaded = await uploadAccepted(first.app, token, pdf, {
      path: '/api/v1/workflows/document-processing',
      fields: { deal_id: deal.id, company_name: company.name },
      filename: 'board-update.pdf',
    });

    await stalled.atIndexing;
    const midway = await call<TWorkflowStatus>(
      first.app,
      'GET',
      `/api/v1/agents/workflows/${uploaded.execution_id}/status`,
      { token },
    );
    expect(midway.body).toMatchObject({ status: 'running', stage: 'indexing' });
    const notYet = await call(
      first.app,
      'GET',
      `/api/v1/document-processing/result/${uploaded.document_id}`,
      {
        token,
      },
    );
    expect(notYet.status).toBe(409);
    expect(notYet.body).toMatchObject({
      code: 'DOCUMENT_PROCESSING',
      detail: expect.stringMatching(/indexing, 90 %/),
    });
    // The first process stops; its job has not finished within the shutdown timeout.
    await first.close();

    const second = await startTestServer({ database, env });
    servers.push(second);
    const document = await processed(second.app, token, uploaded.document_id, 90_000);
    expect(document.status).toBe('completed');
    expect(document.analysis?.document_type).toBeDefined();
    const status = await call<TWorkflowStatus>(
      second.app,
      'GET',
      `/api/v1/agents/workflows/${uploaded.execution_id}/status`,
      { token },
    );
    expect(status.body).toMatchObject({
      status: 'completed',
      stage: 'completed',
      progress: 100,
      error: null,
    });

    // The first attempt was failed by the shutdown and the retry finished the work.
    const { rows } = await database.executeSql('select state, retry_count from pgboss.job where id = $1', [
      uploaded.execution_id,
    ]);
    expect(rows[0]).toMatchObject({ state: 'completed' });
    expect(Number((rows[0] as { retry_count: number }).retry_count)).toBeGreaterThanOrEqual(1);

    // The abandoned attempt wakes up late and fails its step: it cannot move the finished work back,
    // neither through the runner (step, execution, document) nor by writing the document itself.
    stalled.goOn();
    await expect
      .poll(async () =>
        (await getWorkflowLogs(database.db, admin.organization.id, uploaded.execution_id, 100)).lines.map(
          (line) => line.message,
        ),
      )
      .toContain("Step 'index' failed: Analysis failed: late");
    // Its last writes (the step, then the execution with the document) follow that line at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await finishDocument(database.db, admin.organization.id, uploaded.document_id, {
      status: 'failed',
      error: 'Analysis failed: late',
    });
    const after = await call(
      second.app,
      'GET',
      `/api/v1/document-processing/progress/${uploaded.document_id}`,
      {
        token,
      },
    );
    expect(after.body).toMatchObject({ status: 'completed', stage: 'completed', progress: 100, error: null });
    const statusAfter = await call(
      second.app,
      'GET',
      `/api/v1/agents/workflows/${uploaded.execution_id}/status`,
      {
        token,
      },
    );
    expect(statusAfter.body).toMatchObject({ status: 'completed', stage: 'completed' });
    expect((statusAfter.body as unknown as TWorkflowStatus).steps.at(-1)).toMatchObject({
      name: 'index',
      status: 'completed',
    });
    const activity = await database.executeSql(
      "select kind from deal_activity where deal_id = $1 and kind like 'document_%' order by occurred_at",
      [deal.id],
    );
    expect(activity.rows.map((row) => (row as { kind: string }).kind)).toEqual([
      'document_added',
      'document_analysed',
    ]);
  }, 180_000);
});
