import type {
  TAuthResponse,
  TDailyBrief,
  TDeal,
  TMonitoringSubscription,
  TStartMonitoringResponse,
} from '@atempo/contracts';
import { dealActivity, fundingAnnouncements, marketSignals, monitoringSubscriptions } from '@atempo/db';
import { openTestDatabase } from '@atempo/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJobs } from '../../jobs.ts';
import { JobQueue } from '../../platform/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { createFileStorage } from '../../platform/storage/index.ts';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { type MailCatcher, recipients, startMailCatcher } from '../../test/mail-catcher.ts';
import { call, startTestServer, type TestDatabase, type TestServer, testConfig } from '../../test/server.ts';
import { FINANCIAL_MODEL, insertDocument } from '../deal-intelligence/document-rows.fixtures.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { DAILY_BRIEF_CRON, dailyBriefJob, SEND_DAILY_BRIEFS } from './daily-brief.job.ts';

let database: TestDatabase;
let jobs: JobQueue;
let server: TestServer;
let catcher: MailCatcher;
let a: TAuthResponse;
let b: TAuthResponse;
/** A member of A following SaaS, subscribed by the email test. */
let member: TAuthResponse;
const ids = {} as Record<
  'lumen' | 'quiet' | 'lumenDeal' | 'quietDeal' | 'newDocument' | 'oldDocument',
  string
>;

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

beforeAll(async () => {
  catcher = await startMailCatcher();
  database = await openTestDatabase();
  const env = { SMTP_URL: catcher.url, PUBLIC_URL: 'https://atempo.example' };
  const config = testConfig(database, env);
  const logger = createLogger(config);
  // The app's own queue, so the test can send the scheduled job now rather than at 07:00.
  jobs = new JobQueue({ database, connectionString: database.url, logger, pollingIntervalSeconds: 0.5 });
  defineJobs(jobs, {
    config,
    db: database.db,
    mailer: createMailer(config, logger),
    logger,
    storage: createFileStorage(config.storage),
    documentIndexer: null,
  });
  await jobs.start({ work: true });
  server = await startTestServer({ database, env, jobs });
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
  const token = a.access_token;
  ids.lumen = (await createCompany(server.app, token, { name: 'Lumen Robotics', industry: 'B2B SaaS' })).id;
  ids.quiet = (await createCompany(server.app, token, { name: 'Quiet Ltd', industry: 'Fintech' })).id;
  ids.lumenDeal = (await createDeal(server.app, token, { company_id: ids.lumen, amount_requested: 5e6 })).id;
  ids.quietDeal = (await createDeal(server.app, token, { company_id: ids.quiet, amount_requested: 2e6 })).id;
  const db = database.db;
  const org = a.organization.id;
  ids.newDocument = await insertDocument(db, {
    organizationId: org,
    dealId: ids.lumenDeal,
    name: 'Lumen FY2024 model.xlsx',
    format: 'xlsx',
    documentType: 'financial_model',
    createdAt: ago(2),
    analysis: FINANCIAL_MODEL,
  });
  ids.oldDocument = await insertDocument(db, {
    organizationId: org,
    dealId: ids.quietDeal,
    name: 'Old deck.pdf',
    status: 'processing',
    createdAt: ago(30),
  });
  await insertDocument(db, {
    organizationId: b.organization.id,
    name: 'Other fund.pdf',
    status: 'processing',
    createdAt: ago(1),
  });
  const activity = (dealId: string, kind: string, summary: string, details: object, hours: number) => ({
    organizationId: org,
    dealId,
    kind,
    summary,
    details,
    occurredAt: ago(hours),
  });
  await db.insert(dealActivity).values([
    activity(
      ids.quietDeal,
      'stage_changed',
      'Stage changed from Due Diligence to Term Sheet',
      { from: 'due_diligence', to: 'term_sheet' },
      3,
    ),
    activity(
      ids.lumenDeal,
      'score_changed',
      'Thematic score changed from 6.0 to 7.5; red-flag level changed from low risk to high risk',
      {
        from: { thematic_score: 6, red_flag_level: 'low_risk' },
        to: { thematic_score: 7.5, red_flag_level: 'high_risk' },
      },
      4,
    ),
    activity(
      ids.lumenDeal,
      'score_changed',
      'Thematic score changed from 7.5 to 7.6',
      {
        from: { thematic_score: 7.5, red_flag_level: 'high_risk' },
        to: { thematic_score: 7.6, red_flag_level: 'high_risk' },
      },
      1,
    ),
    activity(
      ids.quietDeal,
      'stage_changed',
      'Stage changed from Lead to Qualified',
      { from: 'lead', to: 'qualified' },
      48,
    ),
  ]);
  const signal = (
    title: string,
    impact: string,
    hours: number,
    companyId: string | null,
    companyName: string,
  ) => ({
    organizationId: org,
    signalType: 'competitive_threat',
    companyName,
    companyId,
    title,
    relevanceScore: 0.8,
    impactLevel: impact,
    dedupKey: title,
    detectedAt: ago(hours),
  });
  await db
    .insert(marketSignals)
    .values([
      signal('Rival raises €40M against Lumen', 'high', 5, ids.lumen, 'Lumen Robotics'),
      signal('Quiet Ltd rival enters the UK', 'high', 6, ids.quiet, 'Quiet Ltd'),
      signal('Yesterday’s news', 'high', 26, ids.quiet, 'Quiet Ltd'),
    ]);
  const announcement = (title: string, companyId: string | null, companyName: string, hours: number) => ({
    organizationId: org,
    companyName,
    companyId,
    title,
    amountRaised: 20_000_000,
    currency: 'EUR',
    stage: 'Series B',
    announcedAt: ago(hours),
    confidenceScore: 0.9,
    sourceName: 'Test feed',
    dedupKey: title,
    createdAt: ago(hours),
  });
  await db
    .insert(fundingAnnouncements)
    .values([
      announcement('Quiet Ltd raises €20M Series B', ids.quiet, 'Quiet Ltd', 7),
      announcement('Untracked Co raises €20M', null, 'Untracked Co', 7),
    ]);
}, 90_000);
afterAll(async () => {
  await server?.close();
  await jobs?.stop(2_000);
  await database?.close();
  await catcher?.close();
});

