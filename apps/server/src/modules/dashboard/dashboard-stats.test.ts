import type { TAuthResponse, TDashboardFigures, TDashboardStats } from '@atempo/contracts';
import { metricSnapshots } from '@atempo/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { historySeeder } from './dashboard.fixtures.ts';
import { figuresAt } from './dashboard-figures.ts';
import {
  DAILY_SNAPSHOT_CRON,
  dashboardSnapshotsJob,
  snapshotAllOrganizations,
} from './dashboard-snapshots.job.ts';
import { utcDay } from './dashboard-stats.service.ts';

let server: TestServer;
const NOW = Date.now();
const dayOf = (daysAgo: number) => utcDay(new Date(NOW - daysAgo * 24 * 60 * 60 * 1000));

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const stats = (auth: TAuthResponse) =>
  call<TDashboardStats>(server.app, 'GET', '/api/v1/intelligence/dashboard/stats', {
    token: auth.access_token,
  });

async function snapshotOf(organizationId: string, day: string) {
  const [row] = await server.database.db
    .select()
    .from(metricSnapshots)
    .where(and(eq(metricSnapshots.organizationId, organizationId), eq(metricSnapshots.day, day)));
  return row?.metrics;
}

/**
 * Organisation A's history (days before now). A month ago means 30 days ago.
 *   companies: created 60, 45 and 10 days ago → 3 now, 2 a month ago.
 *   D1 lead since 50 · D2 qualified at 40, closed at 20 · D3 lead at 45, rejected at 20 · D4 lead at 5
 *   D5 entered closed 100 · D6 entered closed 500 (outside the 12-month window both times)
 *   D7 lead at 60, closed at 45, reopened to due diligence at 10 · D8 lead at 50, rejected at 5
 *   now: active D1 D4 D7 = 3; decided in 12 months D2 D3 D5 D8, closed D2 D5 → 2/4 = 50.0%
 *   a month ago: active D1 D2 D3 D8 = 4; decided D5 D7, both closed → 2/2 = 100.0%
 *   high signals: 5, 25 (last 30 days: 2); 40 (30–60 days ago: 1); 70 (neither); medium at 3 (never)
 */
async function seedOrganizationA(organizationId: string) {
  const seed = historySeeder(server.database.db, organizationId, NOW);
  const acme = await seed.company('Acme Robotics', 60);
  await seed.company('Beta Payments', 45);
  await seed.company('Gamma Health', 10);
  await seed.deal({ companyId: acme, amount: 1, createdDaysAgo: 50, initialStage: 'lead' });
  await seed.deal({
    companyId: acme,
    amount: 1,
    createdDaysAgo: 40,
    initialStage: 'qualified',
    changes: [[20, 'closed']],
  });
  await seed.deal({
    companyId: acme,
    amount: 1,
    createdDaysAgo: 45,
    initialStage: 'lead',
    changes: [[20, 'rejected']],
  });
  await seed.deal({ companyId: acme, amount: 1, createdDaysAgo: 5, initialStage: 'lead' });
  await seed.deal({ companyId: acme, amount: 1, createdDaysAgo: 100, initialStage: 'closed' });
  await seed.deal({ companyId: acme, amount: 1, createdDaysAgo: 500, initialStage: 'closed' });
  await seed.deal({
    companyId: acme,
    amount: 1,
    createdDaysAgo: 60,
    initialStage: 'lead',
    changes: [
      [45, 'closed'],
      [10, 'due_diligence'],
    ],
  });
  await seed.deal({
    companyId: acme,
    amount: 1,
    createdDaysAgo: 50,
    initialStage: 'lead',
    changes: [[5, 'rejected']],
  });
  for (const [impact, days] of [
    ['high', 5],
    ['high', 25],
    ['high', 40],
    ['high', 70],
    ['medium', 3],
  ] as const)
    await seed.signal(impact, days);
}

/** Another organisation with plenty of everything: none of it may reach A's figures. */
async function seedOtherOrganization(organizationId: string) {
  const seed = historySeeder(server.database.db, organizationId, NOW);
  const other = await seed.company('Other Co', 90);
  await seed.company('Other Two', 2);
  for (const days of [80, 3, 1])
    await seed.deal({ companyId: other, amount: 5, createdDaysAgo: days, initialStage: 'lead' });
  await seed.deal({
    companyId: other,
    amount: 5,
    createdDaysAgo: 70,
    initialStage: 'lead',
    changes: [[60, 'closed']],
  });
  for (const days of [1, 2, 35]) await seed.signal('high', days);
}

