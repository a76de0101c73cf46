import path from 'node:path';
import type {
  TAuthResponse,
  TCompanyInteractionsResponse,
  TInactiveCompaniesResponse,
  TInteractionCreatedResponse,
  TKnowledgeInitializeResponse,
  TKnowledgeSearchResponse,
  TSimilarCompaniesResponse,
} from '@atempo/contracts';
import { workflowExecutions } from '@atempo/db';
import { readPdfFile } from '@atempo/documents/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { createDocumentIndexer } from './document-indexer.ts';
import { FINANCEBENCH_PDFS, insertDocument, textDocument } from './knowledge.fixtures.ts';
import { indexOrganization } from './knowledge-index.ts';

/** Similar and inactive companies, a company's interactions, notes, initialize and SharePoint. */

let server: TestServer;
let a: TAuthResponse;
let b: TAuthResponse;
const ids: Record<string, string> = {};

const get = <T>(auth: TAuthResponse, url: string) =>
  call<T>(server.app, 'GET', `/api/v1${url}`, { token: auth.access_token });
const post = <T>(auth: TAuthResponse, url: string, body?: unknown) =>
  call<T>(server.app, 'POST', `/api/v1${url}`, { token: auth.access_token, body });

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
  const companies = [
    [
      'lender',
      'Brightloan Capital',
      'Fintech',
      'Online lending platform for small businesses, revenue based financing.',
    ],
    ['robots', 'Acme Robotics', 'Industrial automation', 'Warehouse robots and picking arms for logistics.'],
    ['bank', 'Harbour Neobank', 'Fintech', 'Digital bank accounts and card payments for freelancers.'],
    ['quiet', 'Dormant Foods', 'Food & beverage', 'Organic snacks sold in supermarkets.'],
  ] as const;
  for (const [key, name, industry, description] of companies) {
    ids[key] = (await createCompany(server.app, a.access_token, { name, industry, description })).id;
  }
  ids.other = (
    await createCompany(server.app, b.access_token, { name: 'Brightloan Capital Other', industry: 'Fintech' })
  ).id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /knowledge/similar-companies', () => {
  it('ranks companies by how close their industry and description are to a description', async () => {
    const response = await get<TSimilarCompaniesResponse>(
      a,
      `/knowledge/similar-companies?description=${encodeURIComponent('fintech lending to small businesses')}&limit=3`,
    );
    expect(response.status).toBe(200);
    const names = response.body.companies.map((c) => c.name);
    expect(names[0]).toBe('Brightloan Capital');
    expect(names).toContain('Harbour Neobank');
    expect(names).not.toContain('Dormant Foods');
    expect(names).not.toContain('Brightloan Capital Other');
    for (const c of response.body.companies) expect(c.similarity).toBeGreaterThan(0);
    expect(response.body.companies[0]?.similarity).toBeGreaterThan(
      response.body.companies.at(-1)?.similarity ?? 1,
    );
  });

  it('matches a misspelt name by trigrams, and refuses a query without description or name', async () => {
    const response = await get<TSimilarCompaniesResponse>(
      a,
      '/knowledge/similar-companies?name=Acme%20Robotcs',
    );
    expect(response.body.companies[0]).toMatchObject({ id: ids.robots, name: 'Acme Robotics' });
    const empty = await get(a, '/knowledge/similar-companies?limit=5');
    expect(empty.status).toBe(422);
    const forB = await get<TSimilarCompaniesResponse>(b, '/knowledge/similar-companies?name=Acme%20Robotics');
    expect(forB.body.companies.map((c) => c.id)).not.toContain(ids.robots);
  });
});

