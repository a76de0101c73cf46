import type { TBenchmarksResponse, TKeyMetric } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../test/server.ts';
import { createCompany, createDeal } from '../../deals/pipeline.fixtures.ts';
import {
  insertAnalysedDocument,
  type ResearchOrganisation,
  seedResearchOrganisation,
} from '../research.fixtures.ts';

/**
 * Benchmarks through the API: the portfolio quartiles are the company's sector's (thesis sector
 * matching) or, when fewer than four companies share it, the whole portfolio's, and the response
 * says which; a document's burn enters the burn multiple as the monthly burn it states or gives.
 */

let server: TestServer;
let org: ResearchOrganisation;

beforeAll(async () => {
  server = await startTestServer();
  org = await seedResearchOrganisation(server.app, server.database.db);
  // Three companies in fintech by name or alias, with low margins: not B2B SaaS peers of Acme.
  for (const [name, industry, margin] of [
    ['Coin Ltd', 'Fintech', 0.2],
    ['Paylane Ltd', 'Payments', 0.25],
    ['Ledgerly Ltd', 'FinTech', 0.3],
  ] as const) {
    await createCompany(server.app, org.token, {
      name,
      industry,
      financial_metrics: { gross_margin: margin },
    });
  }
}, 120_000);
afterAll(async () => server?.close());

