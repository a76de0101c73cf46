import type { TAuthResponse, TIcMemo } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import {
  BOARD_REPORT,
  FINANCIAL_MODEL,
  insertDocument,
} from '../deal-intelligence/document-rows.fixtures.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { gatherIcMemoFacts } from './ic-memo-facts.ts';

/**
 * The net burn an IC memo states: a document's year total divided into months with the division
 * shown in its footnote, a monthly rate as stated, and no burn at all from a figure whose basis
 * the document does not give. Real database, documents as the pipeline stores their analysis.
 */

let server: TestServer;
let org: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
}, 120_000);
afterAll(async () => server?.close());

/** A deal of a company with no recorded figures, and one analysed document. */
async function dealWithDocument(name: string, analysis: typeof FINANCIAL_MODEL, fileName: string) {
  const company = await createCompany(server.app, org.access_token, { name });
  const deal = await createDeal(server.app, org.access_token, {
    company_id: company.id,
    amount_requested: 3_000_000,
  });
  await insertDocument(server.database.db, {
    organizationId: org.organization.id,
    dealId: deal.id,
    name: fileName,
    createdAt: new Date('2025-08-01T09:00:00Z'),
    documentType: 'financial_model',
    analysis,
  });
  return deal.id;
}

const factsOf = (dealId: string) =>
  gatherIcMemoFacts(
    { db: server.database.db, organizationId: org.organization.id, userId: org.user.id, now: new Date() },
    dealId,
  );

describe('the net burn of an IC memo', () => {
  it("divides a year's burn into months, showing the division where it cites the document", async () => {
    const dealId = await dealWithDocument('Lumen Robotics', FINANCIAL_MODEL, 'Model FY2024.xlsx');
    const facts = await factsOf(dealId);
    const burn = facts.metrics.find((metric) => metric.name === 'monthly_burn');
    expect(burn).toMatchObject({
      label: 'Net burn',
      value: 400_000,
      period: 'per month (FY2024 ÷ 12)',
      citation: {
        source: 'Model FY2024.xlsx, Cash!D9',
        content_excerpt:
          'Net cash burn | (4,800,000) (Monthly burn = €4,800,000 over FY2024 ÷ 12 months = €400,000)',
      },
    });
    // Cash €9,600,000 ÷ €400,000 a month = 24 months (at €4.8M a month it would be 2).
    expect(facts.calculations.runway?.months).toBe(24);

    const memo = await call<TIcMemo>(server.app, 'POST', '/api/v1/ic-preparation/generate', {
      token: org.access_token,
      body: { deal_id: dealId },
    });
    expect(memo.status, JSON.stringify(memo.body)).toBe(201);
    expect(memo.body.formatted_markdown).toMatch(
      /\| Net burn \| €400,000\[\^\d+\] \| per month \(FY2024 ÷ 12\) \|/,
    );
    expect(memo.body.formatted_markdown).toContain(
      'Model FY2024.xlsx, Cash!D9 — "Net cash burn | (4,800,000) (Monthly burn = €4,800,000 over FY2024 ÷ 12 months = €400,000)"',
    );
  }, 60_000);

  it('states a monthly rate as the document does', async () => {
    const dealId = await dealWithDocument('Board Co', BOARD_REPORT, 'Board pack Q2.pdf');
    const burn = (await factsOf(dealId)).metrics.find((metric) => metric.name === 'monthly_burn');
    expect(burn).toMatchObject({
      value: 380_000,
      period: 'monthly',
      citation: { source: 'Board pack Q2.pdf, page 5', content_excerpt: 'Net burn of €380k per month' },
    });
  });

  it('leaves out a burn the document gives no basis for', async () => {
    const vague = {
      ...BOARD_REPORT,
      key_metrics: {
        ...BOARD_REPORT.key_metrics,
        // As read before the basis was recorded: "Q2 2025" could be a quarter's total or a month's rate.
        net_burn: { ...BOARD_REPORT.key_metrics.net_burn!, period: 'Q2 2025', months_covered: undefined },
      },
    };
    const dealId = await dealWithDocument('Vague Co', vague, 'Board pack.pdf');
    const facts = await factsOf(dealId);
    expect(facts.metrics.map((metric) => metric.name)).not.toContain('monthly_burn');
    expect(facts.metrics.map((metric) => metric.name)).not.toContain('net_burn');
  });
});

