import path from 'node:path';
import type { TAuthResponse, TInteractionCreatedResponse, TKnowledgeSearchResponse } from '@atempo/contracts';
import { knowledgeChunks } from '@atempo/db';
import { readPdfFile } from '@atempo/documents/testing';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { createDocumentIndexer, DocumentNotIndexableError } from './document-indexer.ts';
import { FINANCEBENCH_PDFS, insertDocument, textDocument } from './knowledge.fixtures.ts';
import { indexOrganization } from './knowledge-index.ts';
import { lexemeFrequencies } from './lexemes.repository.ts';

/**
 * Knowledge search through HTTP on real filings, on PGlite or PostgreSQL (TEST_DATABASE_URL).
 * Documents rows are inserted directly (the upload pipeline is built elsewhere) and indexed by the
 * same indexer the pipeline calls as its last stage.
 */

let server: TestServer;
let a: TAuthResponse;
let b: TAuthResponse;
let verizonId: string;
let activisionId: string;
let syntaxDocId: string;
let acmeId: string;

const search = (auth: TAuthResponse, body: Record<string, unknown>) =>
  call<TKnowledgeSearchResponse>(server.app, 'POST', '/api/v1/knowledge/search', {
    token: auth.access_token,
    body,
  });

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
  const db = server.database.db;
  const indexer = createDocumentIndexer(db);
  const acme = await createCompany(server.app, a.access_token, {
    name: 'Acme Telecom Holdings',
    industry: 'Telecommunications',
    description: 'Wireless network operator building 5G and fibre infrastructure.',
  });
  acmeId = acme.id;
  const deal = await createDeal(server.app, a.access_token, {
    company_id: acme.id,
    amount_requested: 5_000_000,
  });

  verizonId = await insertDocument(db, {
    organizationId: a.organization.id,
    name: 'VERIZON_2022_10K.pdf',
    dealId: deal.id,
    createdBy: a.user.id,
    documentType: 'annual_report',
    analysis: {
      content_summary: 'Verizon annual report for 2022.',
      confidence_score: 0.9,
      key_metrics: {},
      risk_flags: ['High leverage', 'Spectrum spend', 'Pension exposure'],
    },
  });
  await indexer.indexDocument({
    organizationId: a.organization.id,
    documentId: verizonId,
    extracted: await readPdfFile(path.join(FINANCEBENCH_PDFS, 'VERIZON_2022_10K.pdf')),
    documentType: 'annual_report',
  });
  activisionId = await insertDocument(db, {
    organizationId: a.organization.id,
    name: 'ACTIVISIONBLIZZARD_2019_10K.pdf',
    documentType: 'annual_report',
  });
  await indexer.indexDocument({
    organizationId: a.organization.id,
    documentId: activisionId,
    extracted: await readPdfFile(path.join(FINANCEBENCH_PDFS, 'ACTIVISIONBLIZZARD_2019_10K.pdf'), {
      first: 60,
      last: 80,
    }),
    documentType: 'annual_report',
  });
  syntaxDocId = await insertDocument(db, {
    organizationId: a.organization.id,
    name: 'term-sheet.docx',
    companyId: acme.id,
    documentType: 'term_sheet',
  });
  await indexer.indexDocument({
    organizationId: a.organization.id,
    documentId: syntaxDocId,
    documentType: 'term_sheet',
    extracted: textDocument(
      [
        'Quarterly churn covenant: the borrower reports churn each quarter; a breach allows acceleration.',
        'Warrant coverage of 10% of the facility amount, exercisable for ten years.',
        'Covenant on minimum cash of EUR 2m, tested monthly. Churn is discussed in the board pack.',
        'Capital expenditures rose with the wireless rollout.',
        'Capital expenditures of the fibre network were lower.',
        'Expenditures on capital projects are reviewed by the board.',
      ],
      'docx',
    ),
  });
  // Organisation B holds the same filing: its passages must never show up for A, nor A's for B.
  const bDoc = await insertDocument(db, { organizationId: b.organization.id, name: 'B-private-verizon.pdf' });
  await indexer.indexDocument({
    organizationId: b.organization.id,
    documentId: bDoc,
    extracted: await readPdfFile(path.join(FINANCEBENCH_PDFS, 'VERIZON_2022_10K.pdf'), {
      first: 55,
      last: 58,
    }),
    documentType: 'annual_report',
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const ANSWER_PAGES = [39, 42, 57];
const CAPEX_QUESTION = 'What was the FY2022 capital expenditure of the company?';

describe('POST /knowledge/search', () => {
  it('brings the page of a real 10-K answering a typed question into the top 5', async () => {
    const response = await search(a, { query: CAPEX_QUESTION, limit: 5, passages_per_document: 5 });
    expect(response.status).toBe(200);
    const pages = response.body.results.map((r) => r.metadata.location?.page);
    expect(response.body.results.every((r) => r.document_id === verizonId)).toBe(true);
    expect(pages.some((page) => ANSWER_PAGES.includes(page ?? -1))).toBe(true);
    // The scores go down the list.
    const scores = response.body.results.map((r) => r.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });

  it('still does once statistics tell common words ("company", "2022") from rare ones', async () => {
    await indexOrganization(server.database.db, a.organization.id);
    const frequencies = await lexemeFrequencies(server.database.db);
    expect(frequencies.get('compani')).toBeGreaterThan(0.15);
    const response = await search(a, { query: CAPEX_QUESTION, limit: 5, passages_per_document: 5 });
    const pages = response.body.results.map((r) => r.metadata.location?.page);
    expect(pages.some((page) => ANSWER_PAGES.includes(page ?? -1))).toBe(true);
  });

  it('answers one result per document by default, the filing of the asked year first, with its metadata', async () => {
    const response = await search(a, { query: CAPEX_QUESTION });
    expect(response.status).toBe(200);
    const [first] = response.body.results;
    expect(first?.document_id).toBe(verizonId);
    expect(new Set(response.body.results.map((r) => r.document_id)).size).toBe(response.body.results.length);
    expect(response.body.total).toBe(response.body.results.length);
    expect(first?.doc_type).toBe('document');
    expect(first?.content.length).toBeLessThanOrEqual(205);
    // The preview is cut around the words of the question, not the top of the page.
    expect(first?.content).toMatch(/capital expenditures/i);
    expect(first?.content.length).toBeGreaterThan(50);
    expect(first?.score).toBeGreaterThan(0);
    expect(first?.score).toBeLessThanOrEqual(1);
    expect(first?.metadata).toMatchObject({
      filename: 'VERIZON_2022_10K.pdf',
      name: 'VERIZON_2022_10K.pdf',
      subject: null,
      // The document's deal is Acme's: its company name comes through the deal.
      company_name: 'Acme Telecom Holdings',
      company_names: ['Acme Telecom Holdings'],
      company_ids: [acmeId],
      size: 123_456,
      file_size: 123_456,
      format: 'pdf',
      document_type: 'annual_report',
      created_by: 'Ada Lovelace',
      url: `/api/v1/documents/${verizonId}/download`,
      analysis: {
        document_type: 'annual_report',
        confidence_score: 0.9,
        content_summary: 'Verizon annual report for 2022.',
        key_metrics: {},
        risk_flags: ['High leverage', 'Spectrum spend'],
        risk_flag_count: 3,
      },
      location: { kind: 'page', label: expect.stringMatching(/^page \d+$/) },
    });
  });

  it('ranks passages matching most of the words first without requiring every word', async () => {
    const response = await search(a, {
      query: 'quarterly churn covenant breach',
      doc_types: ['term_sheet'],
      passages_per_document: 10,
    });
    const labels = response.body.results.map((r) => r.metadata.location?.label);
    // Section 1 holds all four words, section 3 two of them; section 2 none.
    expect(labels.slice(0, 2)).toEqual(['section 1', 'section 3']);
    expect(labels).not.toContain('section 2');
  });

  it('keeps web-search syntax: a quoted phrase must appear and a minus word must not', async () => {
    const response = await search(a, {
      query: '"capital expenditures" -wireless',
      doc_types: ['term_sheet'],
      passages_per_document: 10,
    });
    expect(response.body.results.map((r) => r.metadata.location?.label)).toEqual(['section 5']);
    const excluded = await search(a, {
      query: 'board -churn',
      doc_types: ['term_sheet'],
      passages_per_document: 10,
    });
    expect(excluded.body.results.map((r) => r.metadata.location?.label)).toEqual(['section 6']);
  });

  it('finds nothing for stop words or exclusions alone', async () => {
    for (const query of ['what was the', '-wireless', '???']) {
      const response = await search(a, { query });
      expect(response.status).toBe(200);
      expect(response.body.results).toEqual([]);
    }
  });

  it('filters by kind, analyst type and company', async () => {
    const onlyTermSheets = await search(a, { query: 'capital expenditures', doc_types: ['term_sheet'] });
    expect(onlyTermSheets.body.results.map((r) => r.document_id)).toEqual([syntaxDocId]);
    const byCompany = await search(a, { query: 'capital expenditures', company_ids: [acmeId] });
    const ids = new Set(byCompany.body.results.map((r) => r.document_id));
    expect(ids.has(activisionId)).toBe(false);
    expect(ids.has(verizonId)).toBe(true); // through its deal's company
    expect(ids.has(syntaxDocId)).toBe(true);
    const companies = await search(a, { query: 'fibre infrastructure operator', doc_types: ['company'] });
    expect(companies.body.results).toHaveLength(1);
    expect(companies.body.results[0]).toMatchObject({
      document_id: acmeId,
      doc_type: 'company',
      metadata: {
        name: 'Acme Telecom Holdings',
        company_name: 'Acme Telecom Holdings',
        url: `/companies/${acmeId}`,
      },
    });
  });

  it('lists the newest documents for an empty query (the Knowledge Hub fallback)', async () => {
    const response = await search(a, { query: '', limit: 2 });
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(2);
    expect(response.body.results.every((r) => r.doc_type === 'document' && r.score === 0)).toBe(true);
  });

  it('finds an email stored by process-email, linked to the companies it names', async () => {
    const stored = await call<TInteractionCreatedResponse>(
      server.app,
      'POST',
      '/api/v1/knowledge/process-email',
      {
        token: a.access_token,
        body: {
          subject: 'Monthly management accounts',
          body: 'Hi, attached the management accounts for October. Acme Telecom Holdings closed the bridge round; runway is 19 months.',
          sender: 'cfo@acme.example',
          received_at: '2026-10-31T09:00:00Z',
          company_names: ['Acme Telecom Holding', 'Unknown Widgets'],
        },
      },
    );
    expect(stored.status).toBe(201);
    expect(stored.body.companies).toEqual([
      { id: acmeId, name: 'Acme Telecom Holdings', matched_by: 'fuzzy' },
    ]);
    expect(stored.body.unmatched_company_names).toEqual(['Unknown Widgets']);
    const found = await search(a, { query: 'how long is the runway after the bridge round?' });
    const email = found.body.results.find((r) => r.doc_type === 'email');
    expect(email).toMatchObject({
      document_id: stored.body.id,
      created_at: '2026-10-31T09:00:00.000Z',
      metadata: {
        subject: 'Monthly management accounts',
        name: 'Monthly management accounts',
        sender: 'cfo@acme.example',
        company_names: ['Acme Telecom Holdings'],
        filename: null,
        url: null,
      },
    });
    expect(email?.content).toContain('runway');
    const onlyEmails = await search(a, { query: 'runway', doc_types: ['email'] });
    expect(onlyEmails.body.results.map((r) => r.doc_type)).toEqual(['email']);
    expect((await search(b, { query: 'runway bridge round' })).body.results).toEqual([]);
  });

  it("never answers another organisation's passages", async () => {
    const forB = await search(b, { query: CAPEX_QUESTION, limit: 100, passages_per_document: 10 });
    expect(forB.body.results.length).toBeGreaterThan(0);
    const bPages = forB.body.results.map((r) => r.metadata.location?.page ?? 0);
    // B indexed pages 55–58 only; A's copy has all 124.
    expect(bPages.every((page) => page >= 55 && page <= 58)).toBe(true);
    expect(forB.body.results.every((r) => r.metadata.filename === 'B-private-verizon.pdf')).toBe(true);
    const forA = await search(a, { query: CAPEX_QUESTION, limit: 100 });
    expect(forA.body.results.some((r) => r.metadata.filename === 'B-private-verizon.pdf')).toBe(false);
    // A's company as a filter with B's token is not found, as a path id would not be.
    const filtered = await search(b, { query: 'capital expenditures', company_ids: [acmeId] });
    expect(filtered.status).toBe(404);
    expect(filtered.body).toEqual({ detail: 'Company not found', code: 'NOT_FOUND' });
  });

  it('answers 200 for any text a person can type, operators and quotes included', async () => {
    const nasty = [
      "o'brien's \\ back\\slash",
      '\'\' "" ""a" -"" - -- ---x',
      '(a | b) & !c <-> d:* e:A',
      'x:*A & (y',
      '"unclosed phrase',
      '& | ! ( ) < > : *',
      "ÄÖÜ ß € 1,234.5 (1,234) 5G-enabled P&L FY22 FY2022 cy'21",
      'a '.repeat(200),
      '\u0000',
    ];
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...nasty), fc.string({ maxLength: 120 })), async (query) => {
        const response = await search(a, { query, limit: 3 });
        if (query.includes('\u0000')) expect([200, 422]).toContain(response.status);
        else expect(response.status, `${JSON.stringify(query)} → ${JSON.stringify(response.body)}`).toBe(200);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('refuses bad input with 422 and writes nothing', async () => {
    for (const body of [
      {},
      { query: 'x', limit: 0 },
      { query: 'x', limit: 101 },
      { query: 'x'.repeat(501) },
      { query: 'x', doc_types: ['spreadsheet'] },
      { query: 'x', company_ids: ['nope'] },
      { query: 'x', passages_per_document: 11 },
    ]) {
      const response = await search(a, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    const anonymous = await call(server.app, 'POST', '/api/v1/knowledge/search', { body: { query: 'x' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('document indexer', () => {
  it('replaces a document’s passages when indexed again, and removes them', async () => {
    const db = server.database.db;
    const indexer = createDocumentIndexer(db);
    const id = await insertDocument(db, { organizationId: a.organization.id, name: 'reindex.pdf' });
    const count = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(knowledgeChunks)
          .where(eq(knowledgeChunks.documentId, id))
      )[0]?.n;
    await indexer.indexDocument({
      organizationId: a.organization.id,
      documentId: id,
      extracted: textDocument(['zebra finance one', 'zebra finance two']),
      documentType: 'other',
    });
    expect(await count()).toBe(2);
    await indexer.indexDocument({
      organizationId: a.organization.id,
      documentId: id,
      extracted: textDocument(['okapi only']),
      documentType: 'pitch_deck',
    });
    expect(await count()).toBe(1);
    expect((await search(a, { query: 'zebra' })).body.results).toEqual([]);
    const okapi = await search(a, { query: 'okapi' });
    expect(okapi.body.results[0]?.metadata.location).toEqual({ kind: 'slide', page: 1, label: 'slide 1' });
    // Another organisation cannot index into, or remove from, this document.
    await expect(
      indexer.indexDocument({
        organizationId: b.organization.id,
        documentId: id,
        extracted: textDocument(['intruder']),
        documentType: 'other',
      }),
    ).rejects.toBeInstanceOf(DocumentNotIndexableError);
    await indexer.removeDocument(b.organization.id, id);
    expect(await count()).toBe(1);
    await indexer.removeDocument(a.organization.id, id);
    expect(await count()).toBe(0);
  });
});
