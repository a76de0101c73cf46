import { readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  TAcceptMetricsResult,
  TDeal,
  TDealIntelligence,
  TDocumentAnalysis,
  TErrorResponse,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { processed, upload, uploadAccepted } from './documents.fixtures.ts';

/**
 * Issue 18 §4: a listed company's annual report dropped onto a startup's deal is named for what
 * it is before its figures reach the deal, and the same file uploaded twice to a deal is the one
 * document, analysed once.
 */

const CORPUS = path.resolve(import.meta.dirname, '../../../../../../shared/corpus');
const TEN_K = readFileSync(path.join(CORPUS, 'financebench/pdfs/COSTCO_2021_10K.pdf'));

let server: TestServer;
let token: string;
let organizationId: string;
let deal: TDeal;
const startup = 'Fernweh Robotics GmbH';

beforeAll(async () => {
  server = await startTestServer();
  const admin = await registerOrganization(server.app);
  token = admin.access_token;
  organizationId = admin.organization.id;
  const company = await createCompany(server.app, token, { name: startup });
  deal = await createDeal(server.app, token, { company_id: company.id, amount_requested: 2_000_000 });
});
afterAll(async () => {
  await server?.close();
});

const onDeal = (dealId: string, filename: string) => ({
  path: '/api/v1/workflows/document-processing',
  fields: { deal_id: dealId, company_name: startup },
  filename,
});
const countOf = async (sql: string, params: unknown[]) =>
  ((await server.database.executeSql(sql, params)).rows[0] as { n: number }).n;

describe("a large company's annual report on a startup's deal", () => {
  let documentId: string;

  it('is analysed and says whose it is, with the registrant line as evidence', async () => {
    const answer = await uploadAccepted(server.app, token, TEN_K, onDeal(deal.id, 'annual-report.pdf'));
    documentId = answer.document_id;
    expect((await processed(server.app, token, documentId, 180_000)).status).toBe('completed');
    const result = await call<TDocumentAnalysis>(
      server.app,
      'GET',
      `/api/v1/document-processing/result/${documentId}`,
      { token },
    );
    expect(result.status).toBe(200);
    expect(result.body.issuer).toMatchObject({
      name: 'Costco Wholesale Corporation',
      evidence: 'registrant',
    });
    expect(result.body.issuer?.source.page).toBe(1);
    expect(result.body.other_company).toMatchObject({
      name: 'Costco Wholesale Corporation',
      expected_company: startup,
      message: `This document appears to be about Costco Wholesale Corporation, not ${startup}.`,
    });
    expect(Object.keys(result.body.key_metrics).length).toBeGreaterThan(0);
  }, 240_000);

  it("is named on the deal's intelligence, each of its figures carrying the warning", async () => {
    const intelligence = await call<TDealIntelligence>(
      server.app,
      'GET',
      `/api/v1/deals/${deal.id}/intelligence`,
      { token },
    );
    const found = intelligence.body.document_intelligence;
    expect(found.other_company_documents).toEqual([
      expect.objectContaining({ document_id: documentId, name: 'Costco Wholesale Corporation' }),
    ]);
    const figures = Object.values(found.key_metrics);
    expect(figures.length).toBeGreaterThan(0);
    for (const figure of figures) expect(figure?.other_company?.name).toBe('Costco Wholesale Corporation');
    expect(found.documents[0]?.analysis?.other_company?.name).toBe('Costco Wholesale Corporation');
  });

  it('writes none of its figures onto the deal without an explicit confirmation', async () => {
    const path = `/api/v1/documents/${documentId}/accept-metrics`;
    const dryRun = await call<TAcceptMetricsResult>(server.app, 'POST', `${path}?dry_run=true`, {
      token,
      body: { metrics: ['revenue'] },
    });
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.other_company?.name).toBe('Costco Wholesale Corporation');

    const refused = await call<TErrorResponse>(server.app, 'POST', path, {
      token,
      body: { metrics: ['revenue'] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('OTHER_COMPANY');
    expect(refused.body.detail).toContain('appears to be about Costco Wholesale Corporation');
    const untouched = await call<TDeal>(server.app, 'GET', `/api/v1/deals/${deal.id}`, { token });
    expect(untouched.body.financial_metrics?.revenue ?? null).toBeNull();

    const notConfirmed = await call<TErrorResponse>(server.app, 'POST', path, {
      token,
      body: { metrics: ['revenue'], confirm_other_company: false },
    });
    expect(notConfirmed.status).toBe(409);

    const confirmed = await call<TAcceptMetricsResult>(server.app, 'POST', path, {
      token,
      body: { metrics: ['revenue'], confirm_other_company: true },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.accepted.map((item) => item.name)).toEqual(['revenue']);
  });
});

describe('the same file uploaded twice to a deal', () => {
  it('points to the existing document and is not analysed again', async () => {
    const own = await createDeal(server.app, token, {
      company_id: (await createCompany(server.app, token, { name: 'Twice Ltd' })).id,
      amount_requested: 1_000_000,
    });
    const bytes = Buffer.from(TEN_K);
    const first = await uploadAccepted(server.app, token, bytes, onDeal(own.id, 'report.pdf'));
    const executionsBefore = await countOf(
      'select count(*)::int as n from workflow_executions where organization_id = $1',
      [organizationId],
    );
    const again = await upload(server.app, token, bytes, onDeal(own.id, 'report (1).pdf'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      document_id: first.document_id,
      execution_id: first.execution_id,
      deduplicated: true,
      duplicate_of: { document_id: first.document_id, name: 'report.pdf' },
    });
    expect(again.body.duplicate_of?.message).toContain('already on the deal as report.pdf');
    expect(await countOf('select count(*)::int as n from documents where deal_id = $1', [own.id])).toBe(1);
    expect(
      await countOf('select count(*)::int as n from workflow_executions where organization_id = $1', [
        organizationId,
      ]),
    ).toBe(executionsBefore);

    // On another deal the same bytes are that deal's own document.
    const other = await createDeal(server.app, token, {
      company_id: (await createCompany(server.app, token, { name: 'Elsewhere Ltd' })).id,
      amount_requested: 1_000_000,
    });
    const elsewhere = await uploadAccepted(server.app, token, bytes, onDeal(other.id, 'report.pdf'));
    expect(elsewhere.document_id).not.toBe(first.document_id);
    expect(elsewhere.duplicate_of).toBeNull();
    await processed(server.app, token, first.document_id, 180_000);
    await processed(server.app, token, elsewhere.document_id, 180_000);
  }, 400_000);

  it('sent twice at once, makes one document: the second waits on the stored file and finds the first', async () => {
    const own = await createDeal(server.app, token, {
      company_id: (await createCompany(server.app, token, { name: 'Race Ltd' })).id,
      amount_requested: 1_000_000,
    });
    const answers = await Promise.all([
      upload(server.app, token, TEN_K, onDeal(own.id, 'a.pdf')),
      upload(server.app, token, TEN_K, onDeal(own.id, 'b.pdf')),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 202]);
    expect(new Set(answers.map((answer) => answer.body.document_id)).size).toBe(1);
    expect(await countOf('select count(*)::int as n from documents where deal_id = $1', [own.id])).toBe(1);
    await processed(server.app, token, answers[0]!.body.document_id, 180_000);
  }, 400_000);

  it('is analysed again when the first copy could not be read', async () => {
    const own = await createDeal(server.app, token, {
      company_id: (await createCompany(server.app, token, { name: 'Broken Files Ltd' })).id,
      amount_requested: 1_000_000,
    });
    const broken = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF garbage');
    const first = await uploadAccepted(server.app, token, broken, onDeal(own.id, 'broken.pdf'));
    expect((await processed(server.app, token, first.document_id)).status).toBe('failed');
    const again = await uploadAccepted(server.app, token, broken, onDeal(own.id, 'broken.pdf'));
    expect(again.document_id).not.toBe(first.document_id);
    expect(again.duplicate_of).toBeNull();
    await processed(server.app, token, again.document_id);
  }, 120_000);
});
