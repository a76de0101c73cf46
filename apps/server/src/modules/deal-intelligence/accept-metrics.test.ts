import type {
  TAcceptMetricsResult,
  TAuthResponse,
  TCompany,
  TDeal,
  TDealUpdatesResponse,
} from '@atempo/contracts';
import { dealActivity } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal, STRONG_COMPANY } from '../deals/pipeline.fixtures.ts';
import { rescoreOrganization } from '../scoring/rescore.service.ts';
import { BOARD_REPORT, FINANCIAL_MODEL, insertDocument, TERM_SHEET } from './document-rows.fixtures.ts';

let server: TestServer;
let a: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

async function dealWithDocuments(name: string) {
  const company = await createCompany(server.app, a.access_token, { name, ...STRONG_COMPANY });
  const deal = await createDeal(server.app, a.access_token, {
    company_id: company.id,
    amount_requested: 5_000_000,
  });
  const base = {
    organizationId: a.organization.id,
    dealId: deal.id,
    companyId: company.id,
    createdBy: a.user.id,
  };
  const db = server.database.db;
  const model = await insertDocument(db, {
    ...base,
    name: 'Model FY2024.xlsx',
    format: 'xlsx',
    createdAt: new Date('2025-08-01T09:00:00Z'),
    documentType: 'financial_model',
    analysis: FINANCIAL_MODEL,
  });
  const board = await insertDocument(db, {
    ...base,
    name: 'Board pack Q2.pdf',
    createdAt: new Date('2025-07-01T09:00:00Z'),
    documentType: 'board_report',
    analysis: BOARD_REPORT,
  });
  return { company, deal, model, board };
}

const accept = (id: string, metrics: unknown, query = '', token = a.access_token) =>
  call<TAcceptMetricsResult>(server.app, 'POST', `/api/v1/documents/${id}/accept-metrics${query}`, {
    token,
    body: { metrics },
  });
const getDeal = async (id: string) =>
  (await call<TDeal>(server.app, 'GET', `/api/v1/deals/${id}`, { token: a.access_token })).body;
const getCompany = async (id: string) =>
  (await call<TCompany>(server.app, 'GET', `/api/v1/companies/${id}`, { token: a.access_token })).body;
const activity = async (dealId: string) =>
  (
    await call<TDealUpdatesResponse>(server.app, 'GET', `/api/v1/deals/${dealId}/updates`, {
      token: a.access_token,
    })
  ).body.updates;

