import {
  KEY_METRIC_NAMES,
  type TAuthResponse,
  type TDealIntelligence,
  type TDocumentFinancialSummary,
  type TDocumentRiskAssessment,
  ZDocumentAnalysis,
  ZDocumentListItem,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal, STRONG_COMPANY } from '../deals/pipeline.fixtures.ts';
import { BOARD_REPORT, FINANCIAL_MODEL, insertDocument, TERM_SHEET } from './document-rows.fixtures.ts';

let server: TestServer;
let a: TAuthResponse;
let b: TAuthResponse;
let dealId: string;
let emptyDealId: string;
const ids = {} as Record<'board' | 'model' | 'terms' | 'processing' | 'failed' | 'otherDeal', string>;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
  const company = await createCompany(server.app, a.access_token, {
    name: 'Lumen Robotics',
    ...STRONG_COMPANY,
  });
  dealId = (
    await createDeal(server.app, a.access_token, { company_id: company.id, amount_requested: 5_000_000 })
  ).id;
  emptyDealId = (
    await createDeal(server.app, a.access_token, { company_name: 'Quiet Ltd', amount_requested: 2e6 })
  ).id;
  const db = server.database.db;
  const base = { organizationId: a.organization.id, dealId, companyId: company.id, createdBy: a.user.id };
  ids.board = await insertDocument(db, {
    ...base,
    name: 'Q2 2025 board pack.pdf',
    createdAt: new Date('2025-07-10T09:00:00Z'),
    documentType: 'board_report',
    pageCount: 9,
    analysis: BOARD_REPORT,
  });
  ids.model = await insertDocument(db, {
    ...base,
    name: 'Lumen model FY2024.xlsx',
    format: 'xlsx',
    createdAt: new Date('2025-08-01T09:00:00Z'),
    documentType: 'financial_model',
    pageCount: 6,
    analysis: FINANCIAL_MODEL,
  });
  ids.failed = await insertDocument(db, {
    ...base,
    name: 'Locked.pdf',
    createdAt: new Date('2025-08-20T09:00:00Z'),
    status: 'failed',
    error: 'Analysis failed: Locked.pdf is encrypted and cannot be read without its password',
  });
  ids.terms = await insertDocument(db, {
    ...base,
    name: 'Term sheet.pdf',
    createdAt: new Date('2025-09-01T09:00:00Z'),
    documentType: 'term_sheet',
    pageCount: 4,
    analysis: TERM_SHEET,
  });
  ids.processing = await insertDocument(db, {
    ...base,
    name: 'Data room index.docx',
    format: 'docx',
    createdAt: new Date('2025-09-05T09:00:00Z'),
    status: 'processing',
  });
  ids.otherDeal = await insertDocument(db, {
    organizationId: a.organization.id,
    companyId: company.id,
    name: 'Company only.pdf',
    createdAt: new Date('2025-09-06T09:00:00Z'),
    documentType: 'financial_model',
    analysis: FINANCIAL_MODEL,
  });
});
afterAll(async () => {
  await server?.close();
});

const get = <T>(url: string, who = a) => call<T>(server.app, 'GET', url, { token: who.access_token });

