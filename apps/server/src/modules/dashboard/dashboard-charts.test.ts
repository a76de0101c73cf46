import type { TAuthResponse, TDashboardCharts } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { historySeeder } from './dashboard.fixtures.ts';
import { lastMonths } from './dashboard-charts.service.ts';

let server: TestServer;
const NOW = Date.now();
const DAY_MS = 24 * 60 * 60 * 1000;
const monthOf = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS).toISOString().slice(0, 7);

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const charts = (auth: TAuthResponse) =>
  call<TDashboardCharts>(server.app, 'GET', '/api/v1/intelligence/dashboard/charts', {
    token: auth.access_token,
  });

/** Adds `value` to the entry of `month` in a tally. */
function tally(entries: Map<string, number>, month: string, value = 1) {
  entries.set(month, (entries.get(month) ?? 0) + value);
}

describe('lastMonths', () => {
  it('answers twelve UTC months ending with the current one, across a year end', () => {
    const { months, from } = lastMonths(new Date('2026-02-15T23:30:00Z'), 12);
    expect(months).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(from.toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
});

describe('GET /intelligence/dashboard/charts', () => {
  let auth: TAuthResponse;
  let other: TAuthResponse;

  beforeAll(async () => {
    auth = await registerOrganization(server.app);
    other = await registerOrganization(server.app);
  }, 60_000);

  it('answers 401 without a session', async () => {
    expect((await call(server.app, 'GET', '/api/v1/intelligence/dashboard/charts')).status).toBe(401);
  });

  it('an empty organisation answers every stage, month and bucket at zero', async () => {
    const body = (await charts(auth)).body;
    expect(body.pipeline_by_stage).toHaveLength(8);
    expect(body.pipeline_by_stage.every((entry) => entry.count === 0 && entry.amount_eur === 0)).toBe(true);
    expect(body.deals_per_month).toHaveLength(12);
    expect(body.deals_per_month.at(-1)?.month).toBe(monthOf(0));
    expect(body.deals_per_month.every((entry) => entry.created === 0 && entry.closed === 0)).toBe(true);
    expect(body.score_distribution.map((bucket) => [bucket.from, bucket.to, bucket.count])).toEqual(
      Array.from({ length: 10 }, (_, index) => [index, index + 1, 0]),
    );
    expect(body.funding_rounds_per_month.every((entry) => entry.count === 0 && entry.amount_eur === 0)).toBe(
      true,
    );
    expect(body.thesis_sectors).toEqual([
      'B2B SaaS',
      'Fintech',
      'Healthtech',
      'Climate Tech',
      'Deeptech',
      'Marketplaces',
    ]);
  });

  it('answers exact figures over seeded deals and rounds, and nothing of another organisation', async () => {
    const seed = historySeeder(server.database.db, auth.organization.id, NOW);
    const company = await seed.company('Chart Co', 600);
    // [amount, created days ago, initial stage, changes, thematic score]
    await seed.deal({
      companyId: company,
      amount: 1_000_000,
      createdDaysAgo: 50,
      initialStage: 'lead',
      thematicScore: 7.5,
    });
    await seed.deal({
      companyId: company,
      amount: 2_500_000.5,
      createdDaysAgo: 40,
      initialStage: 'qualified',
      changes: [[20, 'closed']],
      thematicScore: 9.99,
    });
    await seed.deal({
      companyId: company,
      amount: 750_000,
      createdDaysAgo: 45,
      initialStage: 'lead',
      changes: [[20, 'rejected']],
      thematicScore: 10,
    });
    await seed.deal({
      companyId: company,
      amount: 3_000_000,
      createdDaysAgo: 5,
      initialStage: 'lead',
      thematicScore: 0,
    });
    await seed.deal({
      companyId: company,
      amount: 5_000_000,
      createdDaysAgo: 100,
      initialStage: 'closed',
      thematicScore: 3.2,
    });
    await seed.deal({
      companyId: company,
      amount: 1_200_000,
      createdDaysAgo: 500,
      initialStage: 'closed',
      thematicScore: 3,
    });
    await seed.deal({
      companyId: company,
      amount: 4_000_000,
      createdDaysAgo: 60,
      initialStage: 'lead',
      changes: [
        [45, 'closed'],
        [10, 'due_diligence'],
      ],
    });
    await seed.deal({
      companyId: company,
      amount: 600_000,
      createdDaysAgo: 50,
      initialStage: 'lead',
      changes: [[5, 'rejected']],
    });
    // Default thesis sectors: B2B SaaS, Fintech, Healthtech, Climate Tech, Deeptech, Marketplaces.
    await seed.round({ sector: 'Fintech', amountEur: 12_000_000, announcedDaysAgo: 10 });
    await seed.round({ sector: 'B2B SaaS', amountEur: 3_500_000.25, announcedDaysAgo: 10 });
    await seed.round({ sector: 'payments', amountEur: null, announcedDaysAgo: 40 }); // a Fintech focus area
    await seed.round({ sector: 'Gaming', amountEur: 50_000_000, announcedDaysAgo: 10 }); // not a thesis sector
    await seed.round({ sector: null, amountEur: 9_000_000, announcedDaysAgo: 10 }); // sector unknown
    await seed.round({ sector: 'Fintech', amountEur: 8_000_000, announcedDaysAgo: 400 }); // older than 12 months

    const elsewhere = historySeeder(server.database.db, other.organization.id, NOW);
    const otherCompany = await elsewhere.company('Elsewhere', 30);
    await elsewhere.deal({
      companyId: otherCompany,
      amount: 99_000_000,
      createdDaysAgo: 10,
      initialStage: 'lead',
      thematicScore: 5,
    });
    await elsewhere.deal({
      companyId: otherCompany,
      amount: 1,
      createdDaysAgo: 10,
      initialStage: 'lead',
      changes: [[1, 'closed']],
    });
    await elsewhere.round({ sector: 'Fintech', amountEur: 77_000_000, announcedDaysAgo: 10 });

    const response = await charts(auth);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;

    expect(body.pipeline_by_stage).toEqual([
      { stage: 'lead', count: 2, amount_eur: 4_000_000 },
      { stage: 'qualified', count: 0, amount_eur: 0 },
      { stage: 'due_diligence', count: 1, amount_eur: 4_000_000 },
      { stage: 'ic_review', count: 0, amount_eur: 0 },
      { stage: 'term_sheet', count: 0, amount_eur: 0 },
      { stage: 'legal_docs', count: 0, amount_eur: 0 },
      { stage: 'closed', count: 3, amount_eur: 8_700_000.5 },
      { stage: 'rejected', count: 2, amount_eur: 1_350_000 },
    ]);

    // Created: every deal but the one 500 days ago. Closed now: the one closed 20 days ago and the
    // one entered as closed 100 days ago (the 500-day one is out of range; the reopened one is not closed).
    const created = new Map<string, number>();
    for (const days of [50, 40, 45, 5, 100, 60, 50]) tally(created, monthOf(days));
    const closed = new Map<string, number>();
    for (const days of [20, 100]) tally(closed, monthOf(days));
    expect(body.deals_per_month.map((entry) => entry.month)).toEqual(lastMonths(new Date(NOW), 12).months);
    for (const entry of body.deals_per_month) {
      expect(entry, entry.month).toEqual({
        month: entry.month,
        created: created.get(entry.month) ?? 0,
        closed: closed.get(entry.month) ?? 0,
      });
    }

    // 0 → 0–1; 3 and 3.2 → 3–4; 7.5 → 7–8; 9.99 and 10 → 9–10; unscored deals are left out.
    expect(body.score_distribution.map((bucket) => bucket.count)).toEqual([1, 0, 0, 2, 0, 0, 0, 1, 0, 2]);

    const count = new Map<string, number>();
    const amount = new Map<string, number>();
    const unknown = new Map<string, number>();
    tally(count, monthOf(10), 2);
    tally(amount, monthOf(10), 15_500_000.25);
    tally(count, monthOf(40));
    tally(unknown, monthOf(40));
    for (const entry of body.funding_rounds_per_month) {
      expect(entry, entry.month).toEqual({
        month: entry.month,
        count: count.get(entry.month) ?? 0,
        amount_eur: amount.get(entry.month) ?? 0,
        amount_unknown: unknown.get(entry.month) ?? 0,
      });
    }

    // The other organisation sees only its own.
    const theirs = (await charts(other)).body;
    expect(theirs.pipeline_by_stage.find((entry) => entry.stage === 'lead')).toEqual({
      stage: 'lead',
      count: 1,
      amount_eur: 99_000_000,
    });
    expect(theirs.score_distribution[5]?.count).toBe(1);
    expect(theirs.funding_rounds_per_month.reduce((sum, entry) => sum + entry.amount_eur, 0)).toBe(
      77_000_000,
    );
  });

  it('matches rounds against the organisation’s own thesis sectors', async () => {
    const custom = await registerOrganization(server.app);
    const thesis = await call<{ data: Record<string, unknown> }>(
      server.app,
      'GET',
      '/api/v1/configuration/thesis',
      {
        token: custom.access_token,
      },
    );
    expect(thesis.status, JSON.stringify(thesis.body)).toBe(200);
    const saved = await call(server.app, 'PUT', '/api/v1/configuration/thesis', {
      token: custom.access_token,
      body: {
        ...thesis.body.data,
        target_sectors: { gaming: { name: 'Gaming', weight: 1, focus_areas: [] } },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const seed = historySeeder(server.database.db, custom.organization.id, NOW);
    await seed.round({ sector: 'Gaming', amountEur: 2_000_000, announcedDaysAgo: 1 });
    await seed.round({ sector: 'Fintech', amountEur: 3_000_000, announcedDaysAgo: 1 });
    const body = (await charts(custom)).body;
    expect(body.thesis_sectors).toEqual(['Gaming']);
    expect(body.funding_rounds_per_month.at(-1)).toMatchObject({ count: 1, amount_eur: 2_000_000 });
  });
});
