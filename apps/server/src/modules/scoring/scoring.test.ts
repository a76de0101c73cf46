import type { TAuthResponse, TCompanyScoringStats, TScoreAllResponse, TScoringRun } from '@atempo/contracts';
import { companies } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal, STRONG_COMPANY, waitFor } from '../deals/pipeline.fixtures.ts';
import { DAILY_RESCORE_CRON, RESCORE_ALL_ORGANIZATIONS } from './rescore.jobs.ts';
import { rescoreAllOrganizations, rescoreOrganization } from './rescore.service.ts';

let server: TestServer;
let org: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

const stats = (as = org) =>
  call<TCompanyScoringStats>(server.app, 'GET', '/api/v1/company-scoring/stats', { token: as.access_token });

describe('company scoring', () => {
  it('counts nothing for a new organisation', async () => {
    const response = await stats();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      total_companies: 0,
      scored_companies: 0,
      average_score: null,
      high_priority: 0,
      medium_priority: 0,
      low_priority: 0,
    });
  });

  it('counts companies by scoring state and priority', async () => {
    const t = org.access_token;
    const created = [
      await createCompany(server.app, t, { name: 'High A', ...STRONG_COMPANY }),
      await createCompany(server.app, t, {
        name: 'High B',
        ...STRONG_COMPANY,
        headquarters_country: 'Germany',
      }),
      await createCompany(server.app, t, { name: 'Low', industry: 'Mining', headquarters_country: 'Chile' }),
      await createCompany(server.app, t, { name: 'Unscored' }),
    ];
    // A row the engine has not reached yet (as right after an import).
    await server.database.db
      .update(companies)
      .set({ thematicScore: null, monitoringPriority: null })
      .where(eq(companies.id, created[3]!.id));

    const scored = created.slice(0, 3);
    const average = scored.reduce((sum, company) => sum + company.thematic_score!, 0) / scored.length;
    const count = (priority: string) =>
      scored.filter((company) => company.monitoring_priority === priority).length;
    expect(count('high')).toBe(2);
    expect((await stats()).body).toEqual({
      total_companies: 4,
      scored_companies: 3,
      average_score: Math.round(average * 10) / 10,
      high_priority: 2,
      medium_priority: count('medium'),
      low_priority: count('low'),
    });
  });

  it('score-all queues a re-score that scores what is missing', async () => {
    const response = await call<TScoreAllResponse>(server.app, 'POST', '/api/v1/company-scoring/score-all', {
      token: org.access_token,
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'queued', job_id: expect.any(String), total_companies: 4 });
    const run = await waitFor(async () => {
      const progress = await call<TScoringRun>(
        server.app,
        'GET',
        `/api/v1/company-scoring/runs/${response.body.job_id}`,
        { token: org.access_token },
      );
      expect(progress.status).toBe(200);
      return progress.body.state === 'completed' ? progress.body : undefined;
    });
    expect(run).toMatchObject({
      id: response.body.job_id,
      total_companies: 4,
      scored_companies: 4,
      total_deals: 0,
      scored_deals: 0,
    });
    expect(Date.parse(run.finished_at!)).toBeGreaterThanOrEqual(Date.parse(run.started_at!));
    expect((await stats()).body).toMatchObject({ total_companies: 4, scored_companies: 4 });
  });

  it('re-scores idempotently, and the daily run covers every organisation', async () => {
    const other = await registerOrganization(server.app);
    const deal = await createDeal(server.app, other.access_token, {
      company_name: 'Other Co',
      amount_requested: 5e6,
    });
    const now = new Date(Date.now() + 200 * 86_400_000);
    const first = await rescoreOrganization(server.database.db, org.organization.id, { now });
    expect(first).toEqual({ companies: { scored: 4, changed: 4 }, deals: { scored: 0, changed: 0 } });
    const snapshot = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.organizationId, org.organization.id));
    // Nothing changed since: every row is scored, none is written.
    expect(await rescoreOrganization(server.database.db, org.organization.id, { now })).toEqual({
      companies: { scored: 4, changed: 0 },
      deals: { scored: 0, changed: 0 },
    });
    const again = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.organizationId, org.organization.id));
    expect(again).toEqual(snapshot);

    expect(await rescoreAllOrganizations(server.database.db, now)).toBeGreaterThanOrEqual(2);
    // 200 days without contact: the relationship has gone stale.
    const aged = await call<{ red_flags: { flag_type: string; severity: string }[] }>(
      server.app,
      'GET',
      `/api/v1/deals/${deal.id}`,
      { token: other.access_token },
    );
    expect(aged.body.red_flags).toContainEqual(
      expect.objectContaining({ flag_type: 'stale_relationship', severity: 'high' }),
    );
  });

  it('schedules the daily re-score', async () => {
    const { rows } = await server.database.executeSql('select name, cron from pgboss.schedule');
    expect(rows).toContainEqual({ name: RESCORE_ALL_ORGANIZATIONS, cron: DAILY_RESCORE_CRON });
  });

  it('needs a token', async () => {
    expect((await call(server.app, 'GET', '/api/v1/company-scoring/stats')).status).toBe(401);
    expect((await call(server.app, 'POST', '/api/v1/company-scoring/score-all')).status).toBe(401);
    const someRun = `/api/v1/company-scoring/runs/${crypto.randomUUID()}`;
    expect((await call(server.app, 'GET', someRun)).status).toBe(401);
  });
});
