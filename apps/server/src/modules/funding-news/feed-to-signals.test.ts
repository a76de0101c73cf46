import type {
  TAuthResponse,
  TFundingAnnouncementsResponse,
  TIntelligenceSource,
  TProcessFundingResponse,
  TSignalListResponse,
  TSourceFetchResponse,
  TWorkflowStatus,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedServer, serve, startFeedServer } from '../../test/feed-server.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

/**
 * The whole path a funding round travels, with nothing stood in: a publisher's feed is fetched,
 * its items become announcements, and the announcements become market signals.
 */
let server: TestServer;
let feeds: FeedServer;
let admin: TAuthResponse;
let other: TAuthResponse;

const yesterday = new Date(Date.now() - 86_400_000).toUTCString();
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Startup Wire</title>
  <item>
    <title>Berlin-based Klarheit raises €12M Series A led by Northzone</title>
    <link>https://news.example.com/klarheit-series-a</link>
    <description>The fintech will use the funding to expand across Europe. Northzone led the round.</description>
    <pubDate>${yesterday}</pubDate>
  </item>
  <item>
    <title>Opinion: what the next decade holds for European tech</title>
    <link>https://news.example.com/opinion</link>
    <pubDate>${yesterday}</pubDate>
  </item>
</channel></rss>`;

beforeAll(async () => {
  server = await startTestServer({ env: { FETCH_ALLOW_PRIVATE_NETWORKS: 'true' } });
  feeds = await startFeedServer();
  feeds.route('/wire', serve(FEED));
  admin = await registerOrganization(server.app);
  other = await registerOrganization(server.app);
}, 120_000);
afterAll(async () => {
  await feeds?.close();
  await server?.close();
});

const as = (who: TAuthResponse) => ({ token: who.access_token });
const signalsOf = async (who: TAuthResponse) =>
  (await call<TSignalListResponse>(server.app, 'GET', '/api/v1/signals/?type=funding_round', as(who))).body
    .signals;

describe('feed to announcements to signals', () => {
  it('turns a fetched feed item into one announcement and a funding-round signal, for its organisation only', async () => {
    const source = await call<TIntelligenceSource>(server.app, 'POST', '/api/v1/intelligence/sources', {
      ...as(admin),
      body: { url: `${feeds.origin}/wire`, name: 'Startup Wire', enabled: true },
    });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    const fetched = await call<TSourceFetchResponse>(
      server.app,
      'POST',
      `/api/v1/intelligence/sources/${source.body.id}/fetch`,
      as(admin),
    );
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    expect(fetched.body).toMatchObject({
      source: { last_status: 'ok', items_found: 2, announcements_found: 1 },
    });

    const listed = await call<TFundingAnnouncementsResponse>(
      server.app,
      'GET',
      '/api/v1/intelligence/funding-announcements?days=30',
      as(admin),
    );
    expect(listed.body.announcements).toHaveLength(1);
    expect(listed.body.announcements[0]).toMatchObject({
      company_name: 'Klarheit',
      amount_raised: 12_000_000,
      currency: 'EUR',
      stage: 'Series A',
      source_name: 'Startup Wire',
      source_url: 'https://news.example.com/klarheit-series-a',
    });
    expect(listed.body.announcements[0]?.extraction_metadata.lead_investor).toBe('Northzone');

    // The scan is queued after the ingest and runs as its own workflow.
    await expect
      .poll(async () => (await signalsOf(admin)).map((signal) => signal.company_name), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual(['Klarheit']);
    const signals = await signalsOf(admin);
    expect(signals[0]?.announcement_id).toBe(listed.body.announcements[0]?.id);
    expect(signals[0]?.recommended_actions.join(' ')).toContain('€12M round');

    // Nothing of it reaches another organisation.
    expect(await signalsOf(other)).toEqual([]);
  }, 60_000);

  it('scans the rounds that posted articles make, as a workflow the caller can poll', async () => {
    const processed = await call<TProcessFundingResponse>(
      server.app,
      'POST',
      '/api/v1/signals/funding-intelligence/process',
      {
        ...as(other),
        body: {
          articles: [
            {
              title: 'London fintech Ledgerly secures £4.5m seed round',
              url: 'https://news.example.com/ledgerly-seed',
              published_at: new Date(Date.now() - 3_600_000).toISOString(),
              source: 'UK Wire',
            },
          ],
        },
      },
    );
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
    expect(processed.body.created).toBe(1);
    const scan = processed.body.scan_execution_id;
    expect(scan).toEqual(expect.any(String));
    await expect
      .poll(
        async () =>
          (
            await call<TWorkflowStatus>(
              server.app,
              'GET',
              `/api/v1/agents/workflows/${scan}/status`,
              as(other),
            )
          ).body.status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('completed');
    expect((await signalsOf(other)).map((signal) => signal.company_name)).toEqual(['Ledgerly']);
    // The caller's scan is its own: another organisation polling it finds nothing.
    expect((await call(server.app, 'GET', `/api/v1/agents/workflows/${scan}/status`, as(admin))).status).toBe(
      404,
    );
  }, 60_000);
});
