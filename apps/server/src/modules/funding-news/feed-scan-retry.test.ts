import type {
  TAuthResponse,
  TFundingAnnouncementsResponse,
  TIntelligenceSource,
  TNotificationListResponse,
  TSignalListResponse,
  TSourceFetchResponse,
  TWatchlistEntry,
  TWorkflowStatus,
} from '@atempo/contracts';
import { workflowExecutions } from '@atempo/db';
import { openTestDatabase } from '@atempo/db/testing';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJobs } from '../../jobs.ts';
import { JobQueue } from '../../platform/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer, type Mailer } from '../../platform/mailer.ts';
import { createFileStorage } from '../../platform/storage/index.ts';
import { type FeedServer, startFeedServer } from '../../test/feed-server.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { type MailCatcher, recipients, startMailCatcher } from '../../test/mail-catcher.ts';
import { call, startTestServer, type TestDatabase, type TestServer, testConfig } from '../../test/server.ts';
import { createCompany } from '../deals/pipeline.fixtures.ts';
import { MARKET_SIGNAL_SCAN } from '../signals/signal-scan.ts';
import { SCAN_ALL_ORGANIZATIONS } from '../signals/signals.jobs.ts';

/**
 * A feed fetched while the mail server is down: the fetch is the feed's business, the alert email
 * the scan's. Nothing is stood in: the product's ingest, the workflow runner with its retries, a
 * real SMTP server that turns connections away, and feeds on a local HTTP server.
 */
let database: TestDatabase;
let jobs: JobQueue;
let mailer: Mailer;
let server: TestServer;
let feeds: FeedServer;
let mail: MailCatcher;
let admin: TAuthResponse;