describe('GET /intelligence/dashboard/stats', () => {
  let orgA: TAuthResponse;
  let other: TAuthResponse;

  beforeAll(async () => {
    orgA = await registerOrganization(server.app);
    other = await registerOrganization(server.app);
    await seedOrganizationA(orgA.organization.id);
    await seedOtherOrganization(other.organization.id);
  }, 120_000);

  it('answers 401 without a session', async () => {
    const response = await call(server.app, 'GET', '/api/v1/intelligence/dashboard/stats');
    expect(response.status).toBe(401);
  });

  it('compares with figures reconstructed from timestamps when no snapshot exists, and keeps today', async () => {
    const response = await stats(orgA);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      active_deals: { value: 3, previous: 4, change: -25, trend: 'down' },
      companies_tracked: { value: 3, previous: 2, change: 50, trend: 'up' },
      high_priority_alerts: { value: 2, previous: 1, change: 100, trend: 'up' },
      deal_conversion: { value: 50, previous: 100, change: -50, trend: 'down', closed: 2, decided: 4 },
      comparison: { basis: 'reconstructed', day: dayOf(30) },
      as_of: expect.any(String),
    });
    // Today's snapshot was recorded by the visit.
    expect(await snapshotOf(orgA.organization.id, dayOf(0))).toEqual({
      active_deals: 3,
      companies_tracked: 3,
      high_priority_alerts: 2,
      deals_closed: 2,
      deals_decided: 4,
    } satisfies TDashboardFigures);
  });

  it("counts only the caller's organisation", async () => {
    const response = await stats(other);
    expect(response.body).toMatchObject({
      active_deals: { value: 3, previous: 1 },
      companies_tracked: { value: 2, previous: 1 },
      high_priority_alerts: { value: 2, previous: 1 },
      deal_conversion: { value: 100, previous: 100, change: 0, trend: 'up', closed: 1, decided: 1 },
    });
  });

  it('an empty organisation answers zeros, change 0 and trend up', async () => {
    const empty = await registerOrganization(server.app);
    const zero = { value: 0, previous: 0, change: 0, trend: 'up' };
    expect((await stats(empty)).body).toMatchObject({
      active_deals: zero,
      companies_tracked: zero,
      high_priority_alerts: zero,
      deal_conversion: { ...zero, closed: 0, decided: 0 },
      comparison: { basis: 'reconstructed' },
    });
  });

  it('compares with the snapshot nearest 30 days ago, within 3 days, over the reconstruction', async () => {
    const auth = await registerOrganization(server.app);
    const organizationId = auth.organization.id;
    const seed = historySeeder(server.database.db, organizationId, NOW);
    const company = await seed.company('Snap Co', 200);
    await seed.deal({ companyId: company, amount: 1, createdDaysAgo: 150, initialStage: 'lead' });
    await seed.deal({
      companyId: company,
      amount: 1,
      createdDaysAgo: 150,
      initialStage: 'lead',
      changes: [[100, 'closed']],
    });
    await seed.signal('high', 1);
    // What the reconstruction would say a month ago: 1 active, 1 company, 0 alerts, 1/1 closed.
    // The snapshots say otherwise (deals since deleted, say); the one 29 days ago is nearest.
    const figures = (active: number, companiesTracked: number, closed: number, decided: number) => ({
      active_deals: active,
      companies_tracked: companiesTracked,
      high_priority_alerts: 0,
      deals_closed: closed,
      deals_decided: decided,
    });
    await server.database.db.insert(metricSnapshots).values([
      { organizationId, day: dayOf(40), metrics: figures(50, 50, 0, 50) },
      { organizationId, day: dayOf(32), metrics: figures(9, 9, 0, 9) },
      { organizationId, day: dayOf(29), metrics: figures(4, 2, 1, 4) },
    ]);
    expect((await stats(auth)).body).toEqual({
      active_deals: { value: 1, previous: 4, change: -75, trend: 'down' },
      companies_tracked: { value: 1, previous: 2, change: -50, trend: 'down' },
      // Zero a month ago: there is no percentage of zero.
      high_priority_alerts: { value: 1, previous: 0, change: null, trend: 'up' },
      deal_conversion: { value: 100, previous: 25, change: 75, trend: 'up', closed: 1, decided: 1 },
      comparison: { basis: 'snapshot', day: dayOf(29) },
      as_of: expect.any(String),
    });
  });

  it('ignores snapshots further than 3 days from a month ago, and rebuilds when the only one within reach is unreadable', async () => {
    const auth = await registerOrganization(server.app);
    const organizationId = auth.organization.id;
    const readable = {
      active_deals: 7,
      companies_tracked: 7,
      high_priority_alerts: 0,
      deals_closed: 0,
      deals_decided: 0,
    } satisfies TDashboardFigures;
    await server.database.db.insert(metricSnapshots).values([
      // Readable, but 4 days either side of a month ago: out of reach.
      { organizationId, day: dayOf(34), metrics: readable },
      { organizationId, day: dayOf(26), metrics: readable },
      // Within reach (1 day off) but partial: it cannot be compared with.
      { organizationId, day: dayOf(31), metrics: { active_deals: 7, companies_tracked: 7 } },
    ]);
    const body = (await stats(auth)).body;
    expect(body.comparison).toEqual({ basis: 'reconstructed', day: dayOf(30) });
    // The reconstruction of an organisation that had nothing, not the 7 of any snapshot.
    expect(body.active_deals).toEqual({ value: 0, previous: 0, change: 0, trend: 'up' });
    expect(body.companies_tracked).toEqual({ value: 0, previous: 0, change: 0, trend: 'up' });
  });

  it('passes over an unreadable nearest snapshot for the next nearest readable one', async () => {
    const auth = await registerOrganization(server.app);
    const organizationId = auth.organization.id;
    const seed = historySeeder(server.database.db, organizationId, NOW);
    await seed.company('Now Co', 100);
    await seed.company('Also Now Co', 100);
    const figures = (companiesTracked: number): TDashboardFigures => ({
      active_deals: 0,
      companies_tracked: companiesTracked,
      high_priority_alerts: 0,
      deals_closed: 0,
      deals_decided: 0,
    });
    await server.database.db.insert(metricSnapshots).values([
      // Exactly a month ago, but a value of the wrong type: unreadable.
      { organizationId, day: dayOf(30), metrics: { ...figures(1), companies_tracked: 'one' } },
      { organizationId, day: dayOf(29), metrics: figures(4) },
      { organizationId, day: dayOf(33), metrics: figures(8) },
    ]);
    const body = (await stats(auth)).body;
    expect(body.comparison).toEqual({ basis: 'snapshot', day: dayOf(29) });
    expect(body.companies_tracked).toEqual({ value: 2, previous: 4, change: -50, trend: 'down' });
  });

  it('rounds changes to one decimal', async () => {
    const auth = await registerOrganization(server.app);
    const seed = historySeeder(server.database.db, auth.organization.id, NOW);
    for (const [index, days] of [40, 40, 1].entries()) await seed.company(`Round ${index}`, days);
    // 3 → 4 companies: +33.3%; conversion 2/3 = 66.7% against nothing decided (0%): +66.7 points.
    const company = await seed.company('Closer', 40);
    for (const stage of ['closed', 'closed', 'rejected'] as const)
      await seed.deal({
        companyId: company,
        amount: 1,
        createdDaysAgo: 40,
        initialStage: 'lead',
        changes: [[2, stage]],
      });
    const body = (await stats(auth)).body;
    expect(body.companies_tracked).toEqual({ value: 4, previous: 3, change: 33.3, trend: 'up' });
    expect(body.deal_conversion).toEqual({
      value: 66.7,
      previous: 0,
      change: 66.7,
      trend: 'up',
      closed: 2,
      decided: 3,
    });
  });
});

