import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DEAL_STAGES,
  type TAlertListResponse,
  type TAuthResponse,
  type TCompanyListResponse,
  type TCompanyScoringStats,
  type TDeal,
  type TDealListResponse,
  type TFundingAnnouncementsResponse,
  type TNotificationListResponse,
  type TSignalListResponse,
  type TSignalStats,
  type TWatchlistResponse,
} from '@atempo/contracts';
import { openTestDatabase } from '@atempo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { call, startTestServer, type TestServer } from '../test/server.ts';
import { DEMO_NEWS_TRACKED } from './demo-news.ts';
import { DEMO_LOGIN, type SeedOutcome, seedDemoOrganization } from './seed-demo-organization.ts';

let server: TestServer;
let token: string;
let firstRun: SeedOutcome;

beforeAll(async () => {
  server = await startTestServer();
  firstRun = await seedDemoOrganization(server.database.db, server.config.fxRates);
  // 32 articles: two are not funding news, one is a second report of a round already read.
  expect(firstRun).toEqual({
    created: true,
    companies: 40,
    deals: 60,
    watched: 8,
    announcements: 29,
    signals: expect.any(Number),
    notifications: expect.any(Number),
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every announcement of the last 90 days (the demo's news spans about 60). */
const announcements = async (days = 90) =>
  (await get<TFundingAnnouncementsResponse>(`/intelligence/funding-announcements?days=${days}&limit=100`))
    .announcements;

/** What the market seeding writes, as the API reads it back. */
const marketCounts = async () => ({
  announcements: (await announcements()).length,
  sources: (await announcements()).reduce((sum, round) => sum + round.sources.length, 0),
  signals: (await get<TSignalStats>('/signals/stats')).total,
  notifications: (await get<TNotificationListResponse>('/notifications?limit=100')).total,
});

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

  it('brings the market to life: rounds of the last two months, tracked companies among them', async () => {
    const rounds = await announcements();
    expect(rounds).toHaveLength(29);
    const recent = await announcements(30);
    expect(recent.length).toBeGreaterThan(5);
    expect(recent.length).toBeLessThan(rounds.length);
    // The month-over-month charts have two months to compare.
    expect(new Set(rounds.map((round) => round.announced_at.slice(0, 7))).size).toBeGreaterThanOrEqual(2);
    const oldest = Math.min(...rounds.map((round) => Date.parse(round.announced_at)));
    expect(Date.now() - oldest).toBeLessThan(61 * DAY_MS);

    expect(new Set(rounds.map((round) => round.currency))).toEqual(new Set(['EUR', 'GBP', 'USD', 'CHF']));
    expect(new Set(rounds.map((round) => round.stage))).toEqual(
      new Set(['Seed', 'Series A', 'Series B', 'Series C', 'Series D+', 'Growth', 'Debt']),
    );
    expect(new Set(rounds.map((round) => round.region))).toEqual(new Set(['UK', 'Europe']));
    // Amounts a lender would believe: none above €100m, each converted from its own currency.
    for (const round of rounds) {
      expect(round.amount_eur, round.title).toBeGreaterThan(1_000_000);
      expect(round.amount_eur, round.title).toBeLessThan(100_000_000);
    }

    const { companies } = await get<TCompanyListResponse>('/companies?limit=100');
    const idOf = new Map(companies.map((company) => [company.name, company.id]));
    const linked = rounds.filter((round) => round.company_id !== null);
    expect(linked.map((round) => round.company_name).sort()).toEqual([...DEMO_NEWS_TRACKED].sort());
    for (const round of linked) expect(round.company_id).toBe(idOf.get(round.company_name));
  });

  it('reads one round reported by two outlets as one announcement, marks the rumour, keeps other news out', async () => {
    const rounds = await announcements();
    const paylume = rounds.filter((round) => round.company_name === 'Paylume');
    expect(paylume).toHaveLength(1);
    expect(paylume[0]!.sources.map((source) => source.name).sort()).toEqual([
      'Fintech Bulletin',
      'Venture Wire Europe',
    ]);
    expect(paylume[0]!.extraction_metadata.lead_investor).toBe('Canalside Ventures');

    const rumoured = rounds.filter((round) => round.extraction_metadata.rumoured === true);
    expect(rumoured.map((round) => round.company_name)).toEqual(['Brightpath Credit']);

    const names = rounds.map((round) => round.company_name);
    for (const absent of ['Vantor', 'Coinwise', 'Hollins Capital']) expect(names).not.toContain(absent);
  });

  it('derives signals and alerts the watchlist in the bell', async () => {
    const stats = await get<TSignalStats>('/signals/stats');
    expect(stats.total).toBe(firstRun.signals);
    expect(stats.by_type.funding_round).toBe(29);
    expect(stats.by_type.competitive_threat).toBeGreaterThan(0);
    expect(stats.by_type.market_opportunity).toBeGreaterThan(0);
    expect(stats.high_priority).toBeGreaterThan(0);

    const { alerts } = await get<TAlertListResponse>('/intelligence/alerts?limit=200');
    expect(alerts.some((alert) => alert.impact_level === 'high')).toBe(true);
    const watched = new Set(
      (await get<TWatchlistResponse>('/signals/watchlist')).watchlist.map((item) => item.company_id),
    );
    for (const alert of alerts) expect(watched).toContain(alert.company_id);
    const ledgerly = alerts.find(
      (alert) => alert.signal_type === 'funding_round' && alert.company_name === 'Ledgerly',
    );
    expect(ledgerly?.impact_level).toBe('high');

    const bell = await get<TNotificationListResponse>('/notifications?limit=100');
    expect(firstRun.notifications).toBeGreaterThan(0);
    expect(bell.total).toBe(firstRun.notifications);
    expect(bell.unread_count).toBe(firstRun.notifications);
    expect(
      bell.notifications.every((note) => note.kind === 'signal_alert' && watched.has(note.company_id!)),
    ).toBe(true);
    expect(bell.notifications.map((note) => note.title)).toContain(ledgerly!.title);
  });

  it('never reports the rumour as a closed round', async () => {
    const { signals } = await get<TSignalListResponse>('/signals?limit=200');
    const rumour = signals.filter((signal) => signal.title.startsWith('Brightpath Credit'));
    expect(rumour.map((signal) => signal.title)).toContainEqual(
      expect.stringMatching(/^Brightpath Credit is reported to be raising €[\d.]+M in a Series C round$/),
    );
    for (const signal of rumour) expect(signal.title).not.toContain('raised');
  });

  it('changes nothing when run again', async () => {
    const before = await marketCounts();
    expect(await seedDemoOrganization(server.database.db, server.config.fxRates)).toEqual({
      created: false,
      companies: 0,
      deals: 0,
      watched: 0,
      announcements: 0,
      signals: 0,
      notifications: 0,
    });
    expect((await get<TDealListResponse>('/deals?limit=1')).total).toBe(60);
    expect((await get<TCompanyListResponse>('/companies?limit=1')).total).toBe(40);
    expect(await marketCounts()).toEqual(before);
  });

  it.skipIf(!server?.database.url && !process.env.TEST_DATABASE_URL)(
    'prints the login and the address the server answers on (PORT)',
    async () => {
      const stdout = await runSeedCommand(server.database.url!);
      expect(stdout).toContain('already there; nothing changed');
      expect(stdout).toContain('Sign in at http://localhost:8765/login');
      expect(stdout).toContain(DEMO_LOGIN.email);
      expect(stdout).toContain(DEMO_LOGIN.password);
    },
    120_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'prints how many announcements, signals and alerts the market seeding created',
    async () => {
      const fresh = await openTestDatabase();
      try {
        const stdout = await runSeedCommand(fresh.url!);
        expect(stdout).toMatch(
          /40 companies, 60 deals, 8 on the watchlist, scored against its thesis; 29 funding announcements, [1-9]\d* market signals, [1-9]\d* watchlist alerts in the bell\./,
        );
      } finally {
        await fresh.close();
      }
    },
    120_000,
  );
});

/** `npm run seed:demo` as an operator runs it, against the given database. */
async function runSeedCommand(databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/scripts/seed-demo.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-seed-')),
        PORT: '8765',
      },
    },
  );
  return stdout;
}