const yesterday = new Date(Date.now() - 86_400_000).toUTCString();
const ARTICLE_URL = 'https://news.example.com/klarheit-series-a';
const feedWith = (title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title>
  <item>
    <title>Berlin-based Klarheit raises €12M Series A led by Northzone</title>
    <link>${ARTICLE_URL}</link>
    <description>The fintech will use the funding to expand across Europe.</description>
    <pubDate>${yesterday}</pubDate>
  </item>
</channel></rss>`;

beforeAll(async () => {
  mail = await startMailCatcher();
  database = await openTestDatabase();
  const env = { FETCH_ALLOW_PRIVATE_NETWORKS: 'true', SMTP_URL: mail.url };
  const config = testConfig(database, env);
  const logger = createLogger({ logLevel: 'silent' });
  // Retries after 1-2 s and 2-4 s, so a failed delivery's retry is seen within the test.
  jobs = new JobQueue({
    database,
    connectionString: database.url,
    logger,
    pollingIntervalSeconds: 0.5,
    retryDelaySeconds: 1,
  });
  mailer = createMailer(config, logger);
  defineJobs(jobs, {
    config,
    db: database.db,
    logger,
    mailer,
    storage: createFileStorage(config.storage),
    documentIndexer: null,
  });
  await jobs.start({ work: true });
  server = await startTestServer({ database, jobs, env });
  feeds = await startFeedServer();
  for (const [path, title] of [
    ['/wire', 'Startup Wire'],
    ['/digest', 'Fintech Digest'],
  ]) {
    feeds.route(path!, (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/rss+xml', etag: `"${path}-v1"` })
        .end(feedWith(title!));
    });
  }
  admin = await registerOrganization(server.app);
}, 180_000);
afterAll(async () => {
  await feeds?.close();
  await server?.close();
  await jobs?.stop(2_000);
  mailer?.close();
  await database?.close();
  await mail?.close();
});

const get = <T>(url: string) => call<T>(server.app, 'GET', `/api/v1${url}`, { token: admin.access_token });
const post = <T>(url: string, body?: unknown) =>
  call<T>(server.app, 'POST', `/api/v1${url}`, { token: admin.access_token, body });

/** The organisation's signal scans, newest first. */
const scansOf = (organizationId: string) =>
  database.db
    .select()
    .from(workflowExecutions)
    .where(
      and(
        eq(workflowExecutions.organizationId, organizationId),
        eq(workflowExecutions.workflowType, MARKET_SIGNAL_SCAN),
      ),
    )
    .orderBy(desc(workflowExecutions.createdAt));

async function addSource(path: string, name: string): Promise<TIntelligenceSource> {
  const created = await post<TIntelligenceSource>('/intelligence/sources', {
    url: `${feeds.origin}${path}`,
    name,
    enabled: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const scanStatuses = async () =>
  Promise.all(
    (await scansOf(admin.organization.id)).map(
      async (execution) => (await get<TWorkflowStatus>(`/agents/workflows/${execution.id}/status`)).body,
    ),
  );

describe('a feed fetched while the mail server is down', () => {
  it('reads the feed, stores the round, and the queued scan retries the alert email until it is sent', async () => {
    const klarheit = await createCompany(server.app, admin.access_token, {
      name: 'Klarheit',
      industry: 'Fintech',
      headquarters_country: 'Germany',
    });
    const watched = await post<TWatchlistEntry>('/signals/watchlist/add', {
      company_id: klarheit.id,
      alert_threshold: 0.5,
      notification_preferences: { email: true, in_app: true, slack: false },
    });
    expect(watched.status).toBe(201);
    const source = await addSource('/wire', 'Startup Wire');

    mail.down = true;
    const fetched = await post<TSourceFetchResponse>(`/intelligence/sources/${source.id}/fetch`);
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    // The feed's state is about fetching and parsing only.
    expect(fetched.body.run).toMatchObject({
      status: 'ok',
      error: null,
      items_found: 1,
      announcements_found: 1,
    });
    expect(fetched.body.source).toMatchObject({ last_status: 'ok', last_error: null });
    const announcements = await get<TFundingAnnouncementsResponse>('/intelligence/funding-announcements');
    expect(announcements.body.announcements.map((a) => [a.company_name, a.company_id])).toEqual([
      ['Klarheit', klarheit.id],
    ]);

    // The scan derives and notifies in the app, then its email step fails and waits for a retry.
    await expect
      .poll(
        async () => {
          const [scan] = await scanStatuses();
          return scan?.steps.find((step) => step.name === 'email')?.error ?? null;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toEqual(expect.any(String));
    const signals = await get<TSignalListResponse>('/signals/?type=funding_round');
    expect(signals.body.signals.map((s) => [s.company_name, s.company_id])).toEqual([
      ['Klarheit', klarheit.id],
    ]);
    const inApp = await get<TNotificationListResponse>('/notifications');
    expect(inApp.body.notifications.map((n) => n.title)).toContain(
      'Klarheit raised €12M in a Series A round',
    );
    expect(mail.messages.filter((m) => m.subject?.startsWith('Atempo alert'))).toEqual([]);

    mail.down = false;
    const sent = await mail.waitFor(
      (m) => recipients(m).includes(admin.user.email) && m.subject?.startsWith('Atempo') === true,
      30_000,
    );
    // The watched company's round is one alert: its facility offer is part of the round's signal
    // (decision 047), not a second alert.
    expect(sent.subject).toBe('Atempo alert: Klarheit raised €12M in a Series A round');
    expect(sent.text).toContain('Klarheit raised €12M in a Series A round');
    await expect
      .poll(async () => (await scanStatuses())[0]?.status, { timeout: 30_000, interval: 200 })
      .toBe('completed');
    const [scan] = await scanStatuses();
    expect(scan?.result).toMatchObject({ emails: 1 });

    // A fetch of the unchanged feed sends its validators: they were kept, so nothing is read twice.
    feeds.requests.length = 0;
    await post(`/intelligence/sources/${source.id}/fetch`);
    expect(feeds.requests[0]?.headers['if-none-match']).toBe('"/wire-v1"');
  }, 90_000);

  it('lists a second feed carrying the same article as a source of the announcement, once', async () => {
    const digest = await addSource('/digest', 'Fintech Digest');
    const fetched = await post<TSourceFetchResponse>(`/intelligence/sources/${digest.id}/fetch`);
    expect(fetched.body.run).toMatchObject({ status: 'ok', items_found: 1, announcements_found: 1 });
    const again = await post<TSourceFetchResponse>(`/intelligence/sources/${digest.id}/fetch`);
    expect(again.body.run).toMatchObject({ status: 'ok', announcements_found: 0 });
    const listed = await get<TFundingAnnouncementsResponse>('/intelligence/funding-announcements');
    expect(listed.body.announcements).toHaveLength(1);
    expect(listed.body.announcements[0]!.sources.map((s) => [s.name, s.url])).toEqual([
      ['Startup Wire', ARTICLE_URL],
      ['Fintech Digest', ARTICLE_URL],
    ]);
  }, 60_000);
});

describe('the periodic scan', () => {
  it('queues a full scan for each organisation with rounds or companies, and none for an empty one', async () => {
    const empty = await registerOrganization(server.app);
    const before = (await scansOf(admin.organization.id)).length;
    await jobs.send(SCAN_ALL_ORGANIZATIONS, {});
    await expect
      .poll(async () => (await scansOf(admin.organization.id)).length, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(before + 1);
    const [newest] = await scansOf(admin.organization.id);
    expect(newest?.input).toEqual({});
    expect(await scansOf(empty.organization.id)).toEqual([]);
  }, 60_000);
});
