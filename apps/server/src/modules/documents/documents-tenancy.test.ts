import type { TRecentDocumentsResponse } from '@atempo/contracts';
import { makeDocx } from '@atempo/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { upload, uploadAccepted } from './documents.fixtures.ts';

let server: TestServer;
let tokenA: string;
let tokenB: string;
let documentId: string;
let executionId: string;
let dealId: string;
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  tokenA = (await registerOrganization(server.app)).access_token;
  tokenB = (await registerOrganization(server.app)).access_token;
  const company = await createCompany(server.app, tokenA, { name: 'Tenant A Ltd' });
  companyId = company.id;
  dealId = (await createDeal(server.app, tokenA, { company_id: company.id, amount_requested: 1_500_000 })).id;
  const uploaded = await uploadAccepted(server.app, tokenA, await makeDocx(['Tenant A board pack']), {
    path: '/api/v1/workflows/document-processing',
    fields: { deal_id: dealId, company_name: company.name },
    filename: 'board-pack.docx',
  });
  documentId = uploaded.document_id;
  executionId = uploaded.execution_id;
});
afterAll(async () => server?.close());

describe("organisation B and organisation A's documents", () => {
  it("gets 404 on every document route for A's ids", async () => {
    for (const url of [
      `/api/v1/documents/${documentId}`,
      `/api/v1/documents/${documentId}/download`,
      `/api/v1/document-processing/progress/${documentId}`,
      `/api/v1/document-processing/result/${documentId}`,
      `/api/v1/agents/workflows/${executionId}/status`,
    ]) {
      const response = await call(server.app, 'GET', url, { token: tokenB });
      expect(response.status, url).toBe(404);
      expect(response.body.code, url).toBe('NOT_FOUND');
    }
    const deletion = await call(server.app, 'DELETE', `/api/v1/documents/${documentId}`, { token: tokenB });
    expect(deletion.status).toBe(404);
    // A still has it, whole.
    const own = await call(server.app, 'GET', `/api/v1/documents/${documentId}`, { token: tokenA });
    expect(own.status).toBe(200);
    const download = await server.app.inject({
      url: `/api/v1/documents/${documentId}/download`,
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(download.statusCode).toBe(200);
  });

  it("cannot file an upload under A's deal or company", async () => {
    const docx = await makeDocx(['B tries']);
    const onDeal = await upload(server.app, tokenB, docx, {
      path: '/api/v1/workflows/document-processing',
      fields: { deal_id: dealId, company_name: 'Tenant A Ltd' },
    });
    expect(onDeal.status).toBe(404);
    const onCompany = await upload(server.app, tokenB, docx, { fields: { company_id: companyId } });
    expect(onCompany.status).toBe(404);
    // A company name is looked up in B's own organisation only: the document stays unlinked.
    const byName = await uploadAccepted(server.app, tokenB, docx, {
      fields: { company_name: 'Tenant A Ltd' },
    });
    const mine = await call(server.app, 'GET', `/api/v1/documents/${byName.document_id}`, { token: tokenB });
    expect(mine.body).toMatchObject({ company_id: null, company_names: [], deal_id: null });
  });

  it("does not list A's documents, nor dedupe against A's files", async () => {
    const listB = await call<TRecentDocumentsResponse>(server.app, 'GET', '/api/v1/documents/recent', {
      token: tokenB,
    });
    expect(listB.body.documents.map((document) => document.id)).not.toContain(documentId);
    const listA = await call<TRecentDocumentsResponse>(server.app, 'GET', '/api/v1/documents/recent', {
      token: tokenA,
    });
    expect(listA.body.documents.map((document) => document.id)).toEqual([documentId]);
    // The same bytes in another organisation are that organisation's own stored file.
    const bytesOfA = await server.app.inject({
      url: `/api/v1/documents/${documentId}/download`,
      headers: { authorization: `Bearer ${tokenA}` },
    });
    const same = await uploadAccepted(server.app, tokenB, bytesOfA.rawPayload);
    expect(same.deduplicated).toBe(false);
    const again = await uploadAccepted(server.app, tokenB, bytesOfA.rawPayload);
    expect(again.deduplicated).toBe(true);
  });
});

// Last: it adds a document to A, which the listing above counts.
describe('an upload filed by company name', () => {
  it('is filed under the tracked company named without its legal form (the company matcher)', async () => {
    const byName = await uploadAccepted(server.app, tokenA, await makeDocx(['A by name']), {
      fields: { company_name: 'TENANT A' },
    });
    const own = await call(server.app, 'GET', `/api/v1/documents/${byName.document_id}`, { token: tokenA });
    expect(own.body).toMatchObject({ company_id: companyId, deal_id: null });
  });
});
