import {
  DEFAULT_THESIS,
  type TAuthResponse,
  type TScoreAllResponse,
  type TScoringRun,
} from '@atempo/contracts';
import { companies, deals, scoringRuns } from '@atempo/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { companyFacts } from '../companies/company-columns.ts';
import { scoreCompanyColumns } from '../companies/company-scores.ts';
import { dealFacts } from '../deals/deal-columns.ts';
import { scoreDealColumns } from '../deals/deal-scores.ts';
import { createCompany, createDeal, STRONG_COMPANY, waitFor } from '../deals/pipeline.fixtures.ts';
import { getThesis } from '../thesis/thesis.service.ts';
import { type RescoreResult, rescoreOrganization } from './rescore.service.ts';

let server: TestServer;
let org: TAuthResponse;

const SECTORS = ['B2B SaaS', 'Fintech', 'Mining', 'Healthtech', null];
const COUNTRIES = ['United Kingdom', 'Germany', 'Chile', 'Nordics', null];
const STAGES = ['Seed', 'Series A', 'Series B', 'Series E', null];

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
  const t = org.access_token;
  for (let i = 0; i < 11; i++) {
    const company = await createCompany(server.app, t, {
      name: `Company ${i}`,
      industry: SECTORS[i % SECTORS.length],
      headquarters_country: COUNTRIES[(i * 2) % COUNTRIES.length],
      stage: STAGES[(i * 3) % STAGES.length],
      revenue: i % 3 === 0 ? null : 1_000_000 * (i + 1),
      financial_metrics:
        i % 2 === 0 ? STRONG_COMPANY.financial_metrics : { monthly_burn: 900_000, cash: 2e6 },
    });
    if (i % 2 === 0) {
      await createDeal(server.app, t, {
        company_id: company.id,
        amount_requested: 2e6 * (i + 1),
        deal_type: i % 4 === 0 ? 'venture_debt' : 'growth_equity',
      });
    }
  }
});

afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const orgCompanies = () =>
  db().select().from(companies).where(eq(companies.organizationId, org.organization.id));
const orgDeals = () => db().select().from(deals).where(eq(deals.organizationId, org.organization.id));

/** Puts every stored score back to null, as right after an import. */
async function forgetScores() {
  await db()
    .update(companies)
    .set({ thematicScore: null, scoringBreakdown: null, redFlags: null, lastScoredAt: null })
    .where(eq(companies.organizationId, org.organization.id));
  await db()
    .update(deals)
    .set({ thematicScore: null, redFlags: null, suggestedFacility: null, scoredAt: null })
    .where(eq(deals.organizationId, org.organization.id));
}