describe('accepting extracted metrics', () => {
  it('previews old → new on a dry run and writes nothing', async () => {
    const { deal, company, model } = await dealWithDocuments('Preview Ltd');
    const before = {
      deal: await getDeal(deal.id),
      company: await getCompany(company.id),
      log: await activity(deal.id),
    };
    const response = await accept(
      model,
      ['revenue', 'net_burn', 'headcount', 'ebitda', 'mrr', 'customers'],
      '?dry_run=true',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      dry_run: true,
      deal_id: deal.id,
      company_id: company.id,
      accepted: [
        { name: 'revenue', field: 'revenue', value: 12_400_000, previous: 12_000_000 },
        { name: 'net_burn', field: 'monthly_burn', value: 400_000, previous: 400_000 },
        { name: 'headcount', field: 'employee_count', value: 118, previous: 120 },
      ],
      skipped: [
        { name: 'ebitda', reason: 'financial_metrics has no field for EBITDA' },
        { name: 'mrr', reason: 'financial_metrics has no field for MRR (accept ARR instead)' },
        { name: 'customers', reason: 'financial_metrics has no field for a customer count' },
      ],
      changes: [
        {
          name: 'revenue',
          target: 'deal',
          field: 'financial_metrics.revenue',
          previous: 12_000_000,
          value: 12_400_000,
        },
        { name: 'revenue', target: 'company', field: 'revenue', previous: 12_000_000, value: 12_400_000 },
        {
          name: 'net_burn',
          target: 'deal',
          field: 'financial_metrics.monthly_burn',
          previous: 400_000,
          value: 400_000,
        },
        {
          name: 'net_burn',
          target: 'company',
          field: 'financial_metrics.monthly_burn',
          previous: 400_000,
          value: 400_000,
        },
        {
          name: 'headcount',
          target: 'deal',
          field: 'financial_metrics.employee_count',
          previous: 120,
          value: 118,
        },
        { name: 'headcount', target: 'company', field: 'employee_count', previous: 120, value: 118 },
      ],
      notes: [
        {
          name: 'net_burn',
          note: 'Monthly burn = €4,800,000 over FY2024 ÷ 12 months = €400,000',
        },
      ],
    });
    expect(await getDeal(deal.id)).toEqual(before.deal);
    expect(await getCompany(company.id)).toEqual(before.company);
    expect(await activity(deal.id)).toEqual(before.log);
  });

  it('writes the figures onto the deal and its company, re-scores both and logs it', async () => {
    const { deal, company, model } = await dealWithDocuments('Accept Ltd');
    const response = await accept(model, [
      'revenue',
      'net_burn',
      'headcount',
      'cash',
      'gross_margin',
      'monthly_churn',
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.dry_run).toBe(false);
    expect(response.body.accepted.map((metric) => metric.name)).toEqual([
      'revenue',
      'net_burn',
      'headcount',
      'cash',
      'gross_margin',
      'monthly_churn',
    ]);

    const after = await getDeal(deal.id);
    expect(after.financial_metrics).toEqual({
      ...deal.financial_metrics,
      revenue: 12_400_000,
      monthly_burn: 400_000,
      employee_count: 118,
      cash: 9_600_000,
      gross_margin: 0.71,
      monthly_churn: 0.012,
    });
    const companyAfter = await getCompany(company.id);
    expect(companyAfter).toMatchObject({ revenue: 12_400_000, employee_count: 118 });
    expect(companyAfter.financial_metrics).toEqual({
      ...STRONG_COMPANY.financial_metrics,
      monthly_burn: 400_000,
      cash: 9_600_000,
      gross_margin: 0.71,
      monthly_churn: 0.012,
    });
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(deal.updated_at).getTime());
    // The scores moved with the figures (24 months of runway instead of 37.5)...
    expect(after.scoring_breakdown).not.toEqual(deal.scoring_breakdown);
    expect(companyAfter.last_scored_at).not.toBe(company.last_scored_at);
    // ...to exactly what a full re-score computes: it finds nothing left to change.
    const rescore = await rescoreOrganization(server.database.db, a.organization.id);
    expect(rescore.deals.changed).toBe(0);
    expect(rescore.companies.changed).toBe(0);

    const log = await activity(deal.id);
    const accepted = log.find((entry) => entry.kind === 'metrics_accepted')!;
    expect(accepted).toMatchObject({
      summary:
        'Accepted 6 figures from Model FY2024.xlsx: revenue, net burn, headcount, cash, gross margin, monthly churn',
      actor: 'Ada Lovelace',
      details: {
        document_id: model,
        document_name: 'Model FY2024.xlsx',
        changes: response.body.changes,
        notes: response.body.notes,
      },
    });
    expect((accepted.details.sources as Record<string, unknown>).cash).toEqual(
      FINANCIAL_MODEL.key_metrics.cash!.source,
    );
    // Newest first: any score change the figures caused comes after (above) the acceptance.
    const kinds = log.map((entry) => entry.kind);
    if (kinds.includes('score_changed'))
      expect(kinds.indexOf('score_changed')).toBeLessThan(kinds.indexOf('metrics_accepted'));
  });

  it('skips figures whose period, unit or currency do not fit, with the reason', async () => {
    const { deal, board } = await dealWithDocuments('Periods Ltd');
    const response = await accept(board, ['revenue', 'net_burn', 'arr', 'runway_months', 'cash']);
    expect(response.status).toBe(200);
    expect(response.body.accepted).toEqual([
      { name: 'net_burn', field: 'monthly_burn', value: 380_000, previous: 400_000 },
      { name: 'arr', field: 'arr', value: 11_000_000, previous: 12_000_000 },
      { name: 'runway_months', field: 'runway_months', value: 19, previous: null },
    ]);
    expect(response.body.skipped).toEqual([
      {
        name: 'revenue',
        reason:
          "Annual revenue = €2,900,000 in Q2 2025 × 4 = €11,600,000 (annualised run rate, not reported annual revenue); the revenue field takes a year's reported revenue",
      },
      { name: 'cash', reason: 'Not found in this document' },
    ]);
    expect(response.body.notes).toEqual([]);
    expect((await getDeal(deal.id)).financial_metrics).toMatchObject({
      monthly_burn: 380_000,
      runway_months: 19,
    });

    // A figure in another currency, with no period for a burn, or as a count where an amount is due.
    const odd = await insertDocument(server.database.db, {
      organizationId: a.organization.id,
      dealId: deal.id,
      name: 'Odd.pdf',
      createdAt: new Date('2025-09-01T00:00:00Z'),
      documentType: 'other',
      analysis: {
        ...BOARD_REPORT,
        key_metrics: {
          cash: { ...BOARD_REPORT.key_metrics.net_burn!, currency: 'GBP', period: null },
          net_burn: { ...BOARD_REPORT.key_metrics.net_burn!, period: null, months_covered: null },
          revenue: { ...BOARD_REPORT.key_metrics.net_burn!, unit: 'count', currency: null, period: '2024' },
          gross_margin: {
            ...BOARD_REPORT.key_metrics.net_burn!,
            value: 1.4,
            unit: 'fraction',
            currency: null,
          },
        },
      },
    });
    const refused = await accept(odd, ['cash', 'net_burn', 'revenue', 'gross_margin']);
    expect(refused.body.accepted).toEqual([]);
    expect(refused.body.skipped).toEqual([
      { name: 'cash', reason: 'Stated in GBP with no conversion to EUR; enter it by hand' },
      {
        name: 'net_burn',
        reason:
          'The document does not say whether €380,000 is a monthly rate or a total over a period, so no monthly burn is read from it.',
      },
      { name: 'revenue', reason: 'The document gives it as a count, and revenue takes a currency' },
      { name: 'gross_margin', reason: 'gross_margin: must be a fraction of at most 1 (0.65 means 65%)' },
    ]);
    expect((await activity(deal.id)).filter((entry) => entry.kind === 'metrics_accepted')).toHaveLength(1);
  });

  it('never writes a projection as an actual', async () => {
    const { deal } = await dealWithDocuments('Forecast Ltd');
    const deck = await insertDocument(server.database.db, {
      organizationId: a.organization.id,
      dealId: deal.id,
      name: 'Deck.pdf',
      createdAt: new Date('2025-09-02T00:00:00Z'),
      documentType: 'pitch_deck',
      analysis: {
        ...BOARD_REPORT,
        key_metrics: {
          arr: { ...BOARD_REPORT.key_metrics.arr!, value: 9_000_000, period: '2027', kind: 'projection' },
        },
      },
    });
    const response = await accept(deck, ['arr']);
    expect(response.status).toBe(200);
    expect(response.body.accepted).toEqual([]);
    expect(response.body.skipped).toEqual([
      { name: 'arr', reason: 'The document gives it as a projection (2027), not an actual' },
    ]);
    expect((await getDeal(deal.id)).financial_metrics?.arr).not.toBe(9_000_000);
  });

  it("writes only a year's revenue: a month's is a run rate, and one of unknown months is not read", async () => {
    const { deal } = await dealWithDocuments('Run Rate Ltd');
    const revenueDocument = (name: string, revenue: object) =>
      insertDocument(server.database.db, {
        organizationId: a.organization.id,
        dealId: deal.id,
        name,
        createdAt: new Date('2025-09-01T00:00:00Z'),
        documentType: 'financial_model',
        analysis: {
          ...FINANCIAL_MODEL,
          key_metrics: { revenue: { ...FINANCIAL_MODEL.key_metrics.revenue!, ...revenue } },
        },
      });
    const monthly = await revenueDocument('Management accounts March.xlsx', {
      value: 1_050_000,
      period: '2025-03',
      months_covered: 1,
    });
    const unknown = await revenueDocument('Update.pdf', {
      value: 1_050_000,
      period: null,
      months_covered: null,
    });
    const before = await getDeal(deal.id);
    expect((await accept(monthly, ['revenue'])).body).toMatchObject({
      accepted: [],
      skipped: [
        {
          name: 'revenue',
          reason:
            "Annual revenue = €1,050,000 in 2025-03 × 12 = €12,600,000 (annualised run rate, not reported annual revenue); the revenue field takes a year's reported revenue",
        },
      ],
    });
    expect((await accept(unknown, ['revenue'])).body.skipped).toEqual([
      {
        name: 'revenue',
        reason:
          'The document does not say how many months the revenue of €1,050,000 covers, so no annual revenue is read from it.',
      },
    ]);
    expect((await getDeal(deal.id)).financial_metrics).toEqual(before.financial_metrics);
  });

  it('writes onto the company alone for a document without a deal, and refuses an unlinked one', async () => {
    const company = await createCompany(server.app, a.access_token, { name: 'Solo Ltd', ...STRONG_COMPANY });
    const db = server.database.db;
    const terms = await insertDocument(db, {
      organizationId: a.organization.id,
      companyId: company.id,
      name: 'Solo terms.pdf',
      createdAt: new Date('2025-09-01T00:00:00Z'),
      documentType: 'term_sheet',
      analysis: TERM_SHEET,
    });
    const response = await accept(terms, ['last_round']);
    expect(response.body).toMatchObject({
      deal_id: null,
      company_id: company.id,
      accepted: [{ name: 'last_round', field: 'last_round_amount', value: 27_600_000, previous: null }],
      changes: [{ target: 'company', field: 'last_funding_amount', previous: null, value: 27_600_000 }],
    });
    expect((await getCompany(company.id)).last_funding_amount).toBe(27_600_000);

    const unlinked = await insertDocument(db, {
      organizationId: a.organization.id,
      name: 'Loose.pdf',
      createdAt: new Date('2025-09-01T00:00:00Z'),
      documentType: 'term_sheet',
      analysis: TERM_SHEET,
    });
    const refused = await accept(unlinked, ['last_round']);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DOCUMENT_NOT_LINKED' });
  });

  it('lets a member accept, as a member may edit deals (decision 003)', async () => {
    const { deal, model } = await dealWithDocuments('Member Ltd');
    const member = await addMember(server.app, a);
    const response = await accept(model, ['arr'], '', member.access_token);
    expect(response.status).toBe(200);
    expect((await getDeal(deal.id)).financial_metrics.arr).toBe(13_200_000);
    expect((await activity(deal.id))[0]).toMatchObject({ kind: 'metrics_accepted', actor: 'Grace Hopper' });
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const { deal, model } = await dealWithDocuments('Bad Input Ltd');
    const processing = await insertDocument(server.database.db, {
      organizationId: a.organization.id,
      dealId: deal.id,
      name: 'Slow.pdf',
      createdAt: new Date('2025-09-01T00:00:00Z'),
      status: 'processing',
    });
    const failed = await insertDocument(server.database.db, {
      organizationId: a.organization.id,
      dealId: deal.id,
      name: 'Broken.pdf',
      createdAt: new Date('2025-09-01T00:00:00Z'),
      status: 'failed',
      error: 'Analysis failed: Broken.pdf ends before its first page',
    });
    const before = await getDeal(deal.id);
    const cases: [string, unknown, string, number][] = [
      [model, [], '', 422],
      [model, ['profit'], '', 422],
      [model, 'revenue', '', 422],
      [model, ['revenue'], '?dry_run=maybe', 422],
      [processing, ['revenue'], '', 409],
      [failed, ['revenue'], '', 422],
      ['00000000-0000-4000-8000-000000000000', ['revenue'], '', 404],
    ];
    for (const [id, metrics, query, status] of cases) {
      const response = await accept(id, metrics, query);
      expect(response.status, JSON.stringify([metrics, query, response.body])).toBe(status);
      expect(response.body.code).toBeTypeOf('string');
      expect(response.body.detail).toBeTypeOf('string');
    }
    expect(await getDeal(deal.id)).toEqual(before);
    const rows = await server.database.db.select().from(dealActivity).where(eq(dealActivity.dealId, deal.id));
    expect(rows.map((row) => row.kind)).toEqual(['deal_created']);
  });
});
