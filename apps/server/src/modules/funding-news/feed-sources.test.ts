import type {
  TAuthResponse,
  TCuratedFeedsResponse,
  TFundingArticle,
  TIntelligenceSource,
  TIntelligenceSourcesResponse,
  TSourceFetchResponse,
} from '@atempo/contracts';
import { openTestDatabase } from '@atempo/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineJobs } from '../../jobs.ts';
import { JobQueue } from '../../platform/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMailer, type Mailer } from '../../platform/mailer.ts';
import type { FundingIngest } from '../../platform/ports.ts';
import { createFileStorage } from '../../platform/storage/index.ts';
import { type FeedHandler, type FeedServer, serve, startFeedServer } from '../../test/feed-server.ts';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestDatabase, type TestServer, testConfig } from '../../test/server.ts';
import { CURATED_FEEDS } from './curated-feeds.ts';
import { fetchSource } from './feed-fetcher.ts';
import { FETCH_ALL_SOURCES } from './feed-sources.jobs.ts';
import { getSourceById } from './feed-sources.repository.ts';
import { ATOM_FEED, RSS2_FEED } from './testing/feed-fixtures.ts';

/** What the ingest was handed, call by call. */
interface Received {
  organizationId: string;
  articles: TFundingArticle[];
  source: { id: string; name: string };
}
const received: Received[] = [];
let ingestFails = false;
/** Stands in for the extraction module: records what it gets, counts titles that say "raises". */
const recordingIngest: FundingIngest = async (organizationId, articles, source) => {
  if (ingestFails) throw new Error('the extraction is down');
  received.push({ organizationId, articles, source });
  return { announcements: articles.filter((article) => /\braises\b/i.test(article.title)).length };
};

const ALLOW_PRIVATE = { FETCH_ALLOW_PRIVATE_NETWORKS: 'true' };
let database: TestDatabase;
let jobs: JobQueue;
let mailer: Mailer;
let server: TestServer;
/** The same data behind the default setting (private networks refused). */
let guarded: TestServer;
let feeds: FeedServer;
let admin: TAuthResponse;
let member: TAuthResponse;
let stranger: TAuthResponse;

beforeAll(async () => {
  database = await openTestDatabase();
  const logger = createLogger({ logLevel: 'silent' });
  jobs = new JobQueue({ database, connectionString: database.url, logger, pollingIntervalSeconds: 0.5 });
  const config = testConfig(database, ALLOW_PRIVATE);
  mailer = createMailer(config, logger);
  // Every job of the server (registration sends mail), with the recording ingest.
  defineJobs(jobs, {
    config,
    db: database.db,
    logger,
    mailer,
    storage: createFileStorage(config.storage),
    documentIndexer: null,
    fundingIngest: recordingIngest,
  });
  await jobs.start({ work: true });
  server = await startTestServer({ database, jobs, env: ALLOW_PRIVATE, fundingIngest: recordingIngest });
  guarded = await startTestServer({ database, jobs, fundingIngest: recordingIngest });
  feeds = await startFeedServer();
  admin = await registerOrganization(server.app);
  member = await addMember(server.app, admin);
  stranger = await registerOrganization(server.app);
  // Two apps and a job queue on one database: slow to start on a loaded machine.
}, 180_000);
afterAll(async () => {
  await feeds?.close();
  await guarded?.close();
  await server?.close();
  await jobs?.stop(2_000);
  mailer?.close();
  await database?.close();
});
beforeEach(() => {
  ingestFails = false;
});

const as = (who: TAuthResponse) => ({ token: who.access_token });
const create = (body: unknown, who = admin, app = server.app) =>
  call<TIntelligenceSource>(app, 'POST', '/api/v1/intelligence/sources', { ...as(who), body });
const list = (who = admin) =>
  call<TIntelligenceSourcesResponse>(server.app, 'GET', '/api/v1/intelligence/sources', as(who));
const fetchNow = (id: string, who = admin, app = server.app) =>
  call<TSourceFetchResponse>(app, 'POST', `/api/v1/intelligence/sources/${id}/fetch`, as(who));
const patch = (id: string, body: unknown, who = admin) =>
  call<TIntelligenceSource>(server.app, 'PATCH', `/api/v1/intelligence/sources/${id}`, { ...as(who), body });
const remove = (id: string, who = admin) =>
  call(server.app, 'DELETE', `/api/v1/intelligence/sources/${id}`, as(who));

