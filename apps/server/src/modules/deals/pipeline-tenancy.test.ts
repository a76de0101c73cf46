import type {
  TAuthResponse,
  TCompanyListResponse,
  TCompanyScoringStats,
  TDealListResponse,
  TDealSummaryResponse,
  TWatchlistEntry,
  TWatchlistResponse,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from './pipeline.fixtures.ts';

let server: TestServer;
let a: TAuthResponse;
let b: TAuthResponse;
let companyId: string;
let dealId: string;
let entryId: string;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
  const company = await createCompany(server.app, a.access_token, { name: 'Private Ltd' });
  companyId = company.id;
  dealId = (await createDeal(server.app, a.access_token, { company_id: companyId, amount_requested: 5e6 }))
    .id;
  const entry = await call<TWatchlistEntry>(server.app, 'POST', '/api/v1/signals/watchlist/add', {
    token: a.access_token,
    body: { company_id: companyId },
  });
  entryId = entry.body.id;
});
afterAll(async () => {
  await server?.close();
});

describe("another organisation's pipeline", () => {
  it('answers 404 on every route given one of its ids', async () => {
    const own = await createDeal(server.app, b.access_token, { company_name: 'B Co', amount_requested: 1 });
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/v1/deals/${dealId}`],
      ['PATCH', `/api/v1/deals/${dealId}`, { stage: 'closed' }],
      ['DELETE', `/api/v1/deals/${dealId}`],
      ['GET', `/api/v1/companies/${companyId}`],
      ['PATCH', `/api/v1/companies/${companyId}`, { name: 'Taken Over' }],
      ['DELETE', `/api/v1/companies/${companyId}`],
      ['DELETE', `/api/v1/signals/watchlist/${entryId}`],
      ['POST', '/api/v1/deals', { company_id: companyId, amount_requested: 1 }],
      ['POST', '/api/v1/signals/watchlist/add', { company_id: companyId }],
      ['PATCH', `/api/v1/deals/${own.id}`, { company_id: companyId }],
    ];
    for (const [method, url, body] of routes) {
      const response = await call(server.app, method as 'GET', url, { token: b.access_token, body });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
  });

  it('shows none of it in lists, summaries or stats, and leaves it untouched', async () => {
    const as = (who: TAuthResponse) => ({ token: who.access_token });
    const deals = await call<TDealListResponse>(server.app, 'GET', '/api/v1/deals', as(b));
    expect(deals.body.deals.map((deal) => deal.id)).not.toContain(dealId);
    const companies = await call<TCompanyListResponse>(server.app, 'GET', '/api/v1/companies', as(b));
    expect(companies.body.companies.map((company) => company.id)).not.toContain(companyId);
    const watchlist = await call<TWatchlistResponse>(server.app, 'GET', '/api/v1/signals/watchlist', as(b));
    expect(watchlist.body.total).toBe(0);
    const summary = await call<TDealSummaryResponse>(server.app, 'GET', '/api/v1/deals/summary', as(b));
    expect(summary.body.stages.find((stage) => stage.stage === 'lead')).toEqual({
      stage: 'lead',
      count: 1,
      total_amount: 1,
    });
    const stats = await call<TCompanyScoringStats>(server.app, 'GET', '/api/v1/company-scoring/stats', as(b));
    expect(stats.body.total_companies).toBe(1);

    const deal = await call(server.app, 'GET', `/api/v1/deals/${dealId}`, as(a));
    expect(deal.body).toMatchObject({ stage: 'lead', company: 'Private Ltd' });
    const company = await call(server.app, 'GET', `/api/v1/companies/${companyId}`, as(a));
    expect(company.body).toMatchObject({ name: 'Private Ltd', watchlist_entry_id: entryId });
  });

  it('keeps names and deal numbers per organisation', async () => {
    const same = await createCompany(server.app, b.access_token, { name: 'Private Ltd' });
    expect(same.id).not.toBe(companyId);
    const [first] = (
      await call<TDealListResponse>(server.app, 'GET', '/api/v1/deals?sort=deal_number', {
        token: b.access_token,
      })
    ).body.deals;
    expect(first?.deal_number).toBe(1);
  });
});
