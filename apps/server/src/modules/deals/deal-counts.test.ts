import type { DEAL_STAGES, TAuthResponse, TDeal, TDealListResponse } from '@atempo/contracts';
import { dealStageCounts, deals, organizations } from '@atempo/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { uploadCsv } from '../../test/upload-csv.ts';
import { createCompany, createDeal } from './pipeline.fixtures.ts';

/**
 * deal_stage_counts (kept by triggers, decision 019) must equal count(*) of deals per organisation
 * and stage after every kind of write, and the list's total must agree with the deals it pages.
 */

let server: TestServer;
let orgA: TAuthResponse;
let orgB: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  orgA = await registerOrganization(server.app);
  orgB = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

/** Per stage, as the triggers keep it (zero rows left out) and as count(*) sees it. */
async function countsOf(organizationId: string) {
  const db = server.database.db;
  const kept = await db
    .select({ stage: dealStageCounts.stage, n: dealStageCounts.dealCount })
    .from(dealStageCounts)
    .where(eq(dealStageCounts.organizationId, organizationId));
  const counted = await db
    .select({ stage: deals.stage, n: count() })
    .from(deals)
    .where(eq(deals.organizationId, organizationId))
    .groupBy(deals.stage);
  const asObject = (rows: { stage: string; n: number }[]): Record<string, number> =>
    Object.fromEntries(
      rows
        .filter((row) => Number(row.n) !== 0)
        .map((row) => [row.stage, Number(row.n)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return { kept: asObject(kept), counted: asObject(counted) };
}

/** The kept counts equal count(*), and every list total (all, each stage, two stages) is right. */
async function expectConsistent(org: TAuthResponse, expected?: Record<string, number>) {
  const { kept, counted } = await countsOf(org.organization.id);
  expect(kept).toEqual(counted);
  if (expected) expect(counted).toEqual(expected);
  const all = Object.values(counted).reduce((sum, n) => sum + n, 0);
  const list = await call<TDealListResponse>(server.app, 'GET', '/api/v1/deals?limit=1', {
    token: org.access_token,
  });
  expect(list.status).toBe(200);
  expect(list.body.total).toBe(all);
  for (const stage of ['lead', 'closed']) {
    const byStage = await call<TDealListResponse>(server.app, 'GET', `/api/v1/deals?stage=${stage}&limit=1`, {
      token: org.access_token,
    });
    expect(byStage.body.total, stage).toBe(counted[stage] ?? 0);
  }
  const two = await call<TDealListResponse>(
    server.app,
    'GET',
    '/api/v1/deals?stage=lead&stage=closed&limit=1',
    {
      token: org.access_token,
    },
  );
  expect(two.body.total).toBe((counted.lead ?? 0) + (counted.closed ?? 0));
  // A page past the end has no row to carry the total: it is asked on its own, from the same counts.
  const past = await call<TDealListResponse>(server.app, 'GET', `/api/v1/deals?offset=${all + 5}`, {
    token: org.access_token,
  });
  expect(past.body).toMatchObject({ deals: [], total: all });
}

const newDeal = (org: TAuthResponse, company: string, stage: (typeof DEAL_STAGES)[number] = 'lead') =>
  createDeal(server.app, org.access_token, { company_name: company, amount_requested: 1_000_000, stage });

describe('deal_stage_counts', () => {
  let first: TDeal;

  it('counts created deals per stage, and the list totals come out right', async () => {
    first = await newDeal(orgA, 'Count One');
    await newDeal(orgA, 'Count Two');
    await newDeal(orgA, 'Count Three', 'closed');
    await newDeal(orgB, 'Other Org');
    await expectConsistent(orgA, { lead: 2, closed: 1 });
    await expectConsistent(orgB, { lead: 1 });
  });

  it('follows a stage change both ways, and ignores updates that keep the stage', async () => {
    const moved = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${first.id}`, {
      token: orgA.access_token,
      body: { stage: 'closed' },
    });
    expect(moved.status).toBe(200);
    await expectConsistent(orgA, { lead: 1, closed: 2 });
    const same = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${first.id}`, {
      token: orgA.access_token,
      body: { stage: 'closed', amount_requested: 2_000_000 },
    });
    expect(same.status).toBe(200);
    await expectConsistent(orgA, { lead: 1, closed: 2 });
  });

  it('follows a deleted deal', async () => {
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/deals/${first.id}`,
      headers: { authorization: `Bearer ${orgA.access_token}` },
    });
    expect(deleted.statusCode).toBe(200);
    await expectConsistent(orgA, { lead: 1, closed: 1 });
  });

  it('counts a CSV import (one statement for many deals)', async () => {
    const csv = [
      'Company,Amount,Stage',
      'Import A,1m,Lead',
      'Import B,2m,Lead',
      'Import C,3m,Closed',
      'Import D,4m,Due Diligence',
    ].join('\r\n');
    const imported = await uploadCsv(server.app, '/api/v1/deals/import', orgA.access_token, csv);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.imported).toBe(4);
    await expectConsistent(orgA, { lead: 3, closed: 2, due_diligence: 1 });
  });

  it("follows a company's delete cascading to its deals in several stages", async () => {
    const company = await createCompany(server.app, orgA.access_token, { name: 'Cascade Ltd' });
    for (const stage of ['lead', 'closed', 'closed'] as const) {
      await createDeal(server.app, orgA.access_token, {
        company_id: company.id,
        amount_requested: 500_000,
        stage,
      });
    }
    await expectConsistent(orgA, { lead: 4, closed: 4, due_diligence: 1 });
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/companies/${company.id}`,
      headers: { authorization: `Bearer ${orgA.access_token}` },
    });
    expect(deleted.statusCode).toBe(200);
    await expectConsistent(orgA, { lead: 3, closed: 2, due_diligence: 1 });
  });

  it('stays right under concurrent creates and opposite stage moves', async () => {
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => newDeal(orgA, `Concurrent ${i}`, i % 2 === 0 ? 'lead' : 'closed')),
    );
    await expectConsistent(orgA, { lead: 9, closed: 8, due_diligence: 1 });
    // Lead → closed and closed → lead at the same time: both lock their two count rows in one order.
    const moves = await Promise.all(
      created.map((deal) =>
        call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
          token: orgA.access_token,
          body: { stage: deal.stage === 'lead' ? 'closed' : 'lead' },
        }),
      ),
    );
    expect(moves.map((move) => move.status)).toEqual(created.map(() => 200));
    await expectConsistent(orgA, { lead: 9, closed: 8, due_diligence: 1 });
  });

  it("goes with a deleted organisation, and leaves the other organisation's counts alone", async () => {
    await server.database.db.delete(organizations).where(eq(organizations.id, orgA.organization.id));
    expect(await countsOf(orgA.organization.id)).toEqual({ kept: {}, counted: {} });
    const { kept, counted } = await countsOf(orgB.organization.id);
    expect(kept).toEqual({ lead: 1 });
    expect(counted).toEqual({ lead: 1 });
  });
});