describe('GET /monitoring/daily-brief', () => {
  it('groups the last 24 hours by kind, most important first, each item linked', async () => {
    const response = await call<TDailyBrief>(server.app, 'GET', '/api/v1/monitoring/daily-brief', {
      token: a.access_token,
    });
    expect(response.status).toBe(200);
    const brief = response.body;
    // Two urgent signals put market signals first; then the other sections with urgent items in
    // kind order; then the rest.
    expect(brief.sections.map((section) => section.kind)).toEqual([
      'market_signal',
      'red_flag',
      'document_risk',
      'stage_change',
      'funding_announcement',
      'score_change',
      'new_document',
    ]);
    const section = (kind: string) => brief.sections.find((entry) => entry.kind === kind)!;
    // Outside the window: yesterday's signal, the 30-hour-old document, the 48-hour-old stage change.
    expect(section('market_signal').items.map((item) => item.title)).toEqual([
      'Rival raises €40M against Lumen',
      'Quiet Ltd rival enters the UK',
    ]);
    expect(section('new_document').items.map((item) => item.document_id)).toEqual([ids.newDocument]);
    expect(section('stage_change').items).toHaveLength(1);
    expect(section('stage_change').items[0]).toMatchObject({
      importance: 'high',
      title: expect.stringMatching(/^Quiet Ltd \(deal #\d+\): Due Diligence → Term Sheet$/),
      link: `/deals/${ids.quietDeal}/intelligence`,
    });
    expect(section('red_flag').items[0]).toMatchObject({
      importance: 'high',
      title: expect.stringMatching(/red-flag level now high risk$/),
      deal_id: ids.lumenDeal,
    });
    // The big score move first; the 0.1 move is low.
    expect(section('score_change').items.map((item) => item.importance)).toEqual(['medium', 'low']);
    expect(section('document_risk').items[0]).toMatchObject({
      importance: 'high',
      title: expect.stringMatching(/^2 risk flags in Lumen FY2024 model.xlsx/),
      link: `/deals/${ids.lumenDeal}/intelligence?document=${ids.newDocument}`,
    });
    // Only tracked companies' rounds.
    expect(section('funding_announcement').items.map((item) => item.title)).toEqual([
      'Quiet Ltd raises €20M Series B',
    ]);
    expect(brief.total_items).toBe(brief.sections.reduce((sum, entry) => sum + entry.items.length, 0));
    expect(brief.summary).toMatch(/^\d+ changes in the last 24 hours, \d+ needing attention\.$/);
  });

  it("shows nothing of another organisation's changes", async () => {
    const response = await call<TDailyBrief>(server.app, 'GET', '/api/v1/monitoring/daily-brief', {
      token: b.access_token,
    });
    expect(response.body.sections.map((section) => section.kind)).toEqual(['new_document']);
    expect(response.body.sections[0]!.items.map((item) => item.title)).toEqual([
      'Other fund.pdf (Unassigned)',
    ]);
    expect((await call(server.app, 'GET', '/api/v1/monitoring/daily-brief')).status).toBe(401);
  });

  it('reports a red flag raised today even when the red-flag level does not move', async () => {
    const c = await registerOrganization(server.app);
    const company = await createCompany(server.app, c.access_token, {
      name: 'Ember Pay',
      industry: 'Fintech',
    });
    const struggling = {
      arr: 5_000_000,
      revenue_growth: -0.2,
      monthly_burn: 1_500_000,
      cash: 40_000_000,
      gross_margin: 0.2,
      monthly_churn: 0.08,
      net_revenue_retention: 0.7,
      cac_payback_months: 40,
    };
    const deal = await createDeal(server.app, c.access_token, {
      company_id: company.id,
      amount_requested: 2_000_000,
      financial_metrics: struggling,
    });
    // Already at the worst level, with no runway flag while the cash lasts 26 months.
    expect(deal.red_flag_level).toBe('reject');
    expect(deal.red_flags!.map((flag) => flag.flag_type)).not.toContain('short_runway');

    const patched = await call<TDeal>(server.app, 'PATCH', `/api/v1/deals/${deal.id}`, {
      token: c.access_token,
      body: { financial_metrics: { ...struggling, cash: 4_000_000 } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.red_flag_level).toBe('reject');
    const runway = patched.body.red_flags!.find((flag) => flag.flag_type === 'short_runway')!;
    expect(runway.severity).toBe('critical');

    const brief = await call<TDailyBrief>(server.app, 'GET', '/api/v1/monitoring/daily-brief', {
      token: c.access_token,
    });
    const flags = brief.body.sections.find((section) => section.kind === 'red_flag');
    expect(flags?.title).toBe('New red flags');
    expect(flags?.items).toEqual([
      expect.objectContaining({
        importance: 'high',
        title: `Ember Pay (deal #${deal.deal_number}): new critical red flag, short runway`,
        detail: runway.description,
        link: `/deals/${deal.id}/intelligence`,
        deal_id: deal.id,
      }),
    ]);
    // The score change is reported as such, naming the new flag.
    const scores = brief.body.sections.find((section) => section.kind === 'score_change')!;
    expect(scores.items[0]!.detail).toMatch(/; new red flag: short runway$/);
  });
});

describe('POST /monitoring/start', () => {
  it('refuses bad input and writes nothing', async () => {
    for (const body of [
      { portfolio_companies: 'Lumen' },
      { sectors: [''] },
      { sectors: ['x'.repeat(201)] },
      { portfolio_companies: Array.from({ length: 501 }, (_, index) => `c${index}`) },
    ]) {
      const response = await call(server.app, 'POST', '/api/v1/monitoring/start', {
        token: a.access_token,
        body,
      });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
    }
    const blank = await call(server.app, 'POST', '/api/v1/monitoring/start', {
      token: a.access_token,
      body: { sectors: [' '] },
    });
    expect(blank.body.detail).toBe('sectors entries must not be blank');
    const rows = await database.db
      .select()
      .from(monitoringSubscriptions)
      .where(eq(monitoringSubscriptions.organizationId, a.organization.id));
    expect(rows).toEqual([]);
  });

  it("emails each subscriber the brief of what they follow on the daily schedule's run", async () => {
    expect(dailyBriefJob({} as never).cron).toBe(DAILY_BRIEF_CRON);
    const started = await call<TStartMonitoringResponse>(server.app, 'POST', '/api/v1/monitoring/start', {
      token: a.access_token,
      body: { portfolio_companies: ['quiet ltd'], sectors: [] },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      status: 'scheduled',
      schedule: '0 7 * * *',
      email: a.user.email,
      portfolio_companies: ['quiet ltd'],
    });
    // Starting again replaces the lists rather than adding a second subscription.
    const again = await call<TStartMonitoringResponse>(server.app, 'POST', '/api/v1/monitoring/start', {
      token: a.access_token,
      body: { portfolio_companies: ['Quiet Ltd'] },
    });
    expect(again.body.subscription_id).toBe(started.body.subscription_id);
    member = await addMember(server.app, a);
    await call(server.app, 'POST', '/api/v1/monitoring/start', {
      token: member.access_token,
      body: { sectors: ['saas'] },
    });

    await jobs.send(SEND_DAILY_BRIEFS, { now: new Date().toISOString() });
    const adminMail = await catcher.waitFor(
      (mail) =>
        recipients(mail).includes(a.user.email) && mail.subject?.startsWith('Atempo daily brief') === true,
      30_000,
    );
    const memberMail = await catcher.waitFor(
      (mail) =>
        recipients(mail).includes(member.user.email) &&
        mail.subject?.startsWith('Atempo daily brief') === true,
      30_000,
    );
    // The admin follows Quiet Ltd: its stage change, signal and round, nothing of Lumen.
    expect(adminMail.subject).toMatch(/^Atempo daily brief for \d{4}-\d{2}-\d{2}: 3 changes$/);
    expect(adminMail.text).toContain('Quiet Ltd raises €20M Series B');
    expect(adminMail.text).toContain(`https://atempo.example/deals/${ids.quietDeal}/intelligence`);
    expect(adminMail.text).not.toContain('Lumen');
    expect(adminMail.html).toContain('<h3>Stage changes</h3>');
    // Every brief says how to stop it: the Daily brief card of the reader's profile.
    expect(adminMail.text).toContain(
      'Unsubscribe (Your Profile → Daily brief): https://atempo.example/profile#daily-brief',
    );
    expect(adminMail.html).toContain('<a href="https://atempo.example/profile#daily-brief">Unsubscribe</a>');
    // The member follows SaaS: Lumen's document, flags, scores and signal.
    expect(memberMail.text).toContain('Lumen FY2024 model.xlsx');
    expect(memberMail.text).toContain('Rival raises €40M against Lumen');
    expect(memberMail.text).not.toContain('Quiet Ltd');
    await expect
      .poll(async () => {
        const rows = await database.db
          .select({ sent: monitoringSubscriptions.lastSentAt })
          .from(monitoringSubscriptions)
          .where(eq(monitoringSubscriptions.organizationId, a.organization.id));
        return rows.every((row) => row.sent !== null);
      })
      .toBe(true);
  }, 90_000);
});

describe('GET /monitoring/subscription and POST /monitoring/stop', () => {
  const subscription = (who: TAuthResponse) =>
    call<TMonitoringSubscription>(server.app, 'GET', '/api/v1/monitoring/subscription', {
      token: who.access_token,
    });
  const stop = (who: TAuthResponse) =>
    call<TMonitoringSubscription>(server.app, 'POST', '/api/v1/monitoring/stop', { token: who.access_token });

  it("reads the caller's own subscription, stopped when there is none", async () => {
    expect((await subscription(b)).body).toEqual({
      status: 'stopped',
      subscription_id: null,
      portfolio_companies: [],
      sectors: [],
      schedule: '0 7 * * *',
      email: b.user.email,
    });
    const started = await call<TStartMonitoringResponse>(server.app, 'POST', '/api/v1/monitoring/start', {
      token: b.access_token,
      body: { sectors: ['Fintech'] },
    });
    expect((await subscription(b)).body).toEqual({ ...started.body, status: 'scheduled' });
    expect((await call(server.app, 'GET', '/api/v1/monitoring/subscription')).status).toBe(401);
    expect((await call(server.app, 'POST', '/api/v1/monitoring/stop')).status).toBe(401);
  });

  it('stops the emails of the caller only, and stopping again changes nothing', async () => {
    const stopped = await stop(member);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({
      status: 'stopped',
      subscription_id: null,
      email: member.user.email,
    });
    expect((await subscription(member)).body.status).toBe('stopped');
    expect((await subscription(a)).body.status).toBe('scheduled');
    expect((await stop(member)).body.status).toBe('stopped');
    const rows = await database.db
      .select({ userId: monitoringSubscriptions.userId })
      .from(monitoringSubscriptions)
      .where(eq(monitoringSubscriptions.organizationId, a.organization.id));
    expect(rows.map((row) => row.userId)).toEqual([a.user.id]);

    // 21 hours on, the member's Lumen changes are still within the window, but nothing is sent them;
    // a colleague following the same sector gets the brief of that run.
    const colleague = await addMember(server.app, a);
    await call(server.app, 'POST', '/api/v1/monitoring/start', {
      token: colleague.access_token,
      body: { sectors: ['saas'] },
    });
    const later = new Date(Date.now() + 21 * HOUR);
    await jobs.send(SEND_DAILY_BRIEFS, { now: later.toISOString() });
    const colleagueMail = await catcher.waitFor(
      (mail) =>
        recipients(mail).includes(colleague.user.email) &&
        mail.subject?.startsWith('Atempo daily brief') === true,
      30_000,
    );
    expect(colleagueMail.text).toContain('Lumen FY2024 model.xlsx');
    // The run has marked every subscription it went through: it is over.
    await expect
      .poll(async () => {
        const marked = await database.db
          .select({ sent: monitoringSubscriptions.lastSentAt })
          .from(monitoringSubscriptions)
          .where(eq(monitoringSubscriptions.organizationId, a.organization.id));
        return marked.every((row) => row.sent?.getTime() === later.getTime());
      })
      .toBe(true);
    const toMember = catcher.messages.filter(
      (mail) =>
        recipients(mail).includes(member.user.email) &&
        mail.subject?.startsWith('Atempo daily brief') === true,
    );
    expect(toMember).toHaveLength(1);
  }, 60_000);
});