async function benchmarksOf(id: string, query = ''): Promise<TBenchmarksResponse> {
  const response = await call<TBenchmarksResponse>(
    server.app,
    'GET',
    `/api/v1/agents/research/${id}/benchmarks${query}`,
    { token: org.token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const grossMargin = (body: TBenchmarksResponse) => body.metrics.find((row) => row.metric === 'gross_margin');

describe('the portfolio a company is benchmarked against', () => {
  it("is its sector's companies, given or recorded, when four or more share it", async () => {
    // Acme's own industry (B2B SaaS) when no sector is given: the four SaaS peers, not the fintechs.
    for (const query of ['', '?sector=B2B%20SaaS', '?sector=SaaS']) {
      const body = await benchmarksOf(org.acmeDeal.id, query);
      expect(body.portfolio_size, query).toBe(4);
      // Peers 0.5, 0.6, 0.7, 0.8 (the fintechs' 0.2–0.3 are left out).
      expect(grossMargin(body)?.portfolio).toEqual({ count: 4, p25: 0.575, median: 0.65, p75: 0.725 });
    }
    const body = await benchmarksOf(org.acmeDeal.id);
    expect(body).toMatchObject({ sector: 'B2B SaaS', portfolio_sector: 'B2B SaaS' });
    expect(body.portfolio_note).toBe(
      'Portfolio quartiles are over the 4 other companies in B2B SaaS (same sector by name, alias or thesis focus area).',
    );
  });

  it('falls back to the whole portfolio when fewer than four share the sector, and says so', async () => {
    const body = await benchmarksOf(org.acmeDeal.id, '?sector=Fintech');
    expect(body).toMatchObject({ sector: 'Fintech', portfolio_sector: null, portfolio_size: 7 });
    expect(body.portfolio_note).toBe(
      'Only 3 other companies are in Fintech, fewer than 4, so the portfolio quartiles are over the whole portfolio: the 7 other companies the organisation tracks.',
    );
    // 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.8: p25 at 1.5 → 0.275, median 0.5, p75 at 4.5 → 0.65.
    expect(grossMargin(body)?.portfolio).toEqual({ count: 7, p25: 0.275, median: 0.5, p75: 0.65 });

    // A fourth fintech (Insurtech is one by alias) makes the sector enough on its own.
    await createCompany(server.app, org.token, {
      name: 'Cover Ltd',
      industry: 'Insurtech',
      financial_metrics: { gross_margin: 0.35 },
    });
    const fintech = await benchmarksOf(org.acmeDeal.id, '?sector=Fintech');
    expect(fintech).toMatchObject({ portfolio_sector: 'Fintech', portfolio_size: 4 });
    // 0.2, 0.25, 0.3, 0.35.
    expect(grossMargin(fintech)?.portfolio).toEqual({ count: 4, p25: 0.2375, median: 0.275, p75: 0.3125 });
  });

  it('is the whole portfolio for a company with no sector', async () => {
    const bare = await createCompany(server.app, org.token, {
      name: 'Sectorless Ltd',
      financial_metrics: { gross_margin: 0.9 },
    });
    const deal = await createDeal(server.app, org.token, {
      company_id: bare.id,
      amount_requested: 1_000_000,
    });
    const body = await benchmarksOf(deal.id);
    expect(body).toMatchObject({ sector: null, portfolio_sector: null });
    expect(body.portfolio_size).toBeGreaterThanOrEqual(8);
    expect(body.portfolio_note).toMatch(
      /^No sector is given or recorded for the company, so the portfolio quartiles are over the whole portfolio: the \d+ other companies the organisation tracks\.$/,
    );
  });
});

describe('the burn multiple from a document burn', () => {
  const burn = (value: number, period: string | null, months: number | null | undefined, excerpt: string) =>
    ({
      value,
      unit: 'currency',
      currency: 'EUR',
      period,
      ...(months !== undefined ? { months_covered: months } : {}),
      source: { kind: 'cell', sheet: 'Cash', cell: 'D9', label: 'Cash!D9', excerpt },
    }) satisfies TKeyMetric;

  /** A company with ARR 8.4M growing 60% (net new ARR 8.4M × 0.6 ÷ 1.6 = 3.15M) and one document's burn. */
  async function companyWithBurn(name: string, netBurn: TKeyMetric) {
    const company = await createCompany(server.app, org.token, {
      name,
      industry: 'B2B SaaS',
      revenue_growth: 0.6,
      financial_metrics: { arr: 8_400_000 },
    });
    const deal = await createDeal(server.app, org.token, {
      company_id: company.id,
      amount_requested: 2_000_000,
    });
    await insertAnalysedDocument(server.database.db, org.organizationId, {
      deal_id: deal.id,
      company_id: null,
      name: `${name} model.xlsx`,
      summary: `${name} financial model.`,
      key_metrics: { net_burn: netBurn },
    });
    const body = await benchmarksOf(deal.id);
    return body.metrics.find((row) => row.metric === 'burn_multiple')!;
  }

  it("divides a year's net cash burn into months: 4,800,000 ÷ 3,150,000, not twelve times it", async () => {
    const row = await companyWithBurn(
      'Annual Burn Ltd',
      burn(4_800_000, 'FY2024', 12, 'Net cash burn | (4,800,000)'),
    );
    // 400,000 × 12 = 4,800,000 ÷ 3,150,000 = 1.52 (read as monthly it would be 18.29).
    expect(row.company_value).toBe(1.52);
    expect(row.company_source?.name).toBe(
      'Calculation: burn multiple from Annual Burn Ltd model.xlsx, Cash!D9; Annual Burn Ltd',
    );
    expect(row.company_source?.excerpt).toContain(
      'Monthly burn = €4,800,000 over FY2024 ÷ 12 months = €400,000 Burn multiple = annual net burn ÷ net new ARR',
    );
    expect(row.company_source?.excerpt).toContain('Annual net burn = €400,000 × 12 = €4,800,000');
  });

  it('keeps a monthly rate stated on a line that names a quarter', async () => {
    const row = await companyWithBurn(
      'Monthly Burn Ltd',
      burn(380_000, 'Q2 2025', 1, 'Net burn of €380k per month in Q2 2025'),
    );
    // 380,000 × 12 = 4,560,000 ÷ 3,150,000 ≈ 1.45.
    expect(row.company_value).toBe(1.45);
    expect(row.company_source?.excerpt).toContain('Monthly burn = €380,000, stated per month (Q2 2025)');
  });

  it("divides a quarter's burn by three", async () => {
    const row = await companyWithBurn(
      'Quarter Burn Ltd',
      burn(1_140_000, 'Q2 2025', 3, 'Q2 net burn €1.14M'),
    );
    expect(row.company_value).toBe(1.45);
    expect(row.company_source?.excerpt).toContain(
      'Monthly burn = €1,140,000 over Q2 2025 ÷ 3 months = €380,000',
    );
  });

  it('gives no burn multiple from a burn the document gives no basis for', async () => {
    const unknown = await companyWithBurn('Vague Burn Ltd', burn(380_000, null, null, 'Net burn: €380k'));
    expect(unknown).toMatchObject({ company_value: null, company_value_text: 'not in the data' });
    // Read before the basis was recorded, "Q2 2025" may be a quarter's total or a month's rate.
    const older = await companyWithBurn(
      'Older Burn Ltd',
      burn(380_000, 'Q2 2025', undefined, 'Net burn €380k'),
    );
    expect(older.company_value).toBeNull();
  });
});

describe('the revenue of a company from its documents', () => {
  const figure = (value: number, period: string | null, months: number | null, excerpt: string) =>
    ({
      value,
      unit: 'currency',
      currency: 'EUR',
      period,
      months_covered: months,
      source: { kind: 'page', page: 3, label: 'page 3', excerpt },
    }) satisfies TKeyMetric;
  /** €380k a month of net burn: €4,560,000 a year. */
  const monthlyBurn = figure(380_000, 'monthly', 1, 'Net burn of €380k per month');

  /** A company growing 60% with no recorded revenue, and one board pack's figures. */
  async function companyWith(name: string, key_metrics: Record<string, TKeyMetric>) {
    const company = await createCompany(server.app, org.token, {
      name,
      industry: 'B2B SaaS',
      revenue_growth: 0.6,
    });
    const deal = await createDeal(server.app, org.token, {
      company_id: company.id,
      amount_requested: 2_000_000,
    });
    await insertAnalysedDocument(server.database.db, org.organizationId, {
      deal_id: deal.id,
      company_id: null,
      name: `${name} board pack.pdf`,
      summary: `${name} board pack.`,
      key_metrics,
    });
    const body = await benchmarksOf(deal.id);
    return { body, burnMultiple: body.metrics.find((row) => row.metric === 'burn_multiple')! };
  }

  it("keeps a year's revenue as stated, with no run-rate note", async () => {
    const { body, burnMultiple } = await companyWith('Year Revenue Ltd', {
      revenue: figure(11_600_000, 'FY2024', 12, 'Total revenue | 11,600,000'),
      net_burn: monthlyBurn,
    });
    expect(body.revenue).toBe(11_600_000);
    expect(body.revenue_source?.excerpt).toBe('Total revenue | 11,600,000');
    // 4,560,000 ÷ (11,600,000 × 0.6 ÷ 1.6 = 4,350,000) ≈ 1.05.
    expect(burnMultiple.company_value).toBe(1.05);
    expect(body.note).not.toMatch(/run rate/);
  });

  it("annualises a quarterly board pack's revenue × 4 and says it is a run rate", async () => {
    const { body, burnMultiple } = await companyWith('Quarter Revenue Ltd', {
      revenue: figure(2_900_000, 'Q2 2025', 3, 'Revenue for the quarter was €2.9m'),
      net_burn: monthlyBurn,
    });
    const step =
      'Annual revenue = €2,900,000 in Q2 2025 × 4 = €11,600,000 (annualised run rate, not reported annual revenue)';
    expect(body.revenue).toBe(11_600_000);
    expect(body.revenue_source?.excerpt).toBe(`Revenue for the quarter was €2.9m (${step})`);
    // The same multiple as a year of €11.6M; read as a year's revenue, €2.9M would give 4.19.
    expect(burnMultiple.company_value).toBe(1.05);
    expect(burnMultiple.company_source?.excerpt).toContain(step);
    expect(body.note).toContain(`Revenue is an annualised run rate, not reported annual revenue: ${step}.`);
  });

  it('reads MRR as ARR = MRR × 12 in the burn multiple, and says so', async () => {
    const { body, burnMultiple } = await companyWith('Recurring Revenue Ltd', {
      mrr: figure(400_000, 'monthly', 1, 'MRR of €400k'),
      net_burn: monthlyBurn,
    });
    const step = 'ARR = MRR of €400,000 × 12 = €4,800,000 (annualised run rate, not reported annual revenue)';
    // 4,560,000 ÷ (4,800,000 × 0.6 ÷ 1.6 = 1,800,000) ≈ 2.53.
    expect(burnMultiple.company_value).toBe(2.53);
    expect(burnMultiple.company_source?.excerpt).toContain(
      `${step} Burn multiple = annual net burn ÷ net new ARR`,
    );
    expect(body.revenue).toBeNull();
    expect(body.note).toContain(
      `The ARR in the burn multiple is an annualised run rate, not reported annual revenue: ${step}.`,
    );
  });

  it('gives no revenue and no burn multiple from a revenue of unknown months', async () => {
    const { body, burnMultiple } = await companyWith('Vague Revenue Ltd', {
      revenue: figure(2_900_000, null, null, 'Revenue: €2.9m'),
      net_burn: monthlyBurn,
    });
    expect(body.revenue).toBeNull();
    expect(burnMultiple).toMatchObject({ company_value: null, company_value_text: 'not in the data' });
  });
});