describe('daily snapshot job', () => {
  it('runs daily and records each organisation once a day', async () => {
    expect(DAILY_SNAPSHOT_CRON).toBe('5 0 * * *');
    expect(dashboardSnapshotsJob({ db: server.database.db } as never).cron).toBe(DAILY_SNAPSHOT_CRON);
    const auth = await registerOrganization(server.app);
    const seed = historySeeder(server.database.db, auth.organization.id, NOW);
    const company = await seed.company('Cron Co', 3);
    await seed.deal({ companyId: company, amount: 1, createdDaysAgo: 2, initialStage: 'lead' });

    const at = new Date('2031-03-04T00:05:00Z');
    const first = await snapshotAllOrganizations({ db: server.database.db }, at);
    expect(first.recorded).toBe(first.organizations);
    expect(first.organizations).toBeGreaterThanOrEqual(1);
    expect(await snapshotOf(auth.organization.id, '2031-03-04')).toEqual({
      active_deals: 1,
      companies_tracked: 1,
      high_priority_alerts: 0,
      deals_closed: 0,
      deals_decided: 0,
    });
    // A second run the same day keeps the first reading.
    await seed.company('Later Co', 0);
    expect(await snapshotAllOrganizations({ db: server.database.db }, at)).toEqual({
      organizations: first.organizations,
      recorded: 0,
    });
    expect(await snapshotOf(auth.organization.id, '2031-03-04')).toMatchObject({ companies_tracked: 1 });
    expect((await figuresAt(server.database.db, auth.organization.id, at)).companies_tracked).toBe(2);
  });
});
