import {
  type TAuthResponse,
  type TCompanyDetail,
  type TDeal,
  type TDealBoardResponse,
  type TDealListResponse,
  type TDealSummaryResponse,
  ZDealBoardCard,
  ZDealListItem,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal, STRONG_COMPANY } from './pipeline.fixtures.ts';

let server: TestServer;
let admin: TAuthResponse;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerOrganization(server.app);
  token = admin.access_token;
});
afterAll(async () => {
  await server?.close();
});

const get = <T>(url: string) => call<T>(server.app, 'GET', url, { token });

describe('POST /deals', () => {
  it('creates a scored deal for a new company named in the request, numbered from 1', async () => {
    const deal = await createDeal(server.app, token, {
      company_name: 'Northwind Analytics',
      amount_requested: 8_000_000,
      source_type: 'tier1_vc',
      source_name: 'Index Ventures',
      sector: 'B2B SaaS',
      geography: 'Germany',
      deal_type: 'venture_debt',
      financial_metrics: { revenue: 10_000_000, revenue_growth: 0.6, gross_margin: 0.75 },
      description: 'Growth facility for expansion into France',
    });
    expect(deal).toMatchObject({
      deal_number: 1,
      company: 'Northwind Analytics',
      amount_requested: 8_000_000,
      stage: 'lead',
      source_type: 'tier1_vc',
      sector: 'B2B SaaS',
      geography: 'Germany',
      deal_type: 'venture_debt',
      last_interaction: null,
    });
    expect(deal.thematic_score).toBeGreaterThan(5);
    expect(deal.thematic_recommendation).toMatch(/^(proceed|conditional_proceed|reject)$/);
    expect(Object.keys(deal.scoring_breakdown!.sector_scores).sort()).toEqual(
      ['deal_size_fit', 'financial_metrics', 'geographic_fit', 'sector_alignment', 'stage_fit'].sort(),
    );
    expect(deal.red_flag_summary).toMatchObject({
      total_flags: deal.red_flags!.length,
      flags_by_category: expect.objectContaining({ financial: expect.any(Number) }),
      financial_flags: expect.any(Array),
      data_quality_flags: expect.any(Array),
      operational_flags: expect.any(Array),
      market_flags: expect.any(Array),
      relationship_flags: expect.any(Array),
      key_concerns: expect.any(Array),
    });
    expect(deal.red_flag_level).toMatch(/^(reject|high_risk|moderate_risk|low_risk)$/);
    expect(deal.suggested_facility?.currency).toBe('EUR');

    const company = await get<TCompanyDetail>(`/api/v1/companies/${deal.company_id}`);
    expect(company.status).toBe(200);
    expect(company.body.name).toBe('Northwind Analytics');
    expect(company.body.thematic_score).not.toBeNull();
  });

  it('links an existing company by name in any case, and takes its sector, geography and metrics', async () => {
    const company = await createCompany(server.app, token, {
      name: 'Lumen Health',
      ...STRONG_COMPANY,
      industry: 'Healthtech',
      headquarters_country: 'France',
    });
    const deal = await createDeal(server.app, token, {
      company_name: 'LUMEN health',
      amount_requested: 5_000_000,
    });
    expect(deal.company_id).toBe(company.id);
    expect(deal.company).toBe('Lumen Health');
    expect(deal.sector).toBe('Healthtech');
    expect(deal.geography).toBe('France');
    expect(deal.financial_metrics).toMatchObject({
      revenue: 12_000_000,
      arr: 12_000_000,
      revenue_growth: 0.8,
    });

    const byId = await createDeal(server.app, token, {
      company_id: company.id,
      amount_requested: 3_000_000,
      sector: 'Fintech',
    });
    expect(byId.company_id).toBe(company.id);
    expect(byId.sector).toBe('Fintech');
    expect(byId.deal_number).toBe(deal.deal_number + 1);
  });

  it('refuses a missing amount, an unknown stage or source, and a missing company (422 naming the field)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ company_name: 'Acme' }, 'amount_requested'],
      [{ company_name: 'Acme', amount_requested: 'lots' }, 'amount_requested'],
      [{ company_name: 'Acme', amount_requested: -1 }, 'amount_requested'],
      [{ company_name: 'Acme', amount_requested: 1, stage: 'won' }, 'stage'],
      [{ company_name: 'Acme', amount_requested: 1, source_type: 'cold_call' }, 'source_type'],
      [{ amount_requested: 1 }, 'company_name'],
      [
        { company_name: 'Acme', amount_requested: 1, financial_metrics: { gross_margin: 3 } },
        'financial_metrics.gross_margin',
      ],
      [{ company_name: 'Acme', amount_requested: 1, last_interaction: 'yesterday' }, 'last_interaction'],
    ];
    for (const [body, field] of cases) {
      const response = await call(server.app, 'POST', '/api/v1/deals', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors?.[0]?.path).toBe(field);
      const label = field.replace(/_/g, ' ');
      const detail = response.body.detail!.toLowerCase();
      expect(detail.includes(label) || detail.includes(field), detail).toBe(true);
    }
    const acme = await get<TDealListResponse>('/api/v1/deals?q=acme');
    expect(acme.body.total).toBe(0);
  });

  it('answers 404 for an unknown company_id', async () => {
    const response = await call(server.app, 'POST', '/api/v1/deals', {
      token,
      body: { company_id: '00000000-0000-4000-8000-000000000000', amount_requested: 1 },
    });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe('Company not found');
  });

  it('gives unique consecutive numbers to concurrent creates, and never reuses a deleted number', async () => {
    const before = await get<TDealListResponse>('/api/v1/deals?sort=-deal_number&limit=1');
    const highest = before.body.deals[0]?.deal_number ?? 0;
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createDeal(server.app, token, {
          company_name: `Concurrent ${index % 3}`,
          amount_requested: 1_000_000 + index,
        }),
      ),
    );
    const numbers = created.map((deal) => deal.deal_number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => highest + 1 + index));
    const companies = new Set(created.map((deal) => deal.company_id));
    expect(companies.size).toBe(3);

    const last = created.find((deal) => deal.deal_number === highest + 12)!;
    expect((await call(server.app, 'DELETE', `/api/v1/deals/${last.id}`, { token })).status).toBe(200);
    const next = await createDeal(server.app, token, { company_name: 'Concurrent 0', amount_requested: 1 });
    expect(next.deal_number).toBe(highest + 13);
  });
});

