import {
  type TAuthResponse,
  type TCompanyDetail,
  type TCompanyListResponse,
  type TDeal,
  ZCompanyListItem,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal, STRONG_COMPANY } from '../deals/pipeline.fixtures.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await registerOrganization(server.app)).access_token;
});
afterAll(async () => {
  await server?.close();
});

const get = <T>(url: string, as = token) => call<T>(server.app, 'GET', url, { token: as });

describe('POST /companies', () => {
  it('creates a scored company with every field of the entity', async () => {
    const company = await createCompany(server.app, token, {
      name: '  Aurora Robotics ',
      ...STRONG_COMPANY,
      website: 'https://aurora.example',
      description: 'Warehouse robots',
      last_funding_amount: 30_000_000,
      total_funding: 55_000_000,
      has_tier1_vc: true,
      recent_cfo_hire: true,
      investors: ['Atomico', 'Balderton'],
      source_articles: [
        {
          title: 'Aurora raises €30M',
          url: 'https://news.example/aurora',
          snippet: 'The round was led by Atomico.',
          source: 'Sifted',
          published_date: '2026-03-01',
          type: 'funding',
        },
      ],
      source: 'referral',
      founded_year: 2019,
      ceo_name: 'Ines Moreau',
    });
    expect(company).toMatchObject({
      name: 'Aurora Robotics',
      industry: 'B2B SaaS',
      revenue: 12_000_000,
      revenue_growth: 0.8,
      has_tier1_vc: true,
      ipo_signals: false,
      investors: ['Atomico', 'Balderton'],
      source: 'referral',
      founded_year: 2019,
      confidence_score: 0.6,
      confidence_level: 'medium',
      on_watchlist: false,
      watchlist_entry_id: null,
      last_interaction: null,
    });
    expect(company.source_articles[0]).toMatchObject({ title: 'Aurora raises €30M', source: 'Sifted' });
    expect(company.thematic_score).toBeGreaterThanOrEqual(7);
    expect(company.monitoring_priority).toBe('high');
    expect(company.sector_alignment_score).toBe(10);
    expect(company.geographic_fit_score).toBe(10);
    expect(company.stage_fit_score).toBe(10);
    expect(company.financial_health_score).toBeGreaterThan(5);
    expect(company.scoring_breakdown?.reasons.sector_alignment).toEqual(expect.any(String));
    expect(company.red_flag_summary?.total_flags).toBe(company.red_flags?.length);
    expect(company.suggested_facility?.max).toBeGreaterThan(0);
    expect(company.last_scored_at).not.toBeNull();
  });

  it('derives the confidence level from the score', async () => {
    const levels = await Promise.all(
      [
        [0.71, 'high'],
        [0.7, 'medium'],
        [0.51, 'medium'],
        [0.5, 'low'],
      ].map(async ([score, level]) => {
        const company = await createCompany(server.app, token, {
          name: `Confidence ${score}`,
          confidence_score: score as number,
        });
        return [company.confidence_level, level];
      }),
    );
    for (const [actual, expected] of levels) expect(actual).toBe(expected);
  });

  it('refuses a duplicate name in any case (409) and invalid fields (422)', async () => {
    await createCompany(server.app, token, { name: 'Kestrel' });
    const duplicate = await call(server.app, 'POST', '/api/v1/companies', {
      token,
      body: { name: 'KESTREL' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('A company named KESTREL already exists');

    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'X', revenue: -5 }, 'revenue'],
      [{ name: 'X', revenue_growth: -2 }, 'revenue_growth'],
      [{ name: 'X', source: 'twitter' }, 'source'],
      [{ name: 'X', confidence_score: 1.5 }, 'confidence_score'],
      [{ name: 'X', investors: 'Atomico' }, 'investors'],
      [{ name: 'X', source_articles: [{ url: 'https://x' }] }, 'source_articles.0.title'],
    ];
    for (const [body, field] of cases) {
      const response = await call(server.app, 'POST', '/api/v1/companies', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors?.[0]?.path).toBe(field);
      const detail = response.body.detail!.toLowerCase();
      const label = field.split('.').at(-1)!.replace(/_/g, ' ');
      expect(detail.includes(label) || detail.includes(field), detail).toBe(true);
    }
  });
});