describe('GET /deals/{id}/intelligence', () => {
  it("lists the deal's documents newest first, as list projections", async () => {
    const response = await get<TDealIntelligence>(`/api/v1/deals/${dealId}/intelligence`);
    expect(response.status).toBe(200);
    const { documents, documents_analysed } = response.body.document_intelligence;
    expect(response.body).toMatchObject({ deal_id: dealId, company_name: 'Lumen Robotics' });
    expect(documents.map((document) => document.id)).toEqual([
      ids.processing,
      ids.terms,
      ids.failed,
      ids.model,
      ids.board,
    ]);
    expect(documents_analysed).toBe(3);
    for (const document of documents) {
      expect(Object.keys(document).sort()).toEqual(Object.keys(ZDocumentListItem.shape).sort());
      expect(ZDocumentListItem.safeParse(document).success).toBe(true);
    }
    const [processing, terms, failed, model] = documents;
    expect(processing).toMatchObject({
      status: 'processing',
      analysis: null,
      type: 'docx',
      processed_at: null,
    });
    expect(failed).toMatchObject({
      status: 'failed',
      analysis: null,
      error: expect.stringMatching(/^Analysis failed: /),
    });
    expect(terms).toMatchObject({
      name: 'Term sheet.pdf',
      company_names: ['Lumen Robotics'],
      created_by: 'Ada Lovelace',
      url: `/api/v1/documents/${ids.terms}/download`,
      created_at: '2025-09-01T09:00:00.000Z',
    });
    // The card previews the first two metrics (display order) and flags, with the full flag count.
    expect(model!.analysis).toEqual({
      document_type: 'financial_model',
      confidence_score: 0.86,
      content_summary: FINANCIAL_MODEL.content_summary,
      key_metrics: { revenue: FINANCIAL_MODEL.key_metrics.revenue, arr: FINANCIAL_MODEL.key_metrics.arr },
      risk_flags: FINANCIAL_MODEL.risk_flags,
      risk_flag_count: 2,
    });
  });

  it('takes each metric from the newest document that states it, with that document and source', async () => {
    const { key_metrics } = (await get<TDealIntelligence>(`/api/v1/deals/${dealId}/intelligence`)).body
      .document_intelligence;
    expect(Object.keys(key_metrics).sort()).toEqual(
      [
        'arr',
        'cash',
        'customers',
        'ebitda',
        'gross_margin',
        'headcount',
        'last_round',
        'monthly_churn',
        'net_burn',
        'revenue',
        'runway_months',
      ].sort(),
    );
    // The model (August) is newer than the board pack (July): its ARR wins, with its cell.
    expect(key_metrics.arr).toEqual({
      ...FINANCIAL_MODEL.key_metrics.arr,
      document_id: ids.model,
      document_name: 'Lumen model FY2024.xlsx',
    });
    expect(key_metrics.net_burn?.value).toBe(4_800_000);
    // Only the board pack states customers and runway.
    expect(key_metrics.customers).toMatchObject({
      value: 84,
      document_id: ids.board,
      source: { kind: 'page', page: 4 },
    });
    expect(key_metrics.runway_months).toMatchObject({ value: 19, document_id: ids.board });
    // The converted figure keeps what the document said and the rate.
    expect(key_metrics.last_round).toMatchObject({
      value: 27_600_000,
      currency: 'EUR',
      original: { value: 30_000_000, currency: 'USD', rate: 0.92 },
      document_id: ids.terms,
    });
  });

  it('keeps every risk flag with its document and source, lists action items once, and the newest term sheet', async () => {
    const intelligence = (await get<TDealIntelligence>(`/api/v1/deals/${dealId}/intelligence`)).body
      .document_intelligence;
    expect(intelligence.risk_flags).toEqual([
      {
        ...FINANCIAL_MODEL.risk_flag_details[0],
        document_id: ids.model,
        document_name: 'Lumen model FY2024.xlsx',
      },
      {
        ...FINANCIAL_MODEL.risk_flag_details[1],
        document_id: ids.model,
        document_name: 'Lumen model FY2024.xlsx',
      },
      {
        ...BOARD_REPORT.risk_flag_details[0],
        document_id: ids.board,
        document_name: 'Q2 2025 board pack.pdf',
      },
    ]);
    expect(intelligence.action_items).toEqual([
      'Request the current cap table.',
      'Request monthly management accounts for the last 12 months',
      'Ask for the covenant waiver correspondence',
    ]);
    expect(intelligence.facility_terms).toEqual({
      ...TERM_SHEET.facility_terms,
      document_id: ids.terms,
      document_name: 'Term sheet.pdf',
    });
    expect(intelligence.summary).toBe(
      `3 of 5 documents analysed (term sheet, financial model, board report): 3 risk flags, 3 action items. Latest, Term sheet.pdf: ${TERM_SHEET.content_summary}`,
    );
  });

  it('answers an empty intelligence for a deal without documents', async () => {
    const response = await get<TDealIntelligence>(`/api/v1/deals/${emptyDealId}/intelligence`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      deal_id: emptyDealId,
      company_name: 'Quiet Ltd',
      document_intelligence: {
        documents: [],
        documents_analysed: 0,
        key_metrics: {},
        risk_flags: [],
        action_items: [],
        facility_terms: null,
        summary: null,
      },
    });
  });
});

