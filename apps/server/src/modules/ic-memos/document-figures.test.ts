import type { TAuthResponse, TDeal, TIcMemo, TKeyMetric } from '@atempo/contracts';
import { ZIcPackage } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { BOARD_REPORT, insertDocument } from '../deal-intelligence/document-rows.fixtures.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { gatherIcMemoFacts } from './ic-memo-facts.ts';
import { unsourcedFigures } from './ic-memos.fixtures.ts';

/**
 * Issue 18 §2 and §4: the memo and the IC package use every figure the deal's documents cite,
 * say "from the document, not yet accepted" for those the deal record does not hold, never call
 * present data missing, and say which figures are missing and where they were looked for.
 */

let server: TestServer;
let org: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
}, 120_000);
afterAll(async () => server?.close());

const page = (n: number, excerpt: string) => ({
  kind: 'page' as const,
  page: n,
  label: `page ${n}`,
  excerpt,
});
const euro = (value: number, period: string, months: number, source: TKeyMetric['source']): TKeyMetric => ({
  value,
  unit: 'currency',
  currency: 'EUR',
  period,
  months_covered: months,
  source,
});

/** A seed deck's figures: MRR for March 2025, a monthly burn and cash, nothing else. */
const DECK = {
  ...BOARD_REPORT,
  key_metrics: {
    mrr: euro(50_000, 'March 2025', 1, page(4, 'MRR €50k (March 2025)')),
    net_burn: euro(120_000, 'monthly', 1, page(7, 'Monthly burn €120k')),
    cash: euro(1_800_000, 'March 2025', 1, page(7, 'Cash in bank €1.8M')),
  },
  risk_flags: [],
  risk_flag_details: [],
};

async function startupDeal(name: string) {
  const company = await createCompany(server.app, org.access_token, { name });
  return createDeal(server.app, org.access_token, { company_id: company.id, amount_requested: 1_000_000 });
}

async function withDeck(deal: TDeal, analysis: typeof BOARD_REPORT = DECK, fileName = 'Seed deck.pdf') {
  return insertDocument(server.database.db, {
    organizationId: org.organization.id,
    dealId: deal.id,
    companyId: deal.company_id,
    name: fileName,
    createdAt: new Date('2025-04-01T09:00:00Z'),
    documentType: 'pitch_deck',
    analysis,
  });
}

const factsOf = (dealId: string) =>
  gatherIcMemoFacts(
    { db: server.database.db, organizationId: org.organization.id, userId: org.user.id, now: new Date() },
    dealId,
  );