describe('GET /companies', () => {
  let org: TAuthResponse;
  const list = (query: string) => get<TCompanyListResponse>(`/api/v1/companies${query}`, org.access_token);

  beforeAll(async () => {
    org = await registerOrganization(server.app);
    const t = org.access_token;
    await createCompany(server.app, t, { name: 'Strong One', ...STRONG_COMPANY });
    await createCompany(server.app, t, {
      name: 'Middling',
      industry: 'Fintech',
      headquarters_country: 'Spain',
      revenue: 4_000_000,
      revenue_growth: 0.2,
    });
    await createCompany(server.app, t, {
      name: 'Far Away',
      industry: 'Mining',
      headquarters_country: 'Chile',
      revenue: 90_000_000,
      revenue_growth: -0.1,
    });
    await createCompany(server.app, t, { name: 'strong_two%', ...STRONG_COMPANY, revenue: 20_000_000 });
  });

  it('lists best score first by default, with paging', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, limit: 100, offset: 0 });
    const scores = all.body.companies.map((company) => company.thematic_score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(all.body.companies.at(-1)!.name).toBe('Far Away');
    const page = await list('?limit=1&offset=3');
    expect(page.body.companies.map((company) => company.name)).toEqual(['Far Away']);
    expect((await list('?limit=1&offset=9')).body).toMatchObject({ total: 4, companies: [] });
    expect((await list('?search=nothing-like-it')).body).toMatchObject({ total: 0, companies: [] });
    expect((await list('?limit=1001')).status).toBe(422);
  });

  it('answers the table projection: previews of investors and articles with their counts, no scores detail', async () => {
    const articles = Array.from({ length: 5 }, (_, i) => ({ title: `Article ${i + 1}` }));
    const investors = ['One', 'Two', 'Three', 'Four'];
    const created = await createCompany(server.app, org.access_token, {
      name: 'Previewed',
      investors,
      source_articles: articles,
      description: 'Listed',
    });
    const { body } = await list('?search=Previewed');
    const row = body.companies[0]!;
    expect(Object.keys(row).sort()).toEqual(Object.keys(ZCompanyListItem.shape).sort());
    expect(row).toMatchObject({
      id: created.id,
      name: 'Previewed',
      description: 'Listed',
      investors: ['One', 'Two', 'Three'],
      investor_count: 4,
      source_articles: [{ title: 'Article 1' }, { title: 'Article 2' }, { title: 'Article 3' }],
      source_article_count: 5,
      confidence_level: created.confidence_level,
      thematic_score: created.thematic_score,
      monitoring_priority: created.monitoring_priority,
      on_watchlist: false,
      watchlist_entry_id: null,
    });
    expect(JSON.stringify(body)).not.toMatch(
      /scoring_breakdown|red_flags|suggested_facility|financial_metrics/,
    );
    const detail = await get<TCompanyDetail>(`/api/v1/companies/${created.id}`, org.access_token);
    expect(detail.body.investors).toEqual(investors);
    expect(detail.body.source_articles).toHaveLength(5);
    expect(detail.body.scoring_breakdown).not.toBeNull();
    await call(server.app, 'DELETE', `/api/v1/companies/${created.id}`, { token: org.access_token });
  });

  it('searches names case-insensitively and literally', async () => {
    expect((await list('?search=STRONG')).body.companies.map((c) => c.name).sort()).toEqual([
      'Strong One',
      'strong_two%',
    ]);
    expect((await list('?search=g_t')).body.total).toBe(1);
    expect((await list('?search=%25')).body.companies.map((c) => c.name)).toEqual(['strong_two%']);
    expect((await list('?search=nothing')).body).toMatchObject({ companies: [], total: 0 });
  });

  it('filters by monitoring priority', async () => {
    const all = (await list('')).body.companies;
    for (const priority of ['high', 'medium', 'low'] as const) {
      const filtered = await list(`?priority=${priority}`);
      const expected = all.filter((company) => company.monitoring_priority === priority).map((c) => c.name);
      expect(filtered.body.companies.map((c) => c.name).sort()).toEqual(expected.sort());
    }
    expect((await list('?priority=urgent')).status).toBe(422);
  });

  it('sorts by name, revenue, growth and creation', async () => {
    const names = async (sort: string) => (await list(`?sort=${sort}`)).body.companies.map((c) => c.name);
    expect(await names('name')).toEqual(['Far Away', 'Middling', 'Strong One', 'strong_two%']);
    expect(await names('-revenue')).toEqual(['Far Away', 'strong_two%', 'Strong One', 'Middling']);
    expect(await names('revenue_growth')).toEqual(['Far Away', 'Middling', 'Strong One', 'strong_two%']);
    expect(await names('-created_at')).toEqual(['strong_two%', 'Far Away', 'Middling', 'Strong One']);
    expect((await list('?sort=size')).status).toBe(422);
  });
});