describe('re-scoring in pages', () => {
  it('writes exactly what the engine scores for each row, page after page, reporting progress', async () => {
    await forgetScores();
    const now = new Date('2026-03-01T09:00:00Z');
    const progress: RescoreResult[] = [];
    const result = await rescoreOrganization(db(), org.organization.id, {
      now,
      pageSize: 3,
      onProgress: (done) => {
        progress.push(structuredClone(done));
      },
    });
    expect(result).toEqual({ companies: { scored: 11, changed: 11 }, deals: { scored: 6, changed: 6 } });
    // Reported as pages are written: counts only grow, some report comes mid-way, the last is the total.
    const companiesDone = progress.map((done) => done.companies.scored);
    const dealsDone = progress.map((done) => done.deals.scored);
    expect(companiesDone).toEqual([...companiesDone].sort((a, b) => a - b));
    expect(dealsDone).toEqual([...dealsDone].sort((a, b) => a - b));
    expect(companiesDone.some((scored) => scored > 0 && scored < 11)).toBe(true);
    expect(progress.at(-1)).toEqual(result);

    const thesis = await getThesis(db(), org.organization.id);
    for (const row of await orgCompanies()) {
      const expected = scoreCompanyColumns(companyFacts(row), thesis, now);
      expect(row).toMatchObject({ ...expected, lastScoredAt: now });
    }
    const stageOf = new Map((await orgCompanies()).map((row) => [row.id, row.stage]));
    for (const row of await orgDeals()) {
      const expected = scoreDealColumns(dealFacts(row), stageOf.get(row.companyId)!, thesis, now);
      expect(row).toMatchObject({ ...expected, scoredAt: now });
    }
  });

  it('writes only the rows whose scores changed', async () => {
    const now = new Date('2026-03-01T09:00:00Z');
    await rescoreOrganization(db(), org.organization.id, { now });
    const [target] = await orgCompanies();
    await db().update(companies).set({ thematicScore: 0.1 }).where(eq(companies.id, target!.id));

    const later = new Date('2026-03-01T10:00:00Z');
    const result = await rescoreOrganization(db(), org.organization.id, { now: later });
    expect(result).toEqual({ companies: { scored: 11, changed: 1 }, deals: { scored: 6, changed: 0 } });
    const stamps = new Map((await orgCompanies()).map((row) => [row.id, row.lastScoredAt?.toISOString()]));
    expect(stamps.get(target!.id)).toBe(later.toISOString());
    expect([...stamps.values()].filter((stamp) => stamp === now.toISOString())).toHaveLength(10);
  });

  it('re-scores companies and deals after a thesis change, followed through its run', async () => {
    const before = new Map((await orgDeals()).map((row) => [row.id, row.thematicScore]));
    const thesis = {
      ...DEFAULT_THESIS,
      target_sectors: { mining: { weight: 1, min_gross_margin: 0.2, focus_areas: [] } },
      primary_markets: { Chile: 1 },
    };
    const saved = await call(server.app, 'PUT', '/api/v1/configuration/thesis', {
      token: org.access_token,
      body: thesis,
    });
    expect(saved.status).toBe(200);
    // The thesis change queued a run; wait for the organisation's latest one to finish.
    await waitFor(async () => {
      const [latest] = await db()
        .select()
        .from(scoringRuns)
        .where(eq(scoringRuns.organizationId, org.organization.id))
        .orderBy(desc(scoringRuns.queuedAt))
        .limit(1);
      return latest?.state === 'completed' ? latest : undefined;
    });
    const current = await getThesis(db(), org.organization.id);
    expect(current.primary_markets).toEqual({ Chile: 1 });
    const rows = await orgCompanies();
    expect(rows.find((row) => row.industry === 'Mining')!.sectorAlignmentScore).toBe(10);
    for (const row of rows) {
      expect(row).toMatchObject(scoreCompanyColumns(companyFacts(row), current, row.lastScoredAt!));
    }
    const stageOf = new Map(rows.map((row) => [row.id, row.stage]));
    const after = await orgDeals();
    expect(after.some((row) => row.thematicScore !== before.get(row.id))).toBe(true);
    for (const row of after) {
      expect(row).toMatchObject(
        scoreDealColumns(dealFacts(row), stageOf.get(row.companyId)!, current, row.scoredAt!),
      );
    }
  });

  it('shows a run only to its organisation, and refuses what is not an id', async () => {
    const queued = await call<TScoreAllResponse>(server.app, 'POST', '/api/v1/company-scoring/score-all', {
      token: org.access_token,
    });
    const path = `/api/v1/company-scoring/runs/${queued.body.job_id}`;
    const own = await call<TScoringRun>(server.app, 'GET', path, { token: org.access_token });
    expect(own.status).toBe(200);
    expect(own.body.total_companies).toBe(11);
    expect(own.body.total_deals).toBe(6);
    const other = await registerOrganization(server.app);
    const foreign = await call(server.app, 'GET', path, { token: other.access_token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    const unknown = await call(server.app, 'GET', `/api/v1/company-scoring/runs/${crypto.randomUUID()}`, {
      token: org.access_token,
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(server.app, 'GET', '/api/v1/company-scoring/runs/not-an-id', {
      token: org.access_token,
    });
    expect(malformed.status).toBe(422);
    await waitFor(async () => {
      const run = await call<TScoringRun>(server.app, 'GET', path, { token: org.access_token });
      return run.body.state === 'completed' ? true : undefined;
    });
  });
});