async function added(path: string, name = `Feed ${path}`, enabled = false): Promise<TIntelligenceSource> {
  const response = await create({ url: `${feeds.origin}${path}`, name, enabled });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** RSS with validators: answers 304 when the client already has this version. */
function conditionalRss(etag: string, lastModified: string): FeedHandler {
  return (request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/rss+xml', etag, 'last-modified': lastModified });
    response.end(RSS2_FEED);
  };
}

describe('intelligence sources', () => {
  it('adds a feed off by default, lists it with an empty last run, and lets members read', async () => {
    const source = await added('/first', 'First feed');
    expect(source).toEqual({
      id: expect.any(String),
      name: 'First feed',
      url: `${feeds.origin}/first`,
      enabled: false,
      curated: false,
      last_fetched_at: null,
      last_status: null,
      last_error: null,
      items_found: 0,
      announcements_found: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await list(member);
    expect(read.status).toBe(200);
    expect(read.body.sources.map((s) => s.id)).toContain(source.id);
    expect(read.body).toMatchObject({ limit: 100, offset: 0 });
    expect(read.body.total).toBe(read.body.sources.length);
  });

  it('fetches RSS into articles for the ingest, then fetches conditionally and re-ingests nothing on 304', async () => {
    feeds.route('/rss', conditionalRss('"v1"', 'Mon, 16 Nov 2026 09:00:00 GMT'));
    const source = await added('/rss', 'Example Startup News');
    const before = received.length;

    const first = await fetchNow(source.id);
    expect(first.status).toBe(200);
    expect(first.body.run).toEqual({
      status: 'ok',
      http_status: 200,
      items_found: 3,
      announcements_found: 1,
      error: null,
      duration_ms: expect.any(Number),
    });
    expect(first.body.source).toMatchObject({
      last_status: 'ok',
      last_error: null,
      items_found: 3,
      announcements_found: 1,
      last_fetched_at: expect.any(String),
    });
    expect(received.slice(before)).toEqual([
      {
        organizationId: admin.organization.id,
        source: { id: source.id, name: 'Example Startup News' },
        articles: [
          {
            title: 'Berlin-based Klarheit raises €12M Series A led by Northzone',
            url: 'https://news.example.com/2026/11/klarheit-series-a/',
            summary: 'Klarheit, the compliance automation platform, has raised €12 million.',
            published_at: '2026-11-16T07:30:00.000Z',
            source: 'Example Startup News',
          },
          {
            title: 'London fintech Ledgerly secures £4.5m seed round',
            // Relative: resolved against the address the feed came from.
            url: `${feeds.origin}/2026/11/ledgerly-seed/`,
            summary: 'Ledgerly & partners expand into the Nordics.',
            published_at: '2026-11-15T17:05:00.000Z',
            source: 'Example Startup News',
          },
          {
            title: 'Opinion: what the next decade holds for European tech',
            url: 'https://news.example.com/?p=103',
            source: 'Example Startup News',
          },
        ],
      },
    ]);
    const firstRequest = feeds.requests.filter((r) => r.path === '/rss').at(-1);
    expect(firstRequest?.headers['if-none-match']).toBeUndefined();

    const second = await fetchNow(source.id);
    expect(second.body.run).toMatchObject({
      status: 'not_modified',
      http_status: 304,
      items_found: 3,
      error: null,
    });
    expect(second.body.source).toMatchObject({
      last_status: 'not_modified',
      items_found: 3,
      announcements_found: 1,
    });
    const secondRequest = feeds.requests.filter((r) => r.path === '/rss').at(-1);
    expect(secondRequest?.headers['if-none-match']).toBe('"v1"');
    expect(secondRequest?.headers['if-modified-since']).toBe('Mon, 16 Nov 2026 09:00:00 GMT');
    expect(received.length).toBe(before + 1);
  });

  it('reads Atom at the end of a redirect, resolving relative links against it', async () => {
    feeds.route('/moved', (_request, response) => {
      response.writeHead(301, { location: '/atom/feed.xml' }).end();
    });
    feeds.route(
      '/atom/feed.xml',
      serve(ATOM_FEED.replace(' xml:base="https://atom.example.net/blog/"', ''), 'application/atom+xml'),
    );
    const source = await added('/moved', 'Atom digest');
    const run = await fetchNow(source.id);
    expect(run.body.run).toMatchObject({ status: 'ok', items_found: 2 });
    expect(received.at(-1)?.articles.map((a) => a.url)).toEqual([
      `${feeds.origin}/atom/posts/tidewater`,
      'https://other.example.net/nordvolt',
    ]);
  });

  it('records malformed XML, a non-feed, an HTTP error and a 20 MB feed as the source error', async () => {
    feeds.route('/malformed', serve('<rss><channel><item><title>Oops</channel>'));
    feeds.route('/html', serve('<html><body>Hello</body></html>', 'text/html'));
    feeds.route('/gone', (_request, response) => {
      response.writeHead(500).end('boom');
    });
    const twentyMegabytes = `<rss><channel>${'<item><title>x</title></item>'.repeat(750_000)}</channel></rss>`;
    expect(twentyMegabytes.length).toBeGreaterThan(20 * 1024 * 1024);
    feeds.route('/huge', (_request, response) => {
      response.on('error', () => undefined);
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(twentyMegabytes);
    });
    const before = received.length;
    const cases: [string, string | RegExp][] = [
      ['/malformed', /^The feed is not well-formed XML \(line 1\): /],
      ['/html', 'The document is XML but not an RSS or Atom feed'],
      ['/gone', 'The feed answered HTTP 500'],
      ['/huge', 'The response is larger than 10 MB'],
    ];
    for (const [path, message] of cases) {
      const source = await added(path);
      const run = await fetchNow(source.id);
      expect(run.status).toBe(200);
      expect(run.body.run.status).toBe('error');
      expect(run.body.run.error).toMatch(message);
      const shown = (await list()).body.sources.find((s) => s.id === source.id);
      expect(shown).toMatchObject({ last_status: 'error', last_error: run.body.run.error, items_found: 0 });
    }
    expect(received.length).toBe(before);
  });

  it('records a feed that does not answer in time as the source error', async () => {
    feeds.route('/silent', () => undefined);
    const source = await added('/silent', 'Silent');
    const row = await getSourceById(database.db, source.id);
    if (!row) throw new Error('source not stored');
    // The fetcher itself, with a deadline short enough for a test (the app's is 15 s).
    const outcome = await fetchSource(
      { db: database.db, allowPrivateNetworks: true, ingest: recordingIngest, timeoutMs: 300 },
      row,
    );
    expect(outcome.run).toMatchObject({
      status: 'error',
      http_status: null,
      error: 'No complete answer within 0.3 seconds',
    });
    expect((await list()).body.sources.find((s) => s.id === source.id)).toMatchObject({
      last_status: 'error',
      last_error: 'No complete answer within 0.3 seconds',
    });
  });

  it('keeps no validators when the ingest fails, so the next fetch reads the feed in full', async () => {
    feeds.route('/flaky-ingest', conditionalRss('"f1"', 'Mon, 16 Nov 2026 09:00:00 GMT'));
    const source = await added('/flaky-ingest');
    ingestFails = true;
    const failed = await fetchNow(source.id);
    expect(failed.body.run).toMatchObject({
      status: 'error',
      error: 'The feed was read but its articles could not be processed; they will be read again',
    });
    ingestFails = false;
    const retried = await fetchNow(source.id);
    expect(retried.body.run).toMatchObject({ status: 'ok', items_found: 3 });
    const requests = feeds.requests.filter((r) => r.path === '/flaky-ingest');
    expect(requests.at(-1)?.headers['if-none-match']).toBeUndefined();
  });

  it('refuses a private address when FETCH_ALLOW_PRIVATE_NETWORKS is off', async () => {
    feeds.route('/private', serve(RSS2_FEED));
    const direct = (await create({ url: `${feeds.origin}/private`, name: 'Private' }, admin, guarded.app))
      .body;
    const seen = feeds.requests.length;
    const run = await fetchNow(direct.id, admin, guarded.app);
    expect(run.body.run).toMatchObject({
      status: 'error',
      http_status: null,
      error: '127.0.0.1 is not a public address (loopback); requests to private networks are not allowed',
    });
    const named = (
      await create({ url: `http://localhost:${feeds.port}/private`, name: 'Named' }, admin, guarded.app)
    ).body;
    expect((await fetchNow(named.id, admin, guarded.app)).body.run.error).toMatch(
      /^localhost is not a public address \(loopback\)/,
    );
    expect(feeds.requests.length).toBe(seen);
  });

  it('renames, enables, re-addresses (clearing the last run) and deletes', async () => {
    feeds.route('/editable', serve(RSS2_FEED));
    const source = await added('/editable');
    await fetchNow(source.id);
    const renamed = await patch(source.id, { name: '  Renamed  ', enabled: true });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', enabled: true, last_status: 'ok', items_found: 3 });
    const moved = await patch(source.id, { url: `${feeds.origin}/editable-2` });
    expect(moved.body).toMatchObject({
      url: `${feeds.origin}/editable-2`,
      last_status: null,
      items_found: 0,
    });
    const clash = await patch(source.id, { url: `${feeds.origin}/first` });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toBe('This feed is already in your sources');

    expect((await remove(source.id)).body).toEqual({ success: true });
    expect((await remove(source.id)).status).toBe(404);
    expect((await fetchNow(source.id)).status).toBe(404);
  });

  it('lets only admins change or fetch (403 for members)', async () => {
    const source = await added('/admin-only');
    const attempts = [
      await create({ url: `${feeds.origin}/by-member`, name: 'x' }, member),
      await patch(source.id, { enabled: true }, member),
      await remove(source.id, member),
      await fetchNow(source.id, member),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.code).toBe('FORBIDDEN');
    }
    expect((await list()).body.sources.find((s) => s.id === source.id)).toMatchObject({ enabled: false });
  });

  it("answers 404 for another organisation's source on every route", async () => {
    const source = await added('/private-to-admin');
    expect((await patch(source.id, { name: 'Mine now' }, stranger)).status).toBe(404);
    expect((await remove(source.id, stranger)).status).toBe(404);
    expect((await fetchNow(source.id, stranger)).status).toBe(404);
    expect((await list(stranger)).body.sources.map((s) => s.id)).not.toContain(source.id);
    expect((await list()).body.sources.find((s) => s.id === source.id)?.name).toBe('Feed /private-to-admin');
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const total = (await list()).body.total;
    const cases: unknown[] = [
      {},
      { name: 'No URL' },
      { url: `${feeds.origin}/x` },
      { url: 'ftp://example.com/feed', name: 'FTP' },
      { url: 'file:///etc/passwd', name: 'File' },
      { url: 'javascript:alert(1)', name: 'JS' },
      { url: 'not a url', name: 'Nope' },
      { url: `https://example.com/${'a'.repeat(2_000)}`, name: 'Long' },
      { url: 'https://user:secret@example.com/feed', name: 'Credentials' },
      { url: 'https://example.com/feed', name: '   ' },
      { url: 'https://example.com/feed', name: 'n'.repeat(101) },
      { url: 'https://example.com/feed', name: 'ok', enabled: 'yes' },
      [],
      'text',
    ];
    for (const body of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    const source = (await list()).body.sources[0] as TIntelligenceSource;
    expect((await patch(source.id, {})).status).toBe(422);
    expect((await patch(source.id, { url: 'gopher://x' })).status).toBe(422);
    expect((await patch('not-a-uuid', { name: 'x' })).status).toBe(422);
    expect((await fetchNow('not-a-uuid')).status).toBe(422);
    expect((await list()).body.total).toBe(total);

    expect((await create({ url: source.url, name: 'Again' })).status).toBe(409);
  });

  it('offers the curated feeds, off until added, and marks the ones added', async () => {
    const curated = await call<TCuratedFeedsResponse>(
      server.app,
      'GET',
      '/api/v1/intelligence/sources/curated',
      as(member),
    );
    expect(curated.status).toBe(200);
    expect(curated.body.feeds).toHaveLength(CURATED_FEEDS.length);
    expect(
      curated.body.feeds.every((feed) => feed.source_id === null && feed.url.startsWith('https://')),
    ).toBe(true);
    const [first] = CURATED_FEEDS;
    const source = (await create({ url: first?.url, name: first?.name })).body;
    expect(source).toMatchObject({ curated: true, enabled: false });
    const after = await call<TCuratedFeedsResponse>(
      server.app,
      'GET',
      '/api/v1/intelligence/sources/curated',
      as(admin),
    );
    expect(after.body.feeds[0]).toMatchObject({ name: first?.name, source_id: source.id });
    const other = await call<TCuratedFeedsResponse>(
      server.app,
      'GET',
      '/api/v1/intelligence/sources/curated',
      as(stranger),
    );
    expect(other.body.feeds[0]?.source_id).toBeNull();
    await remove(source.id);
  });

  it('fetches every enabled source on schedule, each as its own job, and leaves disabled ones alone', async () => {
    feeds.route('/scheduled-on', serve(RSS2_FEED));
    feeds.route('/scheduled-off', serve(RSS2_FEED));
    const on = await added('/scheduled-on', 'Scheduled on', true);
    const off = await added('/scheduled-off', 'Scheduled off', false);
    // Other organisations' enabled sources are fetched too.
    const theirs = (
      await create({ url: `${feeds.origin}/scheduled-on`, name: 'Theirs', enabled: true }, stranger)
    ).body;
    await jobs.send(FETCH_ALL_SOURCES, {});
    await expect
      .poll(async () => (await list()).body.sources.find((s) => s.id === on.id)?.last_status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('ok');
    await expect
      .poll(async () => (await list(stranger)).body.sources.find((s) => s.id === theirs.id)?.last_status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('ok');
    expect((await list()).body.sources.find((s) => s.id === off.id)?.last_fetched_at).toBeNull();
    expect(feeds.requests.some((r) => r.path === '/scheduled-off')).toBe(false);
  });
});