describe('the document-intelligence agent calls', () => {
  it('answers the analysis whole, with the row’s own fields', async () => {
    const response = await get(`/api/v1/agents/document-intelligence/analyse/${ids.board}`);
    expect(response.status).toBe(200);
    const analysis = ZDocumentAnalysis.parse(response.body);
    expect(analysis).toEqual({
      ...BOARD_REPORT,
      document_id: ids.board,
      filename: 'Q2 2025 board pack.pdf',
      file_size: 48_213,
      document_type: 'board_report',
      page_count: 9,
      processed_at: '2025-07-10T09:00:04.000Z',
    });
  });

  it('answers the figures with sources, the metrics not found and the facility terms', async () => {
    const summary = await get<TDocumentFinancialSummary>(
      `/api/v1/agents/document-intelligence/${ids.terms}/financial-summary`,
    );
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      document_id: ids.terms,
      document_type: 'term_sheet',
      currency: 'EUR',
      key_metrics: TERM_SHEET.key_metrics,
      facility_terms: TERM_SHEET.facility_terms,
    });
    expect(summary.body.metrics_not_found).not.toContain('last_round');
    expect(summary.body.metrics_not_found).toContain('revenue');
    // every metric name but the one the term sheet states
    expect(summary.body.metrics_not_found).toHaveLength(KEY_METRIC_NAMES.length - 1);
  });

  it('derives the risk level from the flags and says why', async () => {
    const assess = async (id: string) =>
      (await get<TDocumentRiskAssessment>(`/api/v1/agents/document-intelligence/${id}/risk-assessment`)).body;
    const board = await assess(ids.board);
    expect(board).toMatchObject({
      risk_level: 'critical',
      risk_flags: BOARD_REPORT.risk_flag_details,
      action_items: BOARD_REPORT.action_items,
    });
    expect(board.rationale).toContain('minimum cash covenant');
    expect(await assess(ids.model)).toMatchObject({
      risk_level: 'medium',
      rationale: 'Medium: 2 risk flags were found.',
    });
    expect(await assess(ids.terms)).toMatchObject({ risk_level: 'low', risk_flags: [] });
  });

  it('answers 409 while a document is processing and 422 with the reason when it failed', async () => {
    for (const path of ['analyse/{id}', '{id}/financial-summary', '{id}/risk-assessment']) {
      const processing = await get(
        `/api/v1/agents/document-intelligence/${path.replace('{id}', ids.processing)}`,
      );
      expect(processing.status, path).toBe(409);
      expect(processing.body).toMatchObject({
        code: 'DOCUMENT_PROCESSING',
        detail: expect.stringContaining('Data room index.docx'),
      });
      const failed = await get(`/api/v1/agents/document-intelligence/${path.replace('{id}', ids.failed)}`);
      expect(failed.status, path).toBe(422);
      expect(failed.body).toEqual({
        code: 'DOCUMENT_FAILED',
        detail: 'Analysis failed: Locked.pdf is encrypted and cannot be read without its password',
      });
    }
  });
});

describe('tenancy and bad input', () => {
  it("answers 404 to another organisation on every route, for each of A's ids", async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/v1/deals/${dealId}/intelligence`],
      ['GET', `/api/v1/deals/${dealId}/updates`],
      ...Object.values(ids).flatMap((id): [string, string, unknown?][] => [
        ['GET', `/api/v1/agents/document-intelligence/analyse/${id}`],
        ['GET', `/api/v1/agents/document-intelligence/${id}/financial-summary`],
        ['GET', `/api/v1/agents/document-intelligence/${id}/risk-assessment`],
        ['POST', `/api/v1/documents/${id}/accept-metrics`, { metrics: ['revenue'] }],
        ['POST', `/api/v1/documents/${id}/accept-metrics?dry_run=true`, { metrics: ['revenue'] }],
      ]),
    ];
    for (const [method, url, body] of routes) {
      const response = await call(server.app, method as 'GET', url, { token: b.access_token, body });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
  });

  it('answers 422 to malformed ids and 404 to unknown ones, never 500', async () => {
    for (const url of [
      '/api/v1/deals/nope/intelligence',
      '/api/v1/agents/document-intelligence/analyse/123',
      '/api/v1/agents/document-intelligence/x/financial-summary',
      '/api/v1/agents/document-intelligence/x/risk-assessment',
    ]) {
      expect((await get(url)).status, url).toBe(422);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/v1/deals/${unknown}/intelligence`)).status).toBe(404);
    expect((await get(`/api/v1/agents/document-intelligence/analyse/${unknown}`)).status).toBe(404);
  });

  it('requires a signed-in caller', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/deals/${dealId}/intelligence` });
    expect(response.statusCode).toBe(401);
  });
});
