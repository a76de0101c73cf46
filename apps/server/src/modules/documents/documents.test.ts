import path from 'node:path';
import {
  KEY_METRIC_NAMES,
  type TDocument,
  type TDocumentProgress,
  type TRecentDocumentsResponse,
  type TWorkflowStatus,
  ZDocumentAnalysis,
  ZDocumentListItem,
} from '@atempo/contracts';
import { makeDocx, makePdf, makeXls, makeXlsx, sampleDoc } from '@atempo/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { filesUnder, processed, uploadAccepted } from './documents.fixtures.ts';

/** A short pitch deck whose figures the built-in analyst must find on their slides. */
const DECK_PAGES = [
  'Acme Analytics\n\nAI-powered invoice reconciliation for European SMEs\n\nInvestor presentation - September 2025',
  'The problem\n\nFinance teams at small companies spend 40% of their month closing the books by hand.',
  'Traction\n\nARR of EUR 2.4M as of Q3 2025\n120 paying customers\nNet revenue retention 118%\nGross margin 72%',
  'Financials\n\nMonthly net burn: EUR 180k\nCash in bank: EUR 2.1M (September 2025)\nRunway: 11 months',
  'Funding\n\nRaised EUR 5M Series A in March 2024\nThe ask: we are raising EUR 3M of venture debt.',
];

/** A profit and loss table with years across the header (EUR thousands). */
const PNL_SHEETS = [
  {
    name: 'P&L',
    rows: [
      ['Profit and loss (EUR k)'],
      [null, 'FY2023', 'FY2024'],
      ['Revenue', 9310, 12480],
      ['Gross profit', 6517, 8986],
      ['EBITDA', -420, 1250],
    ],
  },
];

let server: TestServer;
let token: string;
let organizationId: string;
let dealId: string;
let companyName: string;

beforeAll(async () => {
  // The organisation's own rates table: 1 EUR = 0.8 GBP, so GBP 1 = EUR 1.25.
  server = await startTestServer({ env: { FX_RATES: '{"rate_date":"2025-06-30","per_base":{"GBP":0.8}}' } });
  const admin = await registerOrganization(server.app);
  token = admin.access_token;
  organizationId = admin.organization.id;
  const company = await createCompany(server.app, token, { name: 'Acme Analytics GmbH' });
  companyName = company.name;
  dealId = (await createDeal(server.app, token, { company_id: company.id, amount_requested: 3_000_000 })).id;
});
afterAll(async () => server?.close());

const onDeal = (filename: string) => ({
  path: '/api/v1/workflows/document-processing',
  fields: { deal_id: dealId, company_name: companyName },
  filename,
});

