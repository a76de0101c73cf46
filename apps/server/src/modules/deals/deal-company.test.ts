import type { TAuthResponse, TCompanyDetail } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal, STRONG_COMPANY } from './pipeline.fixtures.ts';

let server: TestServer;
let org: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

const companyOf = async (id: string) =>
  (await call<TCompanyDetail>(server.app, 'GET', `/api/v1/companies/${id}`, { token: org.access_token }))
    .body;

const METRICS = {
  ...STRONG_COMPANY.financial_metrics,
  revenue: 9_500_000,
  revenue_growth: 0.65,
  employee_count: 85,
};

describe('a deal for a new company', () => {
  it("fills the company's sector, country and metrics from the deal, and scores it on them", async () => {
    const deal = await createDeal(server.app, org.access_token, {
      company_name: 'Fresh Ledger',
      amount_requested: 5_000_000,
      sector: 'B2B SaaS',
      geography: 'United Kingdom',
      financial_metrics: METRICS,
    });
    const company = await companyOf(deal.company_id);
    expect(company).toMatchObject({
      industry: 'B2B SaaS',
      headquarters_country: 'United Kingdom',
      financial_metrics: METRICS,
      revenue: 9_500_000,
      revenue_growth: 0.65,
      employee_count: 85,
      last_funding_amount: METRICS.last_round_amount,
    });
    // Scored as the same facts entered on the Companies screen are, not as an empty company (3.0, low).
    const twin = await createCompany(server.app, org.access_token, {
      name: 'Twin Ledger',
      industry: 'B2B SaaS',
      headquarters_country: 'United Kingdom',
      financial_metrics: METRICS,
    });
    expect(company.thematic_score).toBe(twin.thematic_score);
    expect(company.thematic_score).toBeGreaterThan(6);
    expect(company.monitoring_priority).not.toBe('low');
    expect((company.red_flags ?? []).map((flag) => flag.flag_type)).not.toContain('missing_key_data');
  });

  it('leaves an existing company as it is', async () => {
    const existing = await createCompany(server.app, org.access_token, {
      name: 'Settled Co',
      industry: 'Fintech',
      headquarters_country: 'Germany',
    });
    const deal = await createDeal(server.app, org.access_token, {
      company_name: 'settled co',
      amount_requested: 3_000_000,
      sector: 'Healthtech',
      geography: 'France',
      financial_metrics: METRICS,
    });
    expect(deal.company_id).toBe(existing.id);
    expect(await companyOf(existing.id)).toMatchObject({
      industry: 'Fintech',
      headquarters_country: 'Germany',
      financial_metrics: {},
      revenue: null,
    });
  });

  it('creates the company with what the deal has, when the deal has little', async () => {
    const deal = await createDeal(server.app, org.access_token, {
      company_name: 'Bare Co',
      amount_requested: 1_000_000,
      geography: 'Berlin, Germany',
    });
    expect(await companyOf(deal.company_id)).toMatchObject({
      industry: null,
      headquarters_country: 'Berlin, Germany',
      financial_metrics: {},
      revenue: null,
    });
  });
});