const memoOf = async (dealId: string, checkSources = false) => {
  const memo = await call<TIcMemo>(server.app, 'POST', '/api/v1/ic-preparation/generate', {
    token: org.access_token,
    body: { deal_id: dealId },
  });
  expect(memo.status, JSON.stringify(memo.body)).toBe(201);
  // Every figure the memo states is in the source its footnote cites, the documents' included.
  // (Not asked of ARR worked out from MRR: the checker reads the document, not the working.)
  if (checkSources) expect(await unsourcedFigures(server.app, org.access_token, memo.body)).toEqual([]);
  return memo.body.formatted_markdown;
};
const packageOf = async (dealId: string) => {
  const response = await call(server.app, 'POST', '/api/v1/smolagent-ic-preparation/generate', {
    token: org.access_token,
    body: { deal_id: dealId },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return ZIcPackage.parse(response.body);
};

describe('a deal whose document is analysed but not accepted', () => {
  it('cites each document figure, marked "from the document, not yet accepted", with the page', async () => {
    const deal = await startupDeal('Seedling Labs');
    await withDeck(deal);
    const facts = await factsOf(deal.id);
    const byName = Object.fromEntries(facts.metrics.map((metric) => [metric.name, metric]));
    expect(byName.mrr).toMatchObject({ value: 50_000, not_yet_accepted: true });
    expect(byName.arr).toMatchObject({ value: 600_000, run_rate: true, not_yet_accepted: true });
    expect(byName.monthly_burn).toMatchObject({ value: 120_000, not_yet_accepted: true });
    expect(byName.cash?.citation.source).toBe('Seed deck.pdf, page 7');

    const markdown = await memoOf(deal.id);
    expect(markdown).toMatch(
      /\| Cash \| €1,800,000\[\^\d+\] \| March 2025 \| from the document, not yet accepted \|/,
    );
    expect(markdown).toContain('Seed deck.pdf, page 7 — "Cash in bank €1.8M"');
    // The scoring engine flagged revenue, cash and burn missing from the record: the memo says
    // the documents state them instead of calling them missing.
    expect(markdown).not.toContain('Key financial data is missing');
    expect(markdown).not.toMatch(/revenue or ARR[^.]*not in the deal record/);
  }, 60_000);

  it('gives the package its revenue, burn, cash and runway, and says that growth is missing and why', async () => {
    const deal = await startupDeal('Sprout Analytics');
    await withDeck(deal);
    const pack = await packageOf(deal.id);
    const { revenue_forecast: forecast, debt_capacity: capacity } = pack.financial_analysis;
    expect(forecast).toMatchObject({
      next_12_months: null,
      revenue: { name: 'arr', value: 600_000, source: 'Seed deck.pdf, page 4', not_yet_accepted: true },
      growth: null,
      missing: ['revenue growth: not in the deal record or its analysed document'],
    });
    expect(forecast?.basis).toContain('ARR €600,000');
    expect(capacity).toMatchObject({
      monthly_burn: { value: 120_000, not_yet_accepted: true },
      cash: { value: 1_800_000, not_yet_accepted: true },
      runway_months: { value: 15, not_yet_accepted: true },
    });
    expect(capacity?.missing).not.toContainEqual(expect.stringMatching(/^(cash|monthly burn)/));
  }, 60_000);
});

describe('a deal whose document figures were accepted', () => {
  it('no longer marks them, and keeps marking the ones not accepted', async () => {
    const deal = await startupDeal('Accepted Robotics');
    const documentId = await withDeck(deal);
    const accepted = await call(server.app, 'POST', `/api/v1/documents/${documentId}/accept-metrics`, {
      token: org.access_token,
      body: { metrics: ['net_burn', 'cash'] },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const facts = await factsOf(deal.id);
    const byName = Object.fromEntries(facts.metrics.map((metric) => [metric.name, metric]));
    expect(byName.cash?.not_yet_accepted).toBeUndefined();
    expect(byName.monthly_burn?.not_yet_accepted).toBeUndefined();
    expect(byName.mrr?.not_yet_accepted).toBe(true);
    const markdown = await memoOf(deal.id);
    expect(markdown).toMatch(/\| Cash \| €1,800,000\[\^\d+\] \| March 2025 \| accepted \|/);
    expect(markdown).toMatch(
      /\| MRR \| €50,000\[\^\d+\] \| March 2025 \| from the document, not yet accepted \|/,
    );
    const pack = await packageOf(deal.id);
    expect(pack.financial_analysis.debt_capacity?.cash).toMatchObject({
      value: 1_800_000,
      not_yet_accepted: false,
    });
  }, 60_000);
});

describe('a deal with no documents', () => {
  it('says which figures are missing and that no document was uploaded, instead of null', async () => {
    const deal = await startupDeal('Empty Ventures');
    const pack = await packageOf(deal.id);
    expect(pack.financial_analysis.revenue_forecast).toMatchObject({
      next_12_months: null,
      revenue: null,
      missing: [
        'revenue (revenue, ARR or MRR): not in the deal record (no documents are uploaded)',
        'revenue growth: not in the deal record (no documents are uploaded)',
      ],
    });
    expect(pack.financial_analysis.debt_capacity?.missing).toEqual(
      expect.arrayContaining([
        'monthly burn: not in the deal record (no documents are uploaded)',
        'cash: not in the deal record (no documents are uploaded)',
      ]),
    );
    const markdown = await memoOf(deal.id);
    expect(markdown).toContain('are not recorded: not in the deal record or in any document (none uploaded)');
  }, 60_000);
});

describe('figures that disagree, and a document about another company', () => {
  it('keeps every reading with the reason it is not the one used, and leaves the other company out', async () => {
    const deal = await startupDeal('Twofold Systems');
    const { mrr: _mrr, ...withoutMrr } = DECK.key_metrics;
    await withDeck(deal, { ...DECK, key_metrics: withoutMrr });
    const board = {
      ...DECK,
      key_metrics: {
        cash: euro(2_400_000, 'June 2025', 1, page(2, 'Cash €2.4M at 30 June')),
        // "Q2" could be a quarter's total or a month's rate: not taken as the monthly burn, but cited.
        net_burn: { ...euro(300_000, 'Q2 2025', 1, page(3, 'Burn €300k in Q2')), months_covered: null },
      },
    };
    await insertDocument(server.database.db, {
      organizationId: org.organization.id,
      dealId: deal.id,
      name: 'Board pack June.pdf',
      createdAt: new Date('2025-07-01T09:00:00Z'),
      documentType: 'board_report',
      analysis: board,
    });
    const otherCompany = {
      ...DECK,
      key_metrics: { revenue: euro(16_900_000_000, 'FY2021', 12, page(40, 'Total revenue 16,900')) },
      other_company: {
        name: 'Costco Wholesale Corporation',
        expected_company: 'Twofold Systems',
        message: 'This document appears to be about Costco Wholesale Corporation, not Twofold Systems.',
        source: page(
          1,
          'Costco Wholesale Corporation (Exact name of registrant as specified in its charter)',
        ),
      },
    };
    await insertDocument(server.database.db, {
      organizationId: org.organization.id,
      dealId: deal.id,
      name: 'annual-report.pdf',
      createdAt: new Date('2025-08-01T09:00:00Z'),
      documentType: 'annual_report',
      analysis: otherCompany,
    });

    const facts = await factsOf(deal.id);
    expect(facts.metrics.find((metric) => metric.name === 'revenue')).toBeUndefined();
    const cashReadings = facts.other_readings.filter((reading) => reading.name === 'cash');
    expect(cashReadings).toHaveLength(1);
    expect(cashReadings[0]?.reason).toBe('it differs from the figure the memo uses (in the table above)');
    const vagueBurn = facts.other_readings.find(
      (reading) => reading.citation.source === 'Board pack June.pdf, page 3',
    );
    expect(vagueBurn?.reason).toContain('not taken as the monthly burn');

    const markdown = await memoOf(deal.id, true);
    expect(markdown).toContain('Other figures in the documents and the record:');
    expect(markdown).toContain('Board pack June.pdf, page 3 — "Burn €300k in Q2"');
    expect(markdown).toContain(
      'annual-report.pdf: This document appears to be about Costco Wholesale Corporation, not Twofold Systems. Its figures are left out of this memo.',
    );
    expect(markdown).not.toContain('16,900,000,000');
  }, 60_000);
});

describe("a deck's projections", () => {
  it('are quoted as projections with their period, never as the memo figure or a calculation input', async () => {
    const deal = await startupDeal('Forecast Robotics');
    const arrTarget: TKeyMetric = {
      ...euro(10_000_000, '2027', 12, page(9, 'ARR 2027: €10M')),
      kind: 'projection',
    };
    await withDeck(deal, { ...DECK, key_metrics: { arr: arrTarget, cash: DECK.key_metrics.cash } });

    const facts = await factsOf(deal.id);
    expect(facts.metrics.find((metric) => metric.name === 'arr')).toBeUndefined();
    const reading = facts.other_readings.find((other) => other.name === 'arr');
    expect(reading?.value).toBe(10_000_000);
    expect(reading?.reason).toBe('the document gives it as a projection (2027), not an actual');
    expect(facts.metrics.find((metric) => metric.name === 'cash')?.value).toBe(1_800_000);

    const answer = await call<{ answer: string }>(server.app, 'POST', '/api/v1/llm-chat/query', {
      token: org.access_token,
      body: { query: 'What is the ARR of Forecast Robotics?' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.answer).toContain('(a projection, not an actual)');
  }, 60_000);
});
