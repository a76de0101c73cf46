import type {
  TKnowledgeInitializeResponse,
  TKnowledgeSearchResponse,
  TWorkflowStatus,
} from '@atempo/contracts';
import { makePdf } from '@atempo/documents/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { processed, uploadAccepted } from './documents.fixtures.ts';

/**
 * A document analysed while search indexing was off (null indexer) has no passages; rebuilding the
 * knowledge index reads its stored file again, so the Knowledge Hub then finds it.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ documentIndexer: null });
  token = (await registerOrganization(server.app)).access_token;
});
afterAll(async () => server?.close());

const search = async (query: string) =>
  (
    await call<TKnowledgeSearchResponse>(server.app, 'POST', '/api/v1/knowledge/search', {
      token,
      body: { query },
    })
  ).body.results;

it('re-reads stored files of documents without passages when the index is rebuilt', async () => {
  const pdf = await makePdf(['Quarterly board pack', 'The marmoset programme closed its second tranche.']);
  const upload = await uploadAccepted(server.app, token, pdf, { filename: 'board-pack.pdf' });
  expect((await processed(server.app, token, upload.document_id)).status).toBe('completed');
  expect(await search('marmoset')).toEqual([]);

  const started = await call<TKnowledgeInitializeResponse>(
    server.app,
    'POST',
    '/api/v1/knowledge/initialize',
    {
      token,
    },
  );
  expect(started.status).toBe(202);
  const deadline = Date.now() + 60_000;
  let status: TWorkflowStatus | undefined;
  while (Date.now() < deadline) {
    status = (
      await call<TWorkflowStatus>(
        server.app,
        'GET',
        `/api/v1/agents/workflows/${started.body.execution_id}/status`,
        {
          token,
        },
      )
    ).body;
    if (status.status === 'completed' || status.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(status?.status).toBe('completed');

  const hits = await search('marmoset');
  expect(hits.map((hit) => hit.document_id)).toEqual([upload.document_id]);
  expect(hits[0]?.content).toContain('marmoset');
}, 120_000);
