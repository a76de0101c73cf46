import { DEFAULT_THESIS, type TAuthResponse, type TDeal, type TDealUpdatesResponse } from '@atempo/contracts';
import { dealActivity, deals } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { uploadCsv } from '../../test/upload-csv.ts';
import { createCompany, createDeal, STRONG_COMPANY } from '../deals/pipeline.fixtures.ts';
import { rescoreOrganization } from '../scoring/rescore.service.ts';
import { saveThesis } from '../thesis/thesis.service.ts';
import { formatScore, redFlagIds, type ScoreState, scoreChanged } from './deal-activity-sentences.ts';

let server: TestServer;
let a: TAuthResponse;
let b: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

async function updates(dealId: string, query = '', who = a) {
  return call<TDealUpdatesResponse>(server.app, 'GET', `/api/v1/deals/${dealId}/updates${query}`, {
    token: who.access_token,
  });
}

async function patch(dealId: string, body: Record<string, unknown>) {
  const response = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${dealId}`, {
    token: a.access_token,
    body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe('the activity of one deal', () => {
  it('records the creation, then stage and amount changes, newest first, by whom', async () => {
    const company = await createCompany(server.app, a.access_token, {
      name: 'Lumen Robotics',
      ...STRONG_COMPANY,
    });
    const deal = await createDeal(server.app, a.access_token, {
      company_id: company.id,
      amount_requested: 5_000_000,
    });

    let log = (await updates(deal.id)).body;
    expect(log).toMatchObject({ deal_id: deal.id, since: null });
    expect(log.updates).toHaveLength(1);
    expect(log.updates[0]).toMatchObject({
      kind: 'deal_created',
      summary: `Deal #${deal.deal_number} created for Lumen Robotics: €5,000,000 requested at Lead`,
      actor: 'Ada Lovelace',
      details: { via: 'api', amount_requested: 5_000_000, stage: 'lead' },
    });

    await patch(deal.id, { stage: 'qualified' });
    await patch(deal.id, { stage: 'qualified' }); // no change, no entry
    await patch(deal.id, { description: 'Warm intro' }); // not a logged field
    log = (await updates(deal.id)).body;
    expect(log.updates.map((entry) => entry.kind)).toEqual(['stage_changed', 'deal_created']);
    expect(log.updates[0]).toMatchObject({
      summary: 'Stage changed from Lead to Qualified',
      details: { from: 'lead', to: 'qualified' },
      actor: 'Ada Lovelace',
    });

    const before = deal;
    const after = await patch(deal.id, { amount_requested: 40_000_000, stage: 'due_diligence' });
    log = (await updates(deal.id)).body;
    const latest = log.updates.slice(0, log.updates.length - 2);
    expect(latest.map((entry) => entry.kind)).toEqual(
      after.thematic_score !== before.thematic_score || after.red_flag_level !== before.red_flag_level
        ? ['score_changed', 'amount_changed', 'stage_changed']
        : ['amount_changed', 'stage_changed'],
    );
    expect(latest.find((entry) => entry.kind === 'amount_changed')).toMatchObject({
      summary: 'Amount requested changed from €5,000,000 to €40,000,000',
      details: { from: 5_000_000, to: 40_000_000 },
    });
    expect(latest.find((entry) => entry.kind === 'stage_changed')?.summary).toBe(
      'Stage changed from Qualified to Due Diligence',
    );
    // 40M is above the default thesis' 25M maximum: the score must have moved.
    const scored = latest.find((entry) => entry.kind === 'score_changed');
    expect(scored).toBeDefined();
    const flagIds = (deal: TDeal) => (deal.red_flags ?? []).map((flag) => flag.flag_type);
    expect(scored!.details).toEqual({
      from: {
        thematic_score: before.thematic_score,
        red_flag_level: before.red_flag_level,
        red_flags: flagIds(before),
      },
      to: {
        thematic_score: after.thematic_score,
        red_flag_level: after.red_flag_level,
        red_flags: flagIds(after),
      },
    });
    expect(scored!.summary).toContain(
      `hematic score changed from ${formatScore(before.thematic_score)} to ${formatScore(after.thematic_score)}`,
    );
  });

  it('answers only what happened after since, and at most limit entries', async () => {
    const deal = await createDeal(server.app, a.access_token, {
      company_name: 'Since Ltd',
      amount_requested: 3e6,
    });
    const created = (await updates(deal.id)).body.updates[0]!;
    await patch(deal.id, { stage: 'qualified' });
    await patch(deal.id, { stage: 'ic_review' });

    const since = await updates(deal.id, `?since=${encodeURIComponent(created.occurred_at)}`);
    expect(since.status).toBe(200);
    expect(since.body.since).toBe(new Date(created.occurred_at).toISOString());
    expect(since.body.updates.map((entry) => entry.summary)).toEqual([
      'Stage changed from Qualified to IC Review',
      'Stage changed from Lead to Qualified',
    ]);
    const limited = await updates(deal.id, '?limit=1');
    expect(limited.body.updates.map((entry) => entry.summary)).toEqual([
      'Stage changed from Qualified to IC Review',
    ]);
    const future = await updates(deal.id, `?since=${encodeURIComponent('2999-01-01T00:00:00+01:00')}`);
    expect(future.body.updates).toEqual([]);
  });

  it('writes nothing when the change is refused', async () => {
    const deal = await createDeal(server.app, a.access_token, {
      company_name: 'Refused Ltd',
      amount_requested: 3e6,
    });
    const response = await call(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token: a.access_token,
      body: { stage: 'qualified', amount_requested: -1 },
    });
    expect(response.status).toBe(422);
    const other = await call(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token: a.access_token,
      body: { stage: 'qualified', company_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.status).toBe(404);
    expect((await updates(deal.id)).body.updates.map((entry) => entry.kind)).toEqual(['deal_created']);
  });

  it('refuses bad input with 422 and another organisation with 404', async () => {
    const deal = await createDeal(server.app, a.access_token, {
      company_name: 'Private Ltd',
      amount_requested: 3e6,
    });
    for (const query of ['?since=yesterday', '?since=2026-01-01', '?limit=0', '?limit=201', '?limit=x']) {
      const response = await updates(deal.id, query);
      expect(response.status, query).toBe(422);
      expect(response.body.code).toBeTypeOf('string');
    }
    expect((await updates('not-a-uuid')).status).toBe(422);
    const foreign = await updates(deal.id, '', b);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Deal not found' });
    expect((await updates('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('the bulk paths', () => {
  it('logs each imported deal as imported from CSV', async () => {
    const csv =
      'company_name,amount_requested,stage\nImport One Ltd,2000000,Lead\nImport Two Ltd,3500000,Qualified\n';
    const result = await uploadCsv(server.app, '/api/v1/deals/import', a.access_token, csv);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const list = await call<{ deals: { id: string; company: string }[] }>(
      server.app,
      'GET',
      '/api/v1/deals?q=Import&limit=10',
      { token: a.access_token },
    );
    const two = list.body.deals.find((deal) => deal.company === 'Import Two Ltd')!;
    const log = (await updates(two.id)).body.updates;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      kind: 'deal_created',
      actor: 'Ada Lovelace',
      details: { via: 'csv_import', stage: 'qualified', amount_requested: 3_500_000 },
    });
    expect(log[0]!.summary).toMatch(
      /^Deal #\d+ imported from CSV for Import Two Ltd: €3,500,000 requested at Qualified$/,
    );
  });

  it('logs a re-score only for deals whose score or red-flag level changed or that gained a red flag, in the same sentence', async () => {
    const org = await registerOrganization(server.app);
    const token = org.access_token;
    const strong = await createCompany(server.app, token, { name: 'Strong Ltd', ...STRONG_COMPANY });
    const fits = await createDeal(server.app, token, { company_id: strong.id, amount_requested: 5_000_000 });
    const large = await createDeal(server.app, token, {
      company_id: strong.id,
      amount_requested: 22_000_000,
    });
    const db = server.database.db;
    const organizationId = org.organization.id;
    const stored = async (id: string): Promise<ScoreState> => {
      const [row] = await db
        .select({
          thematic_score: deals.thematicScore,
          red_flag_level: deals.redFlagLevel,
          red_flags: deals.redFlags,
        })
        .from(deals)
        .where(eq(deals.id, id));
      return { ...row!, red_flags: redFlagIds(row!.red_flags) };
    };
    const logOf = async (id: string) =>
      (
        await call<TDealUpdatesResponse>(server.app, 'GET', `/api/v1/deals/${id}/updates`, { token })
      ).body.updates.filter((entry) => entry.kind === 'score_changed');

    // Nothing changed: the rescore writes nothing and logs nothing.
    const unchanged = await rescoreOrganization(db, organizationId);
    expect(unchanged.deals.changed).toBe(0);
    expect(await logOf(fits.id)).toEqual([]);

    // Only deals from 20M fit the new range: the 5M deal's score falls, the 22M deal's does not.
    const before = { fits: await stored(fits.id), large: await stored(large.id) };
    await saveThesis(db, organizationId, org.user.id, {
      ...DEFAULT_THESIS,
      deal_size_range: [20_000_000, 25_000_000],
    });
    const result = await rescoreOrganization(db, organizationId, { pageSize: 1 });
    const after = { fits: await stored(fits.id), large: await stored(large.id) };
    expect(after.fits).not.toEqual(before.fits);

    const logged = await logOf(fits.id);
    expect(logged).toHaveLength(1);
    // The SQL of the page's statement writes the sentence the single-deal path writes.
    const expected = scoreChanged({ organizationId, dealId: fits.id }, before.fits, after.fits);
    expect(logged[0]!.summary).toBe(expected!.summary);
    // The 5M deal is now outside the range: a flag the SQL names as the sentence function does.
    expect(logged[0]!.summary).toContain('new red flag: amount outside thesis range');
    expect(logged[0]!.details).toEqual({ from: before.fits, to: after.fits });
    expect(logged[0]!.actor).toBeNull();

    const largeLogged = await logOf(large.id);
    const largeMoved = scoreChanged({ organizationId, dealId: large.id }, before.large, after.large) !== null;
    expect(largeLogged).toHaveLength(largeMoved ? 1 : 0);

    // Every score_changed row of the organisation belongs to a deal whose headline moved.
    const rows = await db.select().from(dealActivity).where(eq(dealActivity.organizationId, organizationId));
    expect(rows.filter((row) => row.kind === 'score_changed')).toHaveLength(1 + (largeMoved ? 1 : 0));
    expect(result.deals.changed).toBeGreaterThanOrEqual(1);

    // A second run changes nothing and logs nothing more.
    await rescoreOrganization(db, organizationId);
    expect(await logOf(fits.id)).toHaveLength(1);

    // A deal never scored (loaded by other means) reads "unscored" and "none" in both paths.
    await db
      .update(deals)
      .set({ thematicScore: null, redFlagLevel: null, redFlags: null })
      .where(eq(deals.id, large.id));
    await rescoreOrganization(db, organizationId);
    const first = (await logOf(large.id))[0]!;
    const rescored = await stored(large.id);
    const unscored = { thematic_score: null, red_flag_level: null, red_flags: [] };
    expect(first.summary).toBe(
      scoreChanged({ organizationId, dealId: large.id }, unscored, rescored)!.summary,
    );
    expect(first.details).toEqual({ from: unscored, to: rescored });
    expect(first.summary).toMatch(
      /^Thematic score changed from unscored to \d+\.\d; red-flag level changed from none to [a-z ]+(; new red flags?: [a-z ,]+)?$/,
    );
  });
});