describe('interactions', () => {
  it("lists a company's documents, emails and notes newest first, filtered by type; B gets 404", async () => {
    const deal = await createDeal(server.app, a.access_token, {
      company_id: ids.lender!,
      amount_requested: 1_000_000,
    });
    const db = server.database.db;
    const docId = await insertDocument(db, {
      organizationId: a.organization.id,
      name: 'lender-deck.pdf',
      dealId: deal.id,
      createdBy: a.user.id,
      documentType: 'pitch_deck',
      analysis: { content_summary: 'Brightloan raises a Series A.' },
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    });
    const email = await post<TInteractionCreatedResponse>(a, '/knowledge/process-email', {
      subject: 'Covenant reporting',
      body: 'Brightloan Capital sent the covenant compliance certificate. Acme Robotics was copied.',
      sender: 'ops@brightloan.example',
      received_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    expect(email.status).toBe(201);
    expect(email.body.companies.map((c) => [c.name, c.matched_by]).sort()).toEqual([
      ['Acme Robotics', 'mentioned'],
      ['Brightloan Capital', 'mentioned'],
    ]);
    const note = await post<TInteractionCreatedResponse>(a, '/knowledge/notes', {
      company_ids: [ids.lender],
      subject: 'Call with the CFO',
      body: 'Discussed the interest-only period.',
    });
    expect(note.status).toBe(201);

    const all = await get<TCompanyInteractionsResponse>(a, `/knowledge/company/${ids.lender}/interactions`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ company_id: ids.lender, company_name: 'Brightloan Capital', total: 3 });
    expect(all.body.interactions.map((i) => [i.interaction_type, i.id])).toEqual([
      ['note', note.body.id],
      ['email', email.body.id],
      ['document', docId],
    ]);
    expect(all.body.interactions[2]).toMatchObject({
      title: 'lender-deck.pdf',
      preview: 'Brightloan raises a Series A.',
      created_by: 'Ada Lovelace',
      deal_id: deal.id,
      document_type: 'pitch_deck',
      url: `/api/v1/documents/${docId}/download`,
    });
    expect(all.body.interactions[1]).toMatchObject({
      sender: 'ops@brightloan.example',
      title: 'Covenant reporting',
    });

    const emails = await get<TCompanyInteractionsResponse>(
      a,
      `/knowledge/company/${ids.lender}/interactions?interaction_type=email&limit=1`,
    );
    expect(emails.body.interactions.map((i) => i.id)).toEqual([email.body.id]);
    expect(emails.body.total).toBe(1);
    const limited = await get<TCompanyInteractionsResponse>(
      a,
      `/knowledge/company/${ids.lender}/interactions?limit=1`,
    );
    expect(limited.body).toMatchObject({ total: 3, interactions: [{ id: note.body.id }] });

    const notes = await post<TKnowledgeSearchResponse>(a, '/knowledge/search', {
      query: 'interest-only period',
      doc_types: ['note'],
    });
    expect(notes.body.results.map((r) => r.document_id)).toEqual([note.body.id]);

    expect((await get(b, `/knowledge/company/${ids.lender}/interactions`)).status).toBe(404);
    const bNote = await post(b, '/knowledge/notes', { company_ids: [ids.lender], body: 'sneaky' });
    expect(bNote.status).toBe(404);
    // B's email naming A's company links nothing of A's.
    const bEmail = await post<TInteractionCreatedResponse>(b, '/knowledge/process-email', {
      subject: 'Brightloan Capital',
      body: 'About Brightloan Capital and Acme Robotics.',
      sender: 'x@b.example',
      received_at: '2026-10-02T08:00:00Z',
      company_names: ['Acme Robotics'],
    });
    expect(bEmail.body.companies.map((c) => c.id)).not.toContain(ids.lender);
    expect(bEmail.body.companies.map((c) => c.id)).not.toContain(ids.robots);
    expect((await get(a, '/knowledge/company/not-a-uuid/interactions')).status).toBe(422);
  });
});

describe('GET /knowledge/companies/inactive', () => {
  it('lists companies with no document, email, note or deal activity for the given days', async () => {
    const db = server.database.db;
    // Pretend every company of A was added long ago; only some have had activity since.
    await db.execute(
      sql`update companies set created_at = now() - interval '200 days' where organization_id = ${a.organization.id}`,
    );
    await post(a, '/knowledge/process-email', {
      subject: 'Old news',
      body: 'Dormant Foods update.',
      sender: 'x@dormant.example',
      received_at: new Date(Date.now() - 45 * 86_400_000).toISOString(),
    });
    const response = await get<TInactiveCompaniesResponse>(a, '/knowledge/companies/inactive?days=30');
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(response.body.companies.map((c) => [c.name, c]));
    expect(byName['Dormant Foods']).toMatchObject({ last_activity_kind: 'email', days_inactive: 45 });
    // Harbour Neobank had no activity at all since its creation.
    expect(byName['Harbour Neobank']).toMatchObject({ last_activity_kind: 'created', days_inactive: 200 });
    // Brightloan has a deal, an email and a note this week; Acme Robotics was mentioned in an email.
    expect(byName['Brightloan Capital']).toBeUndefined();
    expect(byName['Acme Robotics']).toBeUndefined();
    expect(response.body.total).toBe(2);
    expect(response.body.companies[0]?.name).toBe('Harbour Neobank');
    const longer = await get<TInactiveCompaniesResponse>(a, '/knowledge/companies/inactive?days=60');
    expect(longer.body.companies.map((c) => c.name)).toEqual(['Harbour Neobank']);
    const forB = await get<TInactiveCompaniesResponse>(b, '/knowledge/companies/inactive?days=1');
    expect(forB.body.companies.map((c) => c.id)).not.toContain(ids.quiet);
    expect((await get(a, '/knowledge/companies/inactive?days=0')).status).toBe(422);
  });
});

describe('POST /knowledge/initialize', () => {
  it('answers 202 with an execution that the job takes to completed', async () => {
    const response = await post<TKnowledgeInitializeResponse>(a, '/knowledge/initialize');
    expect(response.status).toBe(202);
    expect(response.body.status).toBe('pending');
    const db = server.database.db;
    const read = async () =>
      (
        await db
          .select()
          .from(workflowExecutions)
          .where(eq(workflowExecutions.id, response.body.execution_id))
      )[0];
    expect(await read()).toMatchObject({
      organizationId: a.organization.id,
      workflowType: 'knowledge_index',
    });
    const deadline = Date.now() + 30_000;
    let row = await read();
    while (row?.status !== 'completed' && row?.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      row = await read();
    }
    expect(row).toMatchObject({ status: 'completed', stage: 'completed', progress: 100, error: null });
    expect(row?.finishedAt).toBeInstanceOf(Date);
  }, 60_000);

  it('recomputes the vectors and indexes completed documents without passages from a text source', async () => {
    const db = server.database.db;
    const unindexed = await insertDocument(db, {
      organizationId: a.organization.id,
      name: 'VERIZON_2022_10K.pdf',
    });
    const indexed = await insertDocument(db, { organizationId: a.organization.id, name: 'indexed.pdf' });
    await createDocumentIndexer(db).indexDocument({
      organizationId: a.organization.id,
      documentId: indexed,
      extracted: textDocument(['Pangolin facility agreement']),
      documentType: 'legal_agreement',
    });
    const withoutSource = await indexOrganization(db, a.organization.id);
    expect(withoutSource).toMatchObject({ passages: 1, documentsIndexed: 0, documentsWithoutText: 2 });

    const asked: string[] = [];
    const result = await indexOrganization(db, a.organization.id, {
      source: async (organizationId, documentId) => {
        asked.push(documentId);
        expect(organizationId).toBe(a.organization.id);
        if (documentId !== unindexed) return null;
        return {
          extracted: await readPdfFile(path.join(FINANCEBENCH_PDFS, 'VERIZON_2022_10K.pdf'), {
            first: 57,
            last: 57,
          }),
          documentType: 'annual_report',
        };
      },
    });
    expect(asked).toContain(unindexed);
    expect(asked).not.toContain(indexed);
    expect(result.documentsIndexed).toBe(1);
    const found = await post<TKnowledgeSearchResponse>(a, '/knowledge/search', {
      query: 'capital expenditures including capitalized software',
    });
    expect(found.body.results[0]).toMatchObject({
      document_id: unindexed,
      metadata: { location: { page: 57 } },
    });
  }, 60_000);
});