describe('the revenue of an IC memo', () => {
  /** A deal of a company with no recorded figures, and several analysed documents, oldest first. */
  async function dealWithDocuments(
    name: string,
    documents: { name: string; analysis: typeof FINANCIAL_MODEL }[],
  ) {
    const company = await createCompany(server.app, org.access_token, { name });
    const deal = await createDeal(server.app, org.access_token, {
      company_id: company.id,
      amount_requested: 3_000_000,
    });
    for (const [index, document] of documents.entries()) {
      await insertDocument(server.database.db, {
        organizationId: org.organization.id,
        dealId: deal.id,
        name: document.name,
        createdAt: new Date(Date.UTC(2025, 6 + index, 1)),
        documentType: 'board_report',
        analysis: document.analysis,
      });
    }
    return deal.id;
  }
  const withMetrics = (key_metrics: typeof FINANCIAL_MODEL.key_metrics) => ({ ...BOARD_REPORT, key_metrics });
  const revenueOf = async (dealId: string) =>
    (await factsOf(dealId)).metrics.find((metric) => metric.name === 'revenue');

  it("states a year's revenue as the document does", async () => {
    const dealId = await dealWithDocuments('Year Co', [
      { name: 'Model FY2024.xlsx', analysis: FINANCIAL_MODEL },
    ]);
    const revenue = await revenueOf(dealId);
    expect(revenue).toMatchObject({
      value: 12_400_000,
      period: 'FY2024',
      citation: { content_excerpt: 'Total revenue | 12,400,000' },
    });
    expect(revenue?.run_rate).toBeUndefined();
  });

  it("gives a quarterly board pack's revenue as its annualised run rate, so labelled, with the working", async () => {
    const dealId = await dealWithDocuments('Quarter Co', [
      { name: 'Board pack Q2.pdf', analysis: withMetrics({ revenue: BOARD_REPORT.key_metrics.revenue! }) },
    ]);
    const facts = await factsOf(dealId);
    expect(facts.metrics.find((metric) => metric.name === 'revenue')).toEqual({
      name: 'revenue',
      label: 'Revenue',
      value: 11_600_000,
      unit: 'currency',
      period: 'annualised run rate: Q2 2025 × 4',
      run_rate: true,
      // The deal record holds no revenue: the memo says the figure is the document's alone.
      not_yet_accepted: true,
      citation: expect.objectContaining({
        source: 'Board pack Q2.pdf, page 3',
        content_excerpt:
          'Revenue for the quarter was €2.9m (Annual revenue = €2,900,000 in Q2 2025 × 4 = €11,600,000 (annualised run rate, not reported annual revenue))',
      }),
    });

    const memo = await call<TIcMemo>(server.app, 'POST', '/api/v1/ic-preparation/generate', {
      token: org.access_token,
      body: { deal_id: dealId },
    });
    expect(memo.status, JSON.stringify(memo.body)).toBe(201);
    expect(memo.body.formatted_markdown).toMatch(
      /\| Revenue \| €11,600,000\[\^\d+\] \| annualised run rate: Q2 2025 × 4 \|/,
    );
    expect(memo.body.formatted_markdown).toMatch(
      /Revenue €11,600,000\[\^\d+\] \(annualised run rate: Q2 2025 × 4\)/,
    );
    expect(memo.body.formatted_markdown).toContain(
      'Board pack Q2.pdf, page 3 — "Revenue for the quarter was €2.9m (Annual revenue = €2,900,000 in Q2 2025 × 4 = €11,600,000 (annualised run rate, not reported annual revenue))"',
    );
  }, 60_000);

  it("takes a year's reported revenue from an older document before a newer quarter's run rate", async () => {
    const dealId = await dealWithDocuments('Both Co', [
      { name: 'Model FY2024.xlsx', analysis: FINANCIAL_MODEL },
      { name: 'Board pack Q2.pdf', analysis: BOARD_REPORT },
    ]);
    expect(await revenueOf(dealId)).toMatchObject({ value: 12_400_000, period: 'FY2024' });
  });

  it("annualises a monthly management account's revenue column × 12", async () => {
    const month = {
      ...FINANCIAL_MODEL.key_metrics.revenue!,
      value: 1_050_000,
      period: '2025-03',
      months_covered: 1,
    };
    const dealId = await dealWithDocuments('Month Co', [
      { name: 'Management accounts.xlsx', analysis: withMetrics({ revenue: month }) },
    ]);
    expect(await revenueOf(dealId)).toMatchObject({
      value: 12_600_000,
      period: 'annualised run rate: 2025-03 × 12',
      run_rate: true,
    });
  });

  it('states MRR as the document does, and ARR = MRR × 12 as a run rate cited to the MRR', async () => {
    const mrr = {
      value: 400_000,
      unit: 'currency' as const,
      currency: 'EUR',
      period: 'monthly',
      months_covered: 1,
      source: { kind: 'page' as const, page: 2, label: 'page 2', excerpt: 'MRR of €400k' },
    };
    const dealId = await dealWithDocuments('Recurring Co', [
      { name: 'Deck.pdf', analysis: withMetrics({ mrr }) },
    ]);
    const facts = await factsOf(dealId);
    expect(facts.metrics.find((metric) => metric.name === 'mrr')).toMatchObject({
      value: 400_000,
      period: 'monthly',
    });
    expect(facts.metrics.find((metric) => metric.name === 'arr')).toMatchObject({
      label: 'ARR',
      value: 4_800_000,
      period: 'annualised run rate: MRR × 12',
      run_rate: true,
      citation: {
        source: 'Deck.pdf, page 2',
        content_excerpt:
          'MRR of €400k (ARR = MRR of €400,000 × 12 = €4,800,000 (annualised run rate, not reported annual revenue))',
      },
    });
  });

  it('leaves out a revenue whose months the document does not state', async () => {
    const vague = { ...BOARD_REPORT.key_metrics.revenue!, period: null, months_covered: null };
    const dealId = await dealWithDocuments('Unknown Co', [
      { name: 'Update.pdf', analysis: withMetrics({ revenue: vague }) },
    ]);
    expect(await revenueOf(dealId)).toBeUndefined();
  });
});
