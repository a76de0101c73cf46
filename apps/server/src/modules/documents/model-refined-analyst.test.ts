import { makePdf } from '@atempo/documents/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from '../../test/fakes/fake-model-server.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { processed, uploadAccepted } from './documents.fixtures.ts';

/** With LLM_PROVIDER set, the model refines the classification and summary; the figures stay the built-in analyst's. */

const PAGES = [
  'Acme Ltd — Board report, June 2025',
  'ARR reached EUR 8.4m in June 2025, up from EUR 6.1m a year earlier. Gross margin: 74%. Monthly burn: EUR 350k. Cash: EUR 6.3m.',
];

let fake: FakeModelServer;
let server: TestServer;
let token: string;

beforeAll(async () => {
  fake = await startFakeModelServer('openai');
  server = await startTestServer({
    env: {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'reader-1',
      LLM_TIMEOUT_MS: '2000',
    },
    assistant: { retry: { defaultRetryWaitMs: 10 } },
  });
  token = (await registerOrganization(server.app)).access_token;
}, 60_000);
afterAll(async () => {
  await server.close();
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  expect(fake.pending()).toBe(0);
});

async function analyse(filename: string) {
  const answer = await uploadAccepted(server.app, token, await makePdf(PAGES), { filename });
  const document = await processed(server.app, token, answer.document_id);
  expect(document.status).toBe('completed');
  return document.analysis!;
}

describe('document analysis with a configured model', () => {
  it('takes the model’s type and summary, keeps the built-in figures, and says so', async () => {
    const summary = 'Board report of Acme Ltd for June 2025: ARR reached EUR 8.4m with a 74% gross margin.';
    fake.script({ text: JSON.stringify({ document_type: 'board_report', summary }) });
    const analysis = await analyse('june.pdf');

    const prompt = String((fake.requests[0]!.body.messages as { content: string }[])[0]!.content);
    expect(prompt).toContain('ARR reached EUR 8.4m');
    expect(prompt).toContain('File name: june.pdf');
    expect(analysis.document_type).toBe('board_report');
    expect(analysis.confidence_score).toBeGreaterThanOrEqual(0.75);
    expect(analysis.content_summary).toBe(summary);
    expect(analysis.key_metrics.arr?.value).toBe(8_400_000);
    expect(analysis.key_metrics.arr?.source).toMatchObject({ page: 2 });
    expect(analysis.notices).toContain(
      "The classification and summary were refined by openai-compatible · reader-1; the figures are the built-in analyst's, with their sources.",
    );
  }, 90_000);

  it('keeps the built-in summary when the model’s states a figure the document does not hold', async () => {
    fake.script({
      text: JSON.stringify({
        document_type: 'board_report',
        summary: 'ARR reached EUR 9.2m with 18 months of runway.',
      }),
    });
    const analysis = await analyse('june-2.pdf');
    expect(analysis.content_summary).not.toContain('9.2');
    expect(analysis.content_summary.length).toBeGreaterThan(0);
    expect(analysis.notices).toContain(
      "The summary is the built-in analyst's: the one written by openai-compatible · reader-1 stated figures the document does not hold (EUR 9.2m, 18).",
    );
  }, 90_000);

  it('keeps the built-in analysis when the model fails', async () => {
    fake.script({ status: 500 }, { status: 500 });
    const analysis = await analyse('june-3.pdf');
    expect(fake.requests).toHaveLength(2);
    expect(analysis.key_metrics.arr?.value).toBe(8_400_000);
    expect(analysis.notices.some((notice) => notice.includes('reader-1'))).toBe(false);
  }, 90_000);
});
