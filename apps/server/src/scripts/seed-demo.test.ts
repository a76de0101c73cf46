import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DEAL_STAGES,
  type TAuthResponse,
  type TCompanyListResponse,
  type TCompanyScoringStats,
  type TDeal,
  type TDealListResponse,
  type TWatchlistResponse,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { call, startTestServer, type TestServer } from '../test/server.ts';
import { DEMO_LOGIN, seedDemoOrganization } from './seed-demo-organization.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  expect(await seedDemoOrganization(server.database.db)).toEqual({
    created: true,
    companies: 40,
    deals: 60,
    watched: 8,
  });
  const login = await call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/login', {
    body: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
  });
  expect(login.status).toBe(200);
  token = login.body.access_token;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const get = async <T>(url: string) => {
  const response = await call<T>(server.app, 'GET', `/api/v1${url}`, { token });
  expect(response.status, url).toBe(200);
  return response.body;
};

describe('npm run seed:demo', () => {
  it('builds deals in every stage, varied scores and red flags that mean something', async () => {
    const list = await get<TDealListResponse>('/deals?limit=100');
    expect(list.total).toBe(60);
    // The list answers a projection; the red flags come with each deal's own record.
    const deals = await Promise.all(list.deals.map((item) => get<TDeal>(`/deals/${item.id}`)));
    expect(new Set(deals.map((deal) => deal.stage))).toEqual(new Set(DEAL_STAGES));

    const scores = deals.map((deal) => deal.thematic_score!);
    expect(scores.every((score) => typeof score === 'number')).toBe(true);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(8);
    const levels = new Set(deals.map((deal) => deal.red_flag_level));
    expect(levels.size).toBeGreaterThanOrEqual(3);

    const flagTypes = new Set(deals.flatMap((deal) => (deal.red_flags ?? []).map((flag) => flag.flag_type)));
    for (const expected of [
      'high_burn_multiple',
      'short_runway',
      'high_churn',
      'declining_revenue',
      'low_gross_margin',
      'stale_relationship',
      'amount_outside_thesis_range',
      'deal_type_outside_thesis',
      'sector_outside_thesis',
      'missing_key_financials',
    ]) {
      expect(flagTypes, expected).toContain(expected);
    }
    // Some deals are clean: the flags single out the weak ones.
    const clean = deals.filter((deal) =>
      (deal.red_flags ?? []).every((flag) => flag.severity === 'low' || flag.severity === 'medium'),
    );
    expect(clean.length).toBeGreaterThanOrEqual(10);
    expect(clean.length).toBeLessThan(50);
  });

  it('builds ~40 European and UK companies across sectors, stages and health, scored and watched', async () => {
    const { companies, total } = await get<TCompanyListResponse>('/companies?limit=100');
    expect(total).toBe(40);
    expect(
      companies.filter((company) => company.headquarters_country === 'United Kingdom').length,
    ).toBeGreaterThan(5);
    expect(new Set(companies.map((company) => company.headquarters_country)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(companies.map((company) => company.industry)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(companies.map((company) => company.stage)).size).toBeGreaterThanOrEqual(5);

    const stats = await get<TCompanyScoringStats>('/company-scoring/stats');
    expect(stats.scored_companies).toBe(40);
    expect(stats.high_priority).toBeGreaterThan(0);
    expect(stats.medium_priority).toBeGreaterThan(0);
    expect(stats.low_priority).toBeGreaterThan(0);

    const watchlist = await get<TWatchlistResponse>('/signals/watchlist');
    expect(watchlist.total).toBe(8);
  });

  it('changes nothing when run again', async () => {
    expect(await seedDemoOrganization(server.database.db)).toEqual({ created: false });
    expect((await get<TDealListResponse>('/deals?limit=1')).total).toBe(60);
    expect((await get<TCompanyListResponse>('/companies?limit=1')).total).toBe(40);
  });

  it.skipIf(!server?.database.url && !process.env.TEST_DATABASE_URL)(
    'prints the login and the address the server answers on (PORT)',
    async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/scripts/seed-demo.ts'],
        {
          cwd: REPO_ROOT,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: server.database.url!,
            DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-seed-')),
            PORT: '8765',
          },
        },
      );
      expect(stdout).toContain('already there; nothing changed');
      expect(stdout).toContain('Sign in at http://localhost:8765/login');
      expect(stdout).toContain(DEMO_LOGIN.email);
      expect(stdout).toContain(DEMO_LOGIN.password);
    },
    120_000,
  );
});
