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
