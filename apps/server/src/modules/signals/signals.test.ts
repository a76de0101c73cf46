import type {
  TAddCompanyFromSignalResponse,
  TAlertListResponse,
  TAlertSettings,
  TAuthResponse,
  TFundingAnnouncementsResponse,
  TMarketSignalDetail,
  TNotificationListResponse,
  TSignalListResponse,
  TSignalStats,
  TWatchlistEntry,
  TWorkflowStatus,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { type MailCatcher, recipients, startMailCatcher } from '../../test/mail-catcher.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany } from '../deals/pipeline.fixtures.ts';
import { scanSignals } from './signal-scan.ts';
import { insertRound, type SlackCatcher, scanNow, startSlackCatcher } from './signals.fixtures.ts';

/**
 * The rules against the default thesis, with figures worked out by hand:
 * relevance = 0.35·sector + 0.3·geography + 0.2·stage + 0.15·size (each component /10), size judged
 * on the facility midpoint (27.5 % of the round).
 */

let server: TestServer;
let mail: MailCatcher;
let slack: SlackCatcher;
let admin: TAuthResponse;
let member: TAuthResponse;
let other: TAuthResponse;
const ids: Record<string, string> = {};
const entries: Record<string, TWatchlistEntry> = {};
const PUBLIC_URL = 'https://atempo.example';

const get = <T>(url: string, token = admin.access_token) =>
  call<T>(server.app, 'GET', `/api/v1${url}`, { token });
const post = <T>(url: string, body?: unknown, token = admin.access_token) =>
  call<T>(server.app, 'POST', `/api/v1${url}`, { token, body });

/** Alert emails only (the member's invitation went through the same catcher). */
const alertMails = () => mail.messages.filter((m) => /^Atempo( alert)?:/.test(m.subject ?? ''));

async function signalsByKey(): Promise<Map<string, TMarketSignalDetail>> {
  const list = await get<TSignalListResponse>('/signals/?limit=200');
  const details = await Promise.all(
    list.body.signals.map((s) => get<TMarketSignalDetail>(`/signals/${s.signal_id}`)),
  );
  const byTitle = new Map<string, TMarketSignalDetail>();
  for (const detail of details) byTitle.set(`${detail.body.signal_type}|${detail.body.title}`, detail.body);
  return byTitle;
}

beforeAll(async () => {
  mail = await startMailCatcher();
  slack = await startSlackCatcher();
  server = await startTestServer({
    env: {
      SMTP_URL: mail.url,
      PUBLIC_URL,
      MAIL_FROM: 'Atempo <alerts@atempo.example>',
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
  admin = await registerOrganization(server.app);
  member = await addMember(server.app, admin);
  other = await registerOrganization(server.app);
  const orgId = admin.organization.id;
  const db = server.database.db;
  const token = admin.access_token;

  const ledgerly = await createCompany(server.app, token, {
    name: 'Ledgerly',
    industry: 'Fintech',
    headquarters_country: 'France',
    stage: 'Series A',
  });
  const finly = await createCompany(server.app, token, {
    name: 'Finly',
    industry: 'Fintech',
    headquarters_country: 'France',
  });
  const listco = await createCompany(server.app, token, {
    name: 'Listco',
    industry: 'Deeptech',
    headquarters_country: 'Ireland',
    stage: 'Series C',
    ipo_signals: true,
  });
  ids.ledgerly = ledgerly.id;
  ids.finly = finly.id;
  ids.listco = listco.id;

  for (const [key, body] of [
    [
      'ledgerly',
      { company_id: ledgerly.id, notification_preferences: { email: true, in_app: true, slack: true } },
    ],
    [
      'finly',
      {
        company_id: finly.id,
        alert_threshold: 0.95,
        signal_types: ['competitive_threat'],
        notification_preferences: { email: true, in_app: false, slack: false },
      },
    ],
  ] as const) {
    const added = await post<TWatchlistEntry>('/signals/watchlist/add', body);
    expect(added.status).toBe(201);
    entries[key] = added.body;
  }

  ids.r1 = await insertRound(db, orgId, {
    companyName: 'Ledgerly',
    sector: 'Fintech',
    country: 'France',
    stage: 'Series B',
    amountEur: 30_000_000,
    daysAgo: 2,
    confidence: 0.9,
    investors: ['Balderton', 'Seedcamp'],
  });
  // The same round from another outlet, a day later and rounded differently: the same round.
  ids.r1b = await insertRound(db, orgId, {
    companyName: 'Ledgerly SAS',
    sector: 'Fintech',
    country: 'France',
    stage: 'Series B',
    amountEur: 31_000_000,
    daysAgo: 1,
    confidence: 0.7,
    investors: ['Seedcamp', 'Kima Ventures'],
    sourceName: 'Other Wire',
  });
  ids.r2 = await insertRound(db, orgId, {
    companyName: 'Nordpay',
    sector: 'Fintech',
    country: 'United Kingdom',
    stage: 'Series B',
    amountEur: null,
    daysAgo: 5,
    confidence: 0.6,
  });
  ids.r3 = await insertRound(db, orgId, {
    companyName: 'Orbital Health',
    sector: 'Healthtech',
    country: 'Germany',
    stage: 'Series D',
    amountEur: 150_000_000,
    daysAgo: 10,
    summary: 'The round is the last before a planned IPO in Frankfurt.',
  });
  ids.r4 = await insertRound(db, orgId, {
    companyName: 'Coinvault',
    sector: 'Fintech',
    country: 'Spain',
    stage: 'Series A',
    amountEur: 16_000_000,
    daysAgo: 12,
  });
  // Another organisation's round with the same company name is never read for this one.
  await insertRound(db, other.organization.id, {
    companyName: 'Ledgerly',
    sector: 'Fintech',
    country: 'France',
    stage: 'Series C',
    amountEur: 90_000_000,
    daysAgo: 1,
  });

  const put = await call<TAlertSettings>(server.app, 'PUT', '/api/v1/organizations/current/alert-settings', {
    token,
    body: { slack_webhook_url: slack.url },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
  await slack?.close();
});

describe('signal derivation', () => {
  let signals: Map<string, TMarketSignalDetail>;

  beforeAll(async () => {
    const result = await scanNow(server.app, admin.access_token);
    signals = await signalsByKey();
    // Five announcements, four rounds (Ledgerly's is reported twice): one signal per round.
    expect(result).toMatchObject({ rounds: 5, signals: 7, inserted: 7, updated: 0 });
  }, 90_000);

  it('derives exactly the expected signals', () => {
    expect([...signals.keys()].sort()).toEqual(
      [
        'competitive_threat|Ledgerly raised €30M: a competitor of Finly',
        'funding_round|Coinvault raised €16M in a Series A round',
        'funding_round|Ledgerly raised €30M in a Series B round',
        'funding_round|Nordpay raised an undisclosed amount in a Series B round',
        'ipo_signal|Listco shows IPO signals',
        // Orbital's round and its listing plans: one signal.
        'ipo_signal|Orbital Health may be preparing to list',
        'market_opportunity|3 rounds in Fintech in the last 30 days',
      ].sort(),
    );
  });

  it('funding_round: relevance from the thesis, facility sized from the round, tracked company linked', () => {
    // Fintech 9 · 0.35 + France 8.5 · 0.3 + Series B 10 · 0.2 + €8.25M facility 10 · 0.15 = 0.92
    const ledgerly = signals.get('funding_round|Ledgerly raised €30M in a Series B round')!;
    expect(ledgerly).toMatchObject({
      company_name: 'Ledgerly',
      company_id: ids.ledgerly,
      announcement_id: ids.r1,
      relevance_score: 0.92,
      // Our (watched) company's own round, two days old and material: the one high signal.
      impact_level: 'high',
      recommended_actions: [
        'Offer a facility of €6M–€10.5M: 20–35% of the €30M round',
        'Contact Ledgerly this week, while the round is closing',
        'Ask Balderton (lead investor) for an introduction',
      ],
    });
    expect(ledgerly.data).toMatchObject({
      rule: 'funding_round',
      round: {
        announcement_id: ids.r1,
        source_name: 'Test Wire',
        amount_eur: 30_000_000,
        reports: [
          { announcement_id: ids.r1, source_name: 'Test Wire' },
          { announcement_id: ids.r1b, source_name: 'Other Wire' },
        ],
      },
    });
    // Fintech 0.315 + UK 0.3 + Series B 0.2 + size unknown 3 · 0.15 = 0.86; amount not invented.
    expect(
      signals.get('funding_round|Nordpay raised an undisclosed amount in a Series B round'),
    ).toMatchObject({
      company_id: null,
      relevance_score: 0.86,
      // Not ours, and under the 0.9 an untracked round needs to be urgent.
      impact_level: 'medium',
      recommended_actions: [
        'Round size not in the data: confirm the amount before sizing a facility (typically 20–35% of the round)',
        'Add Nordpay to your companies to track it',
      ],
    });

    // Fintech 0.315 + Spain 6.5 · 0.3 + Series A 0.2 + €4.4M facility 10 · 0.15 = 0.86
    expect(signals.get('funding_round|Coinvault raised €16M in a Series A round')).toMatchObject({
      relevance_score: 0.86,
      recommended_actions: [
        'Offer a facility of €3.2M–€5.6M: 20–35% of the €16M round',
        'Add Coinvault to your companies to track it',
      ],
    });
  });

  it('ipo_signal: listing plans in the report, and a company flagged with IPO signals', () => {
    // Healthtech 0.28 + Germany 0.27 + Series D+ one round from C 0.1 + €41.25M facility over €25M 4.8 · 0.15 = 0.72
    const orbital = signals.get('ipo_signal|Orbital Health may be preparing to list')!;
    expect(orbital).toMatchObject({
      company_id: null,
      announcement_id: ids.r3,
      relevance_score: 0.72,
      impact_level: 'medium',
      // The listing actions, then the round's own.
      recommended_actions: [
        'Offer Orbital Health a pre-IPO bridge or a refinancing of existing debt before the listing',
        "Check Orbital Health's existing facilities for change-of-control and prepayment terms",
        'Offer a facility of €30M–€52.5M: 20–35% of the €150M round',
        'Add Orbital Health to your companies to track it',
      ],
    });
    expect(orbital.data.reason).toBe('the report mentions listing plans ("IPO")');
    expect(orbital.data.funding_round).toMatchObject({ rule: 'funding_round' });
    // Deeptech 6 · 0.35 + Ireland 7.5 · 0.3 + Series C 0.2 + no amount 0.045 = 0.68; a standing flag: medium.
    expect(signals.get('ipo_signal|Listco shows IPO signals')).toMatchObject({
      company_id: ids.listco,
      announcement_id: null,
      relevance_score: 0.68,
      impact_level: 'medium',
    });
  });

  it('competitive_threat: same sector and market as a watched company; not urgent unless its documents name it', () => {
    const threat = signals.get('competitive_threat|Ledgerly raised €30M: a competitor of Finly')!;
    expect(threat).toMatchObject({
      company_name: 'Finly',
      company_id: ids.finly,
      announcement_id: ids.r1,
      relevance_score: 0.92,
      impact_level: 'medium',
    });
    expect(threat.data.competitor).toEqual({ name: 'Ledgerly', company_id: ids.ledgerly });
    // Nordpay (UK) and Coinvault (Spain) are Fintech but not in France: no threat to Finly.
  });

  it('market_opportunity: a cluster of rounds in a thesis sector (a tracked company raising is its round signal)', () => {
    const cluster = signals.get('market_opportunity|3 rounds in Fintech in the last 30 days')!;
    // The mean of 0.92, 0.86 and 0.86.
    expect(cluster).toMatchObject({
      company_name: 'Fintech',
      company_id: null,
      relevance_score: 0.88,
      impact_level: 'medium',
    });
    expect(cluster.recommended_actions[0]).toBe(
      'Prioritise outreach in Fintech: Ledgerly, Nordpay, Coinvault raised in the last 30 days',
    );
    expect(cluster.description).toBe(
      'Ledgerly, Nordpay, Coinvault raised in Fintech (thesis weight 0.9); €46M raised across the 2 rounds with a known amount.',
    );
  });

  it('lists, filters and counts', async () => {
    const high = await get<TSignalListResponse>('/signals/?impact=high');
    expect(high.body.total).toBe(1);
    const ipo = await get<TSignalListResponse>('/signals/?type=ipo_signal&limit=1&offset=1');
    expect(ipo.body).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(ipo.body.signals).toHaveLength(1);
    const forLedgerly = await get<TSignalListResponse>(`/signals/?company_id=${ids.ledgerly}&days=7`);
    expect(forLedgerly.body.total).toBe(1);
    const companySignals = await get<{ total: number }>(`/intelligence/signals/${ids.finly}`);
    expect(companySignals.body.total).toBe(1);
    const stats = await get<TSignalStats>('/signals/stats');
    expect(stats.body).toMatchObject({
      total: 7,
      by_type: { funding_round: 3, ipo_signal: 2, competitive_threat: 1, market_opportunity: 1, other: 0 },
      by_impact: { high: 1, medium: 6, low: 0 },
      high_priority: 1,
      alerts: 1,
    });
    expect(stats.body.last_scan_at).not.toBeNull();
  });

  it('alerts follow the watchlist threshold and signal types', async () => {
    const alerts = await get<TAlertListResponse>('/intelligence/alerts');
    // Ledgerly (threshold 0.7, every type): its round, once for two articles. Finly's threat (0.92) is under 0.95.
    expect(alerts.body.alerts.map((a) => a.title).sort()).toEqual([
      'Ledgerly raised €30M in a Series B round',
    ]);
    const recent = await get<{ alerts: unknown[] }>('/intelligence/dashboard/recent-alerts?limit=1');
    expect(recent.body.alerts).toHaveLength(1);
  });

  it('notifies every member in the app, emails one batch per member, posts once to Slack', async () => {
    for (const who of [admin, member]) {
      const list = await get<TNotificationListResponse>('/notifications', who.access_token);
      // One round, two articles: one entry in the bell.
      expect(list.body.unread_count).toBe(1);
      expect(list.body.notifications.map((n) => n.link)).toEqual([`/companies/${ids.ledgerly}`]);
    }
    const adminMail = await mail.waitFor((m) => recipients(m).includes(admin.user.email));
    await mail.waitFor((m) => recipients(m).includes(member.user.email));
    expect(adminMail.subject).toBe('Atempo alert: Ledgerly raised €30M in a Series B round');
    expect(adminMail.text).toContain('Offer a facility of €6M–€10.5M: 20–35% of the €30M round');
    expect(adminMail.text).toContain(`${PUBLIC_URL}/companies/${ids.ledgerly}`);
    expect(alertMails()).toHaveLength(2);
    expect(slack.bodies).toHaveLength(1);
    const posted = slack.bodies[0] as { text: string; blocks: { type: string; text: { text: string } }[] };
    expect(posted.text).toBe('Atempo alert: Ledgerly raised €30M in a Series B round');
    expect(posted.blocks.filter((block) => block.type === 'section')).toHaveLength(1);
    expect(posted.blocks[1]!.text.text).toContain(`${PUBLIC_URL}/companies/${ids.ledgerly}`);
  });

  it('a rescan updates rather than duplicates, and notifies nobody twice', async () => {
    const before = await get<TSignalListResponse>('/signals/?limit=200');
    const result = await scanNow(server.app, admin.access_token);
    expect(result).toMatchObject({
      signals: 7,
      inserted: 0,
      updated: 7,
      notifications: 0,
      emails: 0,
      slack_posts: 0,
    });
    const after = await get<TSignalListResponse>('/signals/?limit=200');
    expect(after.body.signals.map((s) => s.signal_id).sort()).toEqual(
      before.body.signals.map((s) => s.signal_id).sort(),
    );
    expect(alertMails()).toHaveLength(2);
    expect(slack.bodies).toHaveLength(1);
  }, 90_000);

  it('the tracked company takes its round once: last funding, total raised, investors, the article cited', async () => {
    const company = await get<{
      last_funding_amount: number | null;
      total_funding: number | null;
      investors: string[];
      source_articles: {
        title: string;
        url: string | null;
        type: string | null;
        published_date: string | null;
      }[];
    }>(`/companies/${ids.ledgerly}`);
    // Two articles (€30M and €31M) and two scans: one round of €30M (the more confident report's figure).
    expect(company.body.last_funding_amount).toBe(30_000_000);
    expect(company.body.total_funding).toBe(30_000_000);
    expect(company.body.investors).toEqual(['Balderton', 'Seedcamp', 'Kima Ventures']);
    const rounds = company.body.source_articles.filter((article) => article.type === 'funding_round');
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({
      title: 'Ledgerly raises €30M',
      url: 'https://news.example/Ledgerly',
      published_date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
    });
    // A company that only competes (Finly) is not touched by another's round.
    const finly = await get<{ total_funding: number | null }>(`/companies/${ids.finly}`);
    expect(finly.body.total_funding).toBeNull();
  });

  it('a lowered threshold alerts on the next scan, by email only for an email-only entry', async () => {
    const patched = await call<TWatchlistEntry>(
      server.app,
      'PATCH',
      `/api/v1/signals/watchlist/${entries.finly!.id}`,
      {
        token: admin.access_token,
        body: { alert_threshold: 0.9 },
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      alert_threshold: 0.9,
      signal_types: ['competitive_threat'],
      notification_preferences: { email: true, in_app: false, slack: false },
    });
    const result = await scanNow(server.app, admin.access_token);
    expect(result).toMatchObject({ notifications: 2, emails: 2, slack_posts: 0 });
    const threatMail = await mail.waitFor(
      (m) => recipients(m).includes(member.user.email) && m.subject?.includes('competitor of Finly') === true,
    );
    expect(threatMail.subject).toBe('Atempo alert: Ledgerly raised €30M: a competitor of Finly');
    // Not in the menu: that entry has in-app off.
    const list = await get<TNotificationListResponse>('/notifications', member.access_token);
    expect(list.body.unread_count).toBe(1);
    expect(list.body.total).toBe(1);
  }, 90_000);

  it('only the chosen signal types alert', async () => {
    const patched = await call<TWatchlistEntry>(
      server.app,
      'PATCH',
      `/api/v1/signals/watchlist/${entries.ledgerly!.id}`,
      { token: admin.access_token, body: { signal_types: ['funding_round'] } },
    );
    expect(patched.status).toBe(200);
    const alerts = await get<TAlertListResponse>('/intelligence/alerts');
    expect(alerts.body.alerts.map((a) => a.title).sort()).toEqual([
      'Ledgerly raised €30M in a Series B round',
      'Ledgerly raised €30M: a competitor of Finly',
    ]);
  });
});

describe('notifications', () => {
  it('marks one read, then all, for the caller only', async () => {
    const list = await get<TNotificationListResponse>('/notifications', member.access_token);
    const first = list.body.notifications[0]!;
    expect((await post(`/notifications/${first.id}/read`, undefined, member.access_token)).status).toBe(200);
    const afterOne = await get<TNotificationListResponse>('/notifications', member.access_token);
    expect(afterOne.body.unread_count).toBe(0);
    expect(afterOne.body.notifications.find((n) => n.id === first.id)?.read).toBe(true);
    // Another member's notification is not the admin's to read.
    expect((await post(`/notifications/${first.id}/read`)).status).toBe(404);
    const all = await post<{ marked_read: number }>(
      '/notifications/read-all',
      undefined,
      member.access_token,
    );
    expect(all.body).toEqual({ success: true, marked_read: 0 });
    expect(
      (await get<TNotificationListResponse>('/notifications', member.access_token)).body.unread_count,
    ).toBe(0);
    expect((await get<TNotificationListResponse>('/notifications')).body.unread_count).toBe(1);
  });
});

describe('adding a company from a signal', () => {
  const waitForScan = (executionId: string) =>
    expect
      .poll(async () => (await get<TWorkflowStatus>(`/agents/workflows/${executionId}/status`)).body.status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('completed');
  const fundingSignalOf = async (name: string) =>
    (await get<TSignalListResponse>('/signals/?type=funding_round&limit=50')).body.signals.find(
      (s) => s.company_name === name,
    )!;

  it('creates it from discovery, links its round and signals, and rescans it as a tracked company', async () => {
    const nordpay = await fundingSignalOf('Nordpay');
    expect(nordpay.recommended_actions).toContain('Add Nordpay to your companies to track it');
    const added = await post<TAddCompanyFromSignalResponse>(`/signals/${nordpay.signal_id}/add-company`);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      company_name: 'Nordpay',
      created: true,
      confidence_score: 0.6,
      confidence_level: 'medium',
      scan_execution_id: expect.any(String),
    });
    expect(added.body.signal.company_id).toBe(added.body.company_id);
    const company = await get<{ source: string; industry: string; headquarters_country: string }>(
      `/companies/${added.body.company_id}`,
    );
    expect(company.body).toMatchObject({
      source: 'discovery',
      industry: 'Fintech',
      headquarters_country: 'United Kingdom',
    });
    // The Live Funding Signals list shows the round's company now.
    const rounds = await get<TFundingAnnouncementsResponse>('/intelligence/funding-announcements');
    expect(rounds.body.announcements.find((a) => a.id === ids.r2)?.company_id).toBe(added.body.company_id);

    await waitForScan(added.body.scan_execution_id);
    const rescanned = await fundingSignalOf('Nordpay');
    expect(rescanned.signal_id).toBe(nordpay.signal_id);
    expect(rescanned.company_id).toBe(added.body.company_id);
    expect(rescanned.recommended_actions).not.toContain('Add Nordpay to your companies to track it');
    const opportunity = (await get<TSignalListResponse>(`/signals/?company_id=${added.body.company_id}`)).body
      .signals;
    expect(opportunity.map((s) => s.title).sort()).toEqual([
      'Nordpay raised an undisclosed amount in a Series B round',
    ]);

    const again = await post(`/signals/${nordpay.signal_id}/add-company`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_TRACKED');
    const cluster = (await get<TSignalListResponse>('/signals/?type=market_opportunity')).body.signals.find(
      (s) => s.company_id === null,
    )!;
    const noCompany = await post(`/signals/${cluster.signal_id}/add-company`);
    expect(noCompany.status).toBe(422);
    expect(noCompany.body.code).toBe('NO_COMPANY_IN_SIGNAL');
  }, 60_000);

  it('links to a company added by hand since the scan, under the same name normalised', async () => {
    const byHand = await createCompany(server.app, admin.access_token, { name: 'COINVAULT SL' });
    const coinvault = await fundingSignalOf('Coinvault');
    expect(coinvault.company_id).toBeNull();
    const linked = await post<TAddCompanyFromSignalResponse>(`/signals/${coinvault.signal_id}/add-company`);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({
      company_id: byHand.id,
      company_name: 'COINVAULT SL',
      created: false,
    });
    expect(linked.body.signal.company_id).toBe(byHand.id);
    const rounds = await get<TFundingAnnouncementsResponse>('/intelligence/funding-announcements');
    expect(rounds.body.announcements.find((a) => a.id === ids.r4)?.company_id).toBe(byHand.id);
    const companies = await get<{ total: number }>('/companies?search=coinvault');
    expect(companies.body.total).toBe(1);
    await waitForScan(linked.body.scan_execution_id);
    expect((await fundingSignalOf('Coinvault')).recommended_actions).not.toContain(
      'Add Coinvault to your companies to track it',
    );
  }, 60_000);
});

describe('tenancy and bad input', () => {
  it('answers 404 to another organisation on every id route', async () => {
    const anySignal = (await get<TSignalListResponse>('/signals/')).body.signals[0]!;
    const notification = (await get<TNotificationListResponse>('/notifications')).body.notifications[0]!;
    const token = other.access_token;
    expect((await get(`/signals/${anySignal.signal_id}`, token)).status).toBe(404);
    expect((await post(`/signals/${anySignal.signal_id}/add-company`, undefined, token)).status).toBe(404);
    expect((await get(`/intelligence/signals/${ids.ledgerly}`, token)).status).toBe(404);
    expect((await post(`/notifications/${notification.id}/read`, undefined, token)).status).toBe(404);
    const patch = await call(server.app, 'PATCH', `/api/v1/signals/watchlist/${entries.ledgerly!.id}`, {
      token,
      body: { alert_threshold: 0.1 },
    });
    expect(patch.status).toBe(404);
    // Nothing of the first organisation shows through lists either.
    expect((await get<TSignalListResponse>('/signals/', token)).body.total).toBe(0);
    expect((await get<TAlertListResponse>('/intelligence/alerts', token)).body.total).toBe(0);
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    for (const url of [
      '/signals/?impact=urgent',
      '/signals/?type=rumour',
      '/signals/?limit=0',
      '/signals/?limit=100000',
      '/signals/?days=-1',
      '/signals/?company_id=nope',
      '/signals/not-a-uuid',
      '/intelligence/signals/not-a-uuid',
      '/intelligence/dashboard/recent-alerts?limit=abc',
      '/notifications?limit=1000',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(422);
      expect(response.body.code, url).toBeTruthy();
    }
    const unknown = await get('/signals/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Signal not found');
    const badPatch = await call(server.app, 'PATCH', `/api/v1/signals/watchlist/${entries.ledgerly!.id}`, {
      token: admin.access_token,
      body: { alert_threshold: 2, signal_types: ['funding_round', 'funding_round'] },
    });
    expect(badPatch.status).toBe(422);
    expect(
      (await get<{ watchlist: TWatchlistEntry[] }>('/signals/watchlist')).body.watchlist[0]!.alert_threshold,
    ).toBe(0.7);
  });

  it('keeps the Slack URL for admins only and never shows it back', async () => {
    const settings = await get<TAlertSettings>('/organizations/current/alert-settings');
    expect(settings.status).toBe(200);
    expect(settings.body.slack_configured).toBe(true);
    expect(JSON.stringify(settings.body)).not.toContain('secretwebhooktoken');
    expect((await get('/organizations/current/alert-settings', member.access_token)).status).toBe(403);
    const memberPut = await call(server.app, 'PUT', '/api/v1/organizations/current/alert-settings', {
      token: member.access_token,
      body: { slack_webhook_url: 'https://hooks.slack.com/services/x' },
    });
    expect(memberPut.status).toBe(403);
    for (const bad of ['ftp://hooks.slack.com/x', 'not a url', 'x'.repeat(3000), 42]) {
      const response = await call(server.app, 'PUT', '/api/v1/organizations/current/alert-settings', {
        token: admin.access_token,
        body: { slack_webhook_url: bad },
      });
      expect(response.status, String(bad).slice(0, 20)).toBe(422);
    }
    expect((await get<TAlertSettings>('/organizations/current/alert-settings')).body.slack_configured).toBe(
      true,
    );
  });
});

describe('a scan after an ingest', () => {
  it('derives only the named rounds, and clusters still see the whole window', async () => {
    const orgId = admin.organization.id;
    const id = await insertRound(server.database.db, orgId, {
      companyName: 'Finly',
      sector: 'Fintech',
      country: 'France',
      stage: 'Series A',
      amountEur: 5_000_000,
      daysAgo: 0,
    });
    const deps = {
      db: server.database.db,
      config: server.config,
      mailer: createMailer(server.config, createLogger({ logLevel: 'silent' })),
    };
    const result = await scanSignals(deps, orgId, { announcementIds: [id] });
    // Finly's round (Finly is watched: its facility offer is on it), a threat to Ledgerly, and the Fintech cluster updated.
    expect(result).toMatchObject({ rounds: 6, signals: 3, inserted: 2, updated: 1, notifications: 0 });
    const signals = await signalsByKey();
    // Fintech 0.315 + France 0.255 + Series A 0.2 + €1.375M facility below €2M 5.5 · 0.15 = 0.85
    expect(signals.get('competitive_threat|Finly raised €5M: a competitor of Ledgerly')).toMatchObject({
      company_id: ids.ledgerly,
      relevance_score: 0.85,
      impact_level: 'medium',
    });
    expect(signals.get('market_opportunity|4 rounds in Fintech in the last 30 days')).toBeDefined();
    expect(signals.has('market_opportunity|3 rounds in Fintech in the last 30 days')).toBe(false);
  }, 60_000);
});

describe('a round named differently from its tracked company', () => {
  it('links the round by the company matcher’s name key, legal form and case aside', async () => {
    const own = await registerOrganization(server.app);
    const company = await createCompany(server.app, own.access_token, { name: 'Nordpay Ltd' });
    const id = await insertRound(server.database.db, own.organization.id, {
      companyName: 'NORDPAY',
      sector: 'Fintech',
      country: 'Sweden',
      stage: 'Series A',
      amountEur: 8_000_000,
      daysAgo: 0,
    });
    const deps = {
      db: server.database.db,
      config: server.config,
      mailer: createMailer(server.config, createLogger({ logLevel: 'silent' })),
    };
    await scanSignals(deps, own.organization.id, { announcementIds: [id] });
    const list = await get<TSignalListResponse>('/signals/?limit=200', own.access_token);
    const round = list.body.signals.find((signal) => signal.signal_type === 'funding_round');
    expect(round).toMatchObject({ company_id: company.id, announcement_id: id });
  }, 60_000);
});