describe('GET/PATCH/DELETE /deals/{id}', () => {
  it('reads, re-scores when a score field changes, keeps the score on other edits, and deletes', async () => {
    const deal = await createDeal(server.app, token, {
      company_name: 'Fjord Payments',
      amount_requested: 8_000_000,
      sector: 'Fintech',
      geography: 'Norway',
    });
    const read = await get<TDeal>(`/api/v1/deals/${deal.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(deal);

    const moved = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token,
      body: { geography: 'Brazil' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.geography).toBe('Brazil');
    expect(moved.body.scoring_breakdown!.sector_scores.geographic_fit).toBeLessThan(
      deal.scoring_breakdown!.sector_scores.geographic_fit,
    );
    expect(moved.body.thematic_score!).toBeLessThan(deal.thematic_score!);
    expect(moved.body.red_flags!.map((flag) => flag.flag_type)).toContain('geography_outside_thesis');

    const staged = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token,
      body: { stage: 'term_sheet' },
    });
    expect(staged.body).toMatchObject({ stage: 'term_sheet', thematic_score: moved.body.thematic_score });
    expect(Date.parse(staged.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(moved.body.updated_at));

    const amount = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token,
      body: { amount_requested: 60_000_000 },
    });
    expect(amount.body.amount_requested).toBe(60_000_000);
    expect(amount.body.red_flags!.map((flag) => flag.flag_type)).toContain('amount_outside_thesis_range');

    const overridden = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token,
      body: { thematic_recommendation: 'proceed' },
    });
    expect(overridden.body.thematic_recommendation).toBe('proceed');
    const cleared = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token,
      body: { thematic_recommendation: null },
    });
    expect(cleared.body.thematic_recommendation).toBe(amount.body.thematic_recommendation);

    const invalid = await call(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token,
      body: { stage: 'won' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toMatch(/^Stage/);

    expect((await call(server.app, 'DELETE', `/api/v1/deals/${deal.id}`, { token })).body).toEqual({
      success: true,
    });
    expect((await get(`/api/v1/deals/${deal.id}`)).status).toBe(404);
    expect((await call(server.app, 'DELETE', `/api/v1/deals/${deal.id}`, { token })).status).toBe(404);
    expect((await get('/api/v1/deals/not-a-uuid')).status).toBe(422);
  });

  it('moves a deal to another company, re-scoring with that company’s funding stage', async () => {
    const seed = await createCompany(server.app, token, { name: 'Seedling', stage: 'Seed' });
    const growth = await createCompany(server.app, token, { name: 'Grown Up', stage: 'Series B' });
    const deal = await createDeal(server.app, token, { company_id: seed.id, amount_requested: 5_000_000 });
    const moved = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token,
      body: { company_id: growth.id },
    });
    expect(moved.body.company).toBe('Grown Up');
    expect(moved.body.scoring_breakdown!.sector_scores.stage_fit).toBeGreaterThan(
      deal.scoring_breakdown!.sector_scores.stage_fit,
    );
  });
});

describe('GET /deals', () => {
  let org: TAuthResponse;
  const list = (query: string) =>
    call<TDealListResponse>(server.app, 'GET', `/api/v1/deals${query}`, { token: org.access_token });

  beforeAll(async () => {
    org = await registerOrganization(server.app);
    const t = org.access_token;
    const fits = { sector: 'B2B SaaS', geography: 'United Kingdom' };
    await createDeal(server.app, t, {
      company_name: 'Alpha',
      amount_requested: 3_000_000,
      stage: 'lead',
      ...fits,
    });
    await createDeal(server.app, t, {
      company_name: 'Bravo',
      amount_requested: 9_000_000,
      stage: 'qualified',
      description: 'A marketplace for ALPHAbet soup',
      sector: 'Retail',
      geography: 'Brazil',
    });
    await createDeal(server.app, t, {
      company_name: 'Charlie',
      amount_requested: 6_000_000,
      stage: 'closed',
      last_interaction: new Date(Date.now() - 86_400_000).toISOString(),
      ...fits,
    });
    await createDeal(server.app, t, {
      company_name: 'delta_50%',
      amount_requested: 1_000_000,
      stage: 'closed',
    });
  });

  it('lists newest first by default with paging', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, limit: 50, offset: 0 });
    expect(all.body.deals.map((deal) => deal.company)).toEqual(['delta_50%', 'Charlie', 'Bravo', 'Alpha']);
    const page = await list('?limit=2&offset=1');
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.body.deals.map((deal) => deal.company)).toEqual(['Charlie', 'Bravo']);
  });

  it('filters by one or several stages, by score and by text', async () => {
    expect((await list('?stage=closed')).body.deals.map((deal) => deal.company).sort()).toEqual([
      'Charlie',
      'delta_50%',
    ]);
    const several = await list('?stage=lead&stage=qualified');
    expect(several.body.deals.map((deal) => deal.company).sort()).toEqual(['Alpha', 'Bravo']);
    expect((await list('?stage=lead,closed')).body.total).toBe(3);
    expect((await list('?stage=won')).status).toBe(422);

    const all = (await list('')).body.deals;
    const bravo = all.find((deal) => deal.company === 'Bravo')!;
    const above = await list(`?min_score=${bravo.thematic_score! + 0.1}`);
    expect(above.body.deals.map((deal) => deal.company)).not.toContain('Bravo');
    expect(above.body.deals.every((deal) => deal.thematic_score! >= bravo.thematic_score! + 0.1)).toBe(true);
    const below = await list(`?max_score=${bravo.thematic_score}`);
    expect(below.body.deals.map((deal) => deal.company)).toContain('Bravo');
    expect(below.body.deals.every((deal) => deal.thematic_score! <= bravo.thematic_score!)).toBe(true);
    expect((await list('?min_score=11')).status).toBe(422);
    expect((await list('?max_score=abc')).status).toBe(422);

    expect((await list('?q=alpha')).body.deals.map((deal) => deal.company).sort()).toEqual([
      'Alpha',
      'Bravo',
    ]);
    expect((await list('?q=50%25')).body.deals.map((deal) => deal.company)).toEqual(['delta_50%']);
    expect((await list('?q=a_5')).body.total).toBe(1);
    expect((await list('?q=a%25b')).body.total).toBe(0);
  });

  it('sorts by each supported key, unknown values last', async () => {
    const names = async (sort: string) =>
      (await list(`?sort=${sort}`)).body.deals.map((deal) => deal.company);
    expect(await names('amount_requested')).toEqual(['delta_50%', 'Alpha', 'Charlie', 'Bravo']);
    expect(await names('-amount_requested')).toEqual(['Bravo', 'Charlie', 'Alpha', 'delta_50%']);
    expect(await names('company')).toEqual(['Alpha', 'Bravo', 'Charlie', 'delta_50%']);
    expect(await names('deal_number')).toEqual(['Alpha', 'Bravo', 'Charlie', 'delta_50%']);
    expect(await names('created_at')).toEqual(['Alpha', 'Bravo', 'Charlie', 'delta_50%']);
    expect((await names('-last_interaction'))[0]).toBe('Charlie');
    expect((await names('last_interaction'))[0]).toBe('Charlie');
    const byScore = (await list('?sort=-thematic_score')).body.deals.map((deal) => deal.thematic_score!);
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    expect((await list('?sort=size')).status).toBe(422);
  });

  it('answers the table projection: only the fields the table shows, as the full deal has them', async () => {
    const all = await list('');
    const rows = all.body.deals;
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(Object.keys(ZDealListItem.shape).sort());
      const full = await call<TDeal>(server.app, 'GET', `/api/v1/deals/${row.id}`, {
        token: org.access_token,
      });
      expect(full.body.scoring_breakdown).not.toBeNull();
      expect(row).toEqual(
        Object.fromEntries(Object.keys(row).map((key) => [key, full.body[key as keyof TDeal]])),
      );
    }
    expect(rows.find((row) => row.company === 'Charlie')!.last_interaction).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(JSON.stringify(all.body)).not.toMatch(
      /scoring_breakdown|red_flags|suggested_facility|financial_metrics/,
    );
  });

  it('shows the team’s recommendation in the row once it overrides the engine’s', async () => {
    const alpha = (await list('?q=Alpha&stage=lead')).body.deals[0]!;
    const override = alpha.thematic_recommendation === 'reject' ? 'proceed' : 'reject';
    await call(server.app, 'PATCH', `/api/v1/deals/${alpha.id}`, {
      token: org.access_token,
      body: { thematic_recommendation: override },
    });
    expect((await list('?q=Alpha&stage=lead')).body.deals[0]!.thematic_recommendation).toBe(override);
    await call(server.app, 'PATCH', `/api/v1/deals/${alpha.id}`, {
      token: org.access_token,
      body: { thematic_recommendation: null },
    });
    expect((await list('?q=Alpha&stage=lead')).body.deals[0]!.thematic_recommendation).toBe(
      alpha.thematic_recommendation,
    );
  });

  it('counts every match whatever the page, with and without a company-name search', async () => {
    expect((await list('?limit=1&offset=3')).body).toMatchObject({ total: 4 });
    expect((await list('?limit=1&offset=9')).body).toMatchObject({ total: 4, deals: [] });
    expect((await list('?q=charlie&limit=1')).body).toMatchObject({ total: 1 });
    expect((await list('?q=a&stage=closed')).body.total).toBe(2);
  });

  it('answers the board its own lighter cards, with the list’s filters and order', async () => {
    const board = (query: string) =>
      call<TDealBoardResponse>(server.app, 'GET', `/api/v1/deals/board${query}`, { token: org.access_token });
    const all = await board('?sort=-thematic_score&limit=1000');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, limit: 1000, offset: 0 });
    for (const card of all.body.deals) {
      expect(Object.keys(card).sort()).toEqual(Object.keys(ZDealBoardCard.shape).sort());
    }
    const scores = all.body.deals.map((card) => card.thematic_score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const table = (await list('')).body.deals;
    const charlie = all.body.deals.find((card) => card.company === 'Charlie')!;
    expect(charlie).toEqual({
      id: table.find((row) => row.company === 'Charlie')!.id,
      deal_number: 3,
      company: 'Charlie',
      stage: 'closed',
      amount_requested: 6_000_000,
      thematic_score: expect.any(Number),
      red_flag_level: expect.any(String),
    });
    const closed = await board('?stage=closed');
    expect(closed.body.deals.map((card) => card.company).sort()).toEqual(['Charlie', 'delta_50%']);
    expect((await board('?q=bravo')).body.total).toBe(1);
    expect((await board('?limit=1001')).status).toBe(422);
    expect((await call(server.app, 'GET', '/api/v1/deals/board')).status).toBe(401);
  });

  it('summarises every stage with counts and amounts', async () => {
    const summary = await call<TDealSummaryResponse>(server.app, 'GET', '/api/v1/deals/summary', {
      token: org.access_token,
    });
    expect(summary.status).toBe(200);
    expect(summary.body.stages).toEqual([
      { stage: 'lead', count: 1, total_amount: 3_000_000 },
      { stage: 'qualified', count: 1, total_amount: 9_000_000 },
      { stage: 'due_diligence', count: 0, total_amount: 0 },
      { stage: 'ic_review', count: 0, total_amount: 0 },
      { stage: 'term_sheet', count: 0, total_amount: 0 },
      { stage: 'legal_docs', count: 0, total_amount: 0 },
      { stage: 'closed', count: 2, total_amount: 7_000_000 },
      { stage: 'rejected', count: 0, total_amount: 0 },
    ]);
  });

  it('needs a token', async () => {
    expect((await call(server.app, 'GET', '/api/v1/deals')).status).toBe(401);
    expect((await call(server.app, 'GET', '/api/v1/deals/summary')).status).toBe(401);
  });
});