describe('GET/PATCH/DELETE /companies/{id}', () => {
  it('shows the company with its deals and watchlist entry', async () => {
    const company = await createCompany(server.app, token, { name: 'Detail Co', ...STRONG_COMPANY });
    const first = await createDeal(server.app, token, {
      company_id: company.id,
      amount_requested: 4_000_000,
    });
    const second = await createDeal(server.app, token, {
      company_id: company.id,
      amount_requested: 6_000_000,
      stage: 'qualified',
    });
    const watched = await call<{ id: string }>(server.app, 'POST', '/api/v1/signals/watchlist/add', {
      token,
      body: { company_id: company.id },
    });
    const detail = await get<TCompanyDetail>(`/api/v1/companies/${company.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name: 'Detail Co',
      on_watchlist: true,
      watchlist_entry_id: watched.body.id,
    });
    expect(detail.body.deals).toEqual([
      {
        id: second.id,
        deal_number: second.deal_number,
        stage: 'qualified',
        amount_requested: 6_000_000,
        thematic_score: second.thematic_score,
      },
      {
        id: first.id,
        deal_number: first.deal_number,
        stage: 'lead',
        amount_requested: 4_000_000,
        thematic_score: first.thematic_score,
      },
    ]);
    const listed = await get<TCompanyListResponse>('/api/v1/companies?search=Detail%20Co');
    expect(listed.body.companies[0]).toMatchObject({
      on_watchlist: true,
      watchlist_entry_id: watched.body.id,
    });
  });

  it('re-scores on a score field, and re-scores its deals when the funding stage changes', async () => {
    const company = await createCompany(server.app, token, { name: 'Patchable', ...STRONG_COMPANY });
    const deal = await createDeal(server.app, token, { company_id: company.id, amount_requested: 6_000_000 });

    const renamed = await call<TCompanyDetail>(server.app, 'PATCH', `/api/v1/companies/${company.id}`, {
      token,
      body: { description: 'Same scores' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      description: 'Same scores',
      last_scored_at: company.last_scored_at,
    });

    const moved = await call<TCompanyDetail>(server.app, 'PATCH', `/api/v1/companies/${company.id}`, {
      token,
      body: { headquarters_country: 'Brazil' },
    });
    expect(moved.body.geographic_fit_score!).toBeLessThan(company.geographic_fit_score!);
    expect(moved.body.thematic_score!).toBeLessThan(company.thematic_score!);

    const seeded = await call<TCompanyDetail>(server.app, 'PATCH', `/api/v1/companies/${company.id}`, {
      token,
      body: { stage: 'Seed' },
    });
    expect(seeded.body.stage_fit_score!).toBeLessThan(company.stage_fit_score!);
    const rescored = await get<TDeal>(`/api/v1/deals/${deal.id}`);
    expect(rescored.body.scoring_breakdown!.sector_scores.stage_fit).toBeLessThan(
      deal.scoring_breakdown!.sector_scores.stage_fit,
    );
    expect(seeded.body.deals[0]?.thematic_score).toBe(rescored.body.thematic_score);

    await createCompany(server.app, token, { name: 'Taken Name' });
    const clash = await call(server.app, 'PATCH', `/api/v1/companies/${company.id}`, {
      token,
      body: { name: 'taken name' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toBe('A company named taken name already exists');
    expect((await get<TCompanyDetail>(`/api/v1/companies/${company.id}`)).body.name).toBe('Patchable');

    const invalid = await call(server.app, 'PATCH', `/api/v1/companies/${company.id}`, {
      token,
      body: { employee_count: 1.5 },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toMatch(/^Employee count/);
  });

  it('deletes the company with its deals and watchlist entry', async () => {
    const company = await createCompany(server.app, token, { name: 'Doomed' });
    const deal = await createDeal(server.app, token, { company_id: company.id, amount_requested: 1 });
    await call(server.app, 'POST', '/api/v1/signals/watchlist/add', {
      token,
      body: { company_id: company.id },
    });
    const deleted = await call(server.app, 'DELETE', `/api/v1/companies/${company.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await get(`/api/v1/companies/${company.id}`)).status).toBe(404);
    expect((await get(`/api/v1/deals/${deal.id}`)).status).toBe(404);
    const watchlist = await get<{ watchlist: { company_id: string }[] }>('/api/v1/signals/watchlist');
    expect(watchlist.body.watchlist.map((entry) => entry.company_id)).not.toContain(company.id);
    expect((await call(server.app, 'DELETE', `/api/v1/companies/${company.id}`, { token })).status).toBe(404);
  });

  it('says in the API document that deleting a company deletes its deals', async () => {
    const document = await call<{ paths: Record<string, Record<string, { description?: string }>> }>(
      server.app,
      'GET',
      '/api/v1/openapi.json',
    );
    expect(document.body.paths['/api/v1/companies/{id}']?.delete?.description).toMatch(/every deal/);
  });

  it('needs a token', async () => {
    expect((await call(server.app, 'GET', '/api/v1/companies')).status).toBe(401);
    expect((await call(server.app, 'POST', '/api/v1/companies', { body: { name: 'X' } })).status).toBe(401);
  });
});