async function download(id: string) {
  return server.app.inject({
    url: `/api/v1/documents/${id}/download`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('uploading each supported format, end to end', () => {
  it('analyses a PDF, a .docx, an .xlsx, an .xls and a .doc, each figure with its source', async () => {
    const files = [
      { name: 'acme-deck.pdf', bytes: await makePdf(DECK_PAGES), format: 'pdf' },
      {
        name: 'board-update.docx',
        bytes: await makeDocx([
          'Board update Q3 2025',
          'ARR of EUR 2.4M as of Q3 2025',
          'Headcount: 45 employees',
        ]),
        format: 'docx',
      },
      { name: 'accounts.xlsx', bytes: makeXlsx(PNL_SHEETS), format: 'xlsx' },
      { name: 'accounts.xls', bytes: makeXls(PNL_SHEETS), format: 'xls' },
      { name: 'partnership.doc', bytes: sampleDoc(), format: 'doc' },
    ];
    const uploads = [];
    for (const file of files) {
      const answer = await uploadAccepted(server.app, token, file.bytes, onDeal(file.name));
      expect(answer).toMatchObject({
        status: 'processing',
        filename: file.name,
        file_size: file.bytes.length,
      });
      uploads.push(answer);
    }
    const documents: TDocument[] = [];
    for (const answer of uploads) documents.push(await processed(server.app, token, answer.document_id));

    for (const [index, document] of documents.entries()) {
      const file = files[index]!;
      expect(document, file.name).toMatchObject({
        status: 'completed',
        error: null,
        type: file.format,
        name: file.name,
        deal_id: dealId,
        company_names: [companyName],
        url: `/api/v1/documents/${document.id}/download`,
      });
      expect(document.created_by).toBe('Ada Lovelace');
      expect(ZDocumentAnalysis.safeParse(document.analysis).success, file.name).toBe(true);
      expect(document.analysis!.page_count).toBeGreaterThan(0);
      expect(document.analysis!.engine.provider).toBe('built-in');
    }

    const [deck, docx, xlsx, xls] = documents.map((document) => document.analysis!);
    expect(deck!.document_type).toBe('pitch_deck');
    expect(deck!.content_summary).toContain('venture debt');
    expect(deck!.key_metrics.arr).toMatchObject({ value: 2_400_000, currency: 'EUR', period: 'Q3 2025' });
    expect(deck!.key_metrics.arr!.source).toMatchObject({ page: 3 });
    expect(deck!.key_metrics.arr!.source.excerpt).toContain('2.4M');
    expect(deck!.key_metrics.runway_months).toMatchObject({ value: 11, unit: 'months' });
    expect(deck!.key_metrics.runway_months!.source.page).toBe(4);
    expect(deck!.risk_flags).toContain('Runway is 11 months, under 12 months.');
    expect(docx!.key_metrics.arr).toMatchObject({ value: 2_400_000, currency: 'EUR' });
    for (const workbook of [xlsx!, xls!]) {
      expect(workbook.key_metrics.revenue).toMatchObject({
        value: 12_480_000,
        currency: 'EUR',
        period: 'FY2024',
      });
      expect(workbook.key_metrics.revenue!.source).toMatchObject({ kind: 'cell', sheet: 'P&L', cell: 'C3' });
    }

    const activity = await server.database.executeSql(
      "select kind, count(*)::int as n from deal_activity where deal_id = $1 and kind like 'document_%' group by kind order by kind",
      [dealId],
    );
    expect(activity.rows).toEqual([
      { kind: 'document_added', n: 5 },
      { kind: 'document_analysed', n: 5 },
    ]);
  }, 240_000);
});

describe('figures in another currency', () => {
  it('are converted to EUR with the configured rate, keeping what the document said', async () => {
    const bytes = makeXlsx([
      {
        name: 'P&L',
        rows: [
          ['Northwind UK Ltd - Profit and loss (£000)'],
          [null, 'FY2023', 'FY2024'],
          ['Revenue', 9_800, 12_100],
        ],
      },
    ]);
    const answer = await uploadAccepted(server.app, token, bytes, { filename: 'northwind.xlsx' });
    const analysis = (await processed(server.app, token, answer.document_id)).analysis!;
    expect(analysis.key_metrics.revenue).toMatchObject({
      value: 15_125_000,
      currency: 'EUR',
      period: 'FY2024',
      original: { value: 12_100_000, currency: 'GBP', rate: 1.25, rate_date: '2025-06-30' },
    });
    expect(analysis.key_metrics.revenue!.source).toMatchObject({ sheet: 'P&L', cell: 'C3' });
    expect(analysis.notices).toContain(
      '1 figure was converted from GBP to EUR at the configured rate of 2025-06-30; the original amounts are kept.',
    );
  }, 120_000);
});

describe('progress, result and workflow status', () => {
  it('moves through the stages in order and ends completed at 100 %', async () => {
    const pdf = await makePdf(['Quarterly report Q2 2025', 'Revenue: EUR 3.1m in Q2 2025']);
    const answer = await uploadAccepted(server.app, token, pdf, { filename: 'q2.pdf' });
    const seen: TDocumentProgress[] = [];
    await expect
      .poll(
        async () => {
          const response = await call<TDocumentProgress>(
            server.app,
            'GET',
            `/api/v1/document-processing/progress/${answer.document_id}`,
            { token },
          );
          seen.push(response.body);
          return response.body.status;
        },
        { timeout: 60_000, interval: 25 },
      )
      .toBe('completed');
    expect(seen.at(-1)).toEqual({
      document_id: answer.document_id,
      execution_id: answer.execution_id,
      status: 'completed',
      stage: 'completed',
      progress: 100,
      error: null,
    });
    const order = [
      'queued',
      'extracting',
      'classifying',
      'finding_metrics',
      'risk_flags',
      'summarising',
      'indexing',
      'completed',
    ];
    const positions = seen.map((progress) => order.indexOf(progress.stage));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const percentages = seen.map((progress) => progress.progress);
    expect(percentages).toEqual([...percentages].sort((a, b) => a - b));

    const status = await call<TWorkflowStatus>(
      server.app,
      'GET',
      `/api/v1/agents/workflows/${answer.execution_id}/status`,
      { token },
    );
    expect(status.body).toMatchObject({
      execution_id: answer.execution_id,
      workflow_type: 'document_processing',
      status: 'completed',
      stage: 'completed',
      progress: 100,
      subject_id: answer.document_id,
      error: null,
    });
    const result = await call(server.app, 'GET', `/api/v1/document-processing/result/${answer.document_id}`, {
      token,
    });
    expect(result.status).toBe(200);
    expect(ZDocumentAnalysis.parse(result.body)).toMatchObject({
      document_id: answer.document_id,
      filename: 'q2.pdf',
    });
  }, 120_000);
});

describe('content-addressed storage', () => {
  it('stores the same file once, serves it back byte for byte, and deletes it with its last document', async () => {
    const bytes = await makePdf(['Übersicht – Term sheet', 'Facility amount: EUR 5,000,000']);
    const name = 'Übersicht Q3 “final”.pdf';
    const first = await uploadAccepted(server.app, token, bytes, { filename: name });
    const second = await uploadAccepted(server.app, token, bytes, onDeal('copy.pdf'));
    expect(first.deduplicated).toBe(false);
    expect(second.deduplicated).toBe(true);
    expect(second.document_id).not.toBe(first.document_id);
    const firstDocument = await processed(server.app, token, first.document_id);
    await processed(server.app, token, second.document_id);
    const storedDirectory = path.join(server.config.dataDir, 'files');
    const blob = `${organizationId}/${firstDocument.sha256}`;
    expect(filesUnder(storedDirectory).filter((file) => file === blob)).toHaveLength(1);
    const rows = await server.database.executeSql(
      'select count(*)::int as n from stored_files where organization_id = $1 and sha256 = $2',
      [organizationId, firstDocument.sha256],
    );
    expect(rows.rows[0]).toEqual({ n: 1 });

    const response = await download(first.document_id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"]*\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(name);

    // One of two documents goes: the bytes stay for the other.
    expect(
      (await call(server.app, 'DELETE', `/api/v1/documents/${first.document_id}`, { token })).status,
    ).toBe(200);
    expect((await call(server.app, 'GET', `/api/v1/documents/${first.document_id}`, { token })).status).toBe(
      404,
    );
    expect((await download(first.document_id)).statusCode).toBe(404);
    expect(filesUnder(storedDirectory)).toContain(blob);
    expect((await download(second.document_id)).rawPayload.equals(bytes)).toBe(true);

    // The last one goes: so do the bytes and their row.
    expect(
      (await call(server.app, 'DELETE', `/api/v1/documents/${second.document_id}`, { token })).status,
    ).toBe(200);
    expect(filesUnder(storedDirectory)).not.toContain(blob);
    const after = await server.database.executeSql(
      'select count(*)::int as n from stored_files where organization_id = $1 and sha256 = $2',
      [organizationId, firstDocument.sha256],
    );
    expect(after.rows[0]).toEqual({ n: 0 });
    const deleted = await server.database.executeSql(
      "select summary from deal_activity where deal_id = $1 and kind = 'document_deleted'",
      [dealId],
    );
    expect(deleted.rows).toEqual([{ summary: 'Document deleted: copy.pdf' }]);
    expect(
      (await call(server.app, 'DELETE', `/api/v1/documents/${second.document_id}`, { token })).status,
    ).toBe(404);
  }, 120_000);
});

describe('concurrent uploads of one new file', () => {
  it('store it once: one upload creates the stored file, the other finds it', async () => {
    const bytes = makeXlsx([{ name: 'Cash', rows: [['Cash', 2_100_000]] }]);
    const answers = await Promise.all([
      uploadAccepted(server.app, token, bytes, { filename: 'a.xlsx' }),
      uploadAccepted(server.app, token, bytes, { filename: 'b.xlsx' }),
    ]);
    expect(answers.map((answer) => answer.deduplicated).sort()).toEqual([false, true]);
    const documents = await Promise.all(
      answers.map((answer) => processed(server.app, token, answer.document_id)),
    );
    expect(documents.map((document) => document.status)).toEqual(['completed', 'completed']);
    const rows = await server.database.executeSql(
      'select count(*)::int as n from stored_files where organization_id = $1 and sha256 = $2',
      [organizationId, documents[0]!.sha256],
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
    for (const answer of answers) {
      expect((await download(answer.document_id)).rawPayload.equals(bytes)).toBe(true);
    }
  }, 120_000);
});

describe('GET /documents/recent', () => {
  it('lists the newest documents as a projection with an analysis preview', async () => {
    const response = await call<TRecentDocumentsResponse>(
      server.app,
      'GET',
      '/api/v1/documents/recent?limit=3',
      {
        token,
      },
    );
    expect(response.status).toBe(200);
    const items = response.body.documents;
    expect(items).toHaveLength(3);
    const times = items.map((item) => item.created_at);
    expect(times).toEqual([...times].sort().reverse());
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(ZDocumentListItem.shape).sort());
      expect(ZDocumentListItem.safeParse(item).success).toBe(true);
    }
    const all = await call<TRecentDocumentsResponse>(server.app, 'GET', '/api/v1/documents/recent', {
      token,
    });
    const deckItem = all.body.documents.find((item) => item.name === 'acme-deck.pdf')!;
    const deck = await call<TDocument>(server.app, 'GET', `/api/v1/documents/${deckItem.id}`, { token });
    const full = deck.body.analysis!;
    const preview = deckItem.analysis!;
    expect(Object.keys(preview).sort()).toEqual(
      [
        'confidence_score',
        'content_summary',
        'document_type',
        'key_metrics',
        'risk_flag_count',
        'risk_flags',
      ].sort(),
    );
    // The first two metrics in display order, the first two flags, and how many flags there are.
    const firstTwo = KEY_METRIC_NAMES.filter((metric) => full.key_metrics[metric]).slice(0, 2);
    expect(Object.keys(preview.key_metrics).sort()).toEqual([...firstTwo].sort());
    for (const metric of firstTwo) expect(preview.key_metrics[metric]).toEqual(full.key_metrics[metric]);
    expect(preview.risk_flags).toEqual(full.risk_flags.slice(0, 2));
    expect(preview.risk_flag_count).toBe(full.risk_flags.length);
    expect(preview).toMatchObject({
      document_type: full.document_type,
      content_summary: full.content_summary,
    });
    expect(all.body.documents.length).toBeLessThanOrEqual(20);
    const tooMany = await call(server.app, 'GET', '/api/v1/documents/recent?limit=1000', { token });
    expect(tooMany.status).toBe(422);
  });
});
