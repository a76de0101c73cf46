import type { TDocumentProgress, TWorkflowStatus } from '@atempo/contracts';
import {
  makeEncryptedPdf,
  makeTruncatedPdf,
  makeZipBombDocx,
  makeZipBombXlsx,
} from '@atempo/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { processed, uploadAccepted } from './documents.fixtures.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await registerOrganization(server.app)).access_token;
});
afterAll(async () => server?.close());

/** Asks GET /health every 50 ms until stopped; answers each status and how long it took. */
function watchHealth() {
  const answers: { status: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await server.app.inject({ method: 'GET', url: '/health' });
      answers.push({ status: response.statusCode, ms: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return answers;
    },
  };
}

describe('hostile files end as failed, with a reason a person reads, while the server keeps answering', () => {
  it('zip bombs (one lying about its size), an encrypted PDF and a truncated PDF', async () => {
    const files = [
      {
        name: 'bomb.docx',
        bytes: await makeZipBombDocx({ lieAboutSize: true }),
        reason: /unpacks to far more data/,
      },
      { name: 'bomb.xlsx', bytes: makeZipBombXlsx(), reason: /unpacks to far more data/ },
      { name: 'locked.pdf', bytes: await makeEncryptedPdf(), reason: /password/ },
      { name: 'cut.pdf', bytes: await makeTruncatedPdf(), reason: /damaged/ },
    ];
    const health = watchHealth();
    const uploads = [];
    for (const file of files)
      uploads.push(await uploadAccepted(server.app, token, file.bytes, { filename: file.name }));
    const documents = await Promise.all(
      uploads.map((upload) => processed(server.app, token, upload.document_id)),
    );
    const answers = await health.stop();

    for (const [index, file] of files.entries()) {
      const document = documents[index]!;
      expect(document.status, file.name).toBe('failed');
      expect(document.error, file.name).toMatch(/^Analysis failed: /);
      expect(document.error, file.name).toMatch(file.reason);
      expect(document.analysis).toBeNull();

      const progress = await call<TDocumentProgress>(
        server.app,
        'GET',
        `/api/v1/document-processing/progress/${document.id}`,
        { token },
      );
      expect(progress.body).toMatchObject({ status: 'failed', stage: 'failed', error: document.error });
      const status = await call<TWorkflowStatus>(
        server.app,
        'GET',
        `/api/v1/agents/workflows/${uploads[index]!.execution_id}/status`,
        { token },
      );
      expect(status.body).toMatchObject({ status: 'failed', error: document.error });
      const result = await call(server.app, 'GET', `/api/v1/document-processing/result/${document.id}`, {
        token,
      });
      expect(result.status).toBe(422);
      expect(result.body).toEqual({ detail: document.error, code: 'DOCUMENT_FAILED' });
    }
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // The readers run off the event loop: health never waits behind them.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(2_000);
  }, 120_000);
});
