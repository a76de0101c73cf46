import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTOSO, type MicrosoftFake, startMicrosoftFake } from '../fakes/index.ts';
import { createGraphClient, type GraphClientOptions, GraphError } from './graph-client.ts';
import { OAuthError } from './oauth-error.ts';

let fake: MicrosoftFake;
let dealsDriveId: string;

/** A client for a fake user, recording its sleeps and refreshes instead of waiting. */
function client(overrides: Partial<GraphClientOptions> & { userOid?: string } = {}) {
  let token = fake.issueTokens({ userOid: overrides.userOid ?? CONTOSO.alexOid }).accessToken;
  const sleeps: number[] = [];
  const refreshes: string[] = [];
  const graph = createGraphClient({
    baseUrl: fake.graphBaseUrl,
    accessToken: async () => token,
    refreshAccessToken: async () => {
      token = fake.issueTokens({ userOid: overrides.userOid ?? CONTOSO.alexOid }).accessToken;
      refreshes.push(token);
      return token;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { graph, sleeps, refreshes, token: () => token };
}

async function caught(action: Promise<unknown>): Promise<GraphError> {
  const error = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

beforeAll(async () => {
  fake = await startMicrosoftFake();
  dealsDriveId = fake.sites.find((site) => site.isRoot)!.drives[0]!.id;
}, 60_000);

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.resetRequestLog();
  fake.setLatency(0);
  fake.setContentLength(true);
});

describe('get and pages', () => {
  it('joins a relative path to the base URL and sends the bearer token', async () => {
    const { graph } = client();
    const me = await graph.get<{ id: string; displayName: string }>('/me');
    expect(me).toMatchObject({ id: CONTOSO.alexOid, displayName: 'Alex Lender' });
    expect(fake.requestLog()).toEqual([
      { method: 'GET', path: '/v1.0/me', status: 200, authorization: true },
    ]);
    expect(graph.requestCount()).toBe(1);
  });

  it('follows @odata.nextLink verbatim until the last page', async () => {
    const { graph } = client();
    const pages: string[][] = [];
    for await (const page of graph.pages<{ name: string }>(
      `/drives/${dealsDriveId}/root:/Deals:/children?$top=2`,
    )) {
      pages.push(page.map((item) => item.name));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([
      'Brightwave Energy',
      'Deal Pipeline Overview.xlsx',
      'Kestrel Payments',
      'Lumen Health',
      'Nordlicht Robotics',
    ]);
    expect(fake.requestLog()).toHaveLength(3);
  });

  it('refuses to send the token to another origin', async () => {
    const { graph } = client();
    const error = await caught(graph.get('https://evil.example/v1.0/me'));
    expect(error.kind).toBe('unknown');
    expect(graph.requestCount()).toBe(0);
  });

  it('refuses a plain-http base URL that is not loopback', () => {
    expect(() =>
      createGraphClient({
        baseUrl: 'http://graph.example.com/v1.0',
        accessToken: async () => 't',
        refreshAccessToken: async () => 't',
      }),
    ).toThrow(/https/);
  });
});

describe('errors', () => {
  it('classifies 404 as not_found and 403 as forbidden, with Graph code and no token in the message', async () => {
    const { graph, token } = client();
    const missing = await caught(graph.get(`/drives/${dealsDriveId}/items/01NOTTHERE`));
    expect(missing).toMatchObject({ status: 404, kind: 'not_found', code: 'itemNotFound' });
    const priyaDrive = fake.users.find((user) => user.oid === CONTOSO.priyaOid)!.driveId;
    const forbidden = await caught(graph.get(`/drives/${priyaDrive}/root`));
    expect(forbidden).toMatchObject({ status: 403, kind: 'forbidden', code: 'accessDenied' });
    expect(`${forbidden.message} ${missing.message}`).not.toContain(token());
  });

  it('honours Retry-After on 429 and retries', async () => {
    const { graph, sleeps } = client();
    fake.throttleNext(2, 7);
    const me = await graph.get<{ id: string }>('/me');
    expect(me.id).toBe(CONTOSO.alexOid);
    expect(sleeps).toEqual([7000, 7000]);
    expect(fake.requestLog().map((entry) => entry.status)).toEqual([429, 429, 200]);
  });

  it('retries a 503 without Retry-After with exponential backoff', async () => {
    const { graph, sleeps } = client();
    fake.failNext(2, 503);
    await graph.get('/me');
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('honours Retry-After on 503 too', async () => {
    const { graph, sleeps } = client();
    fake.failNext(1, 503, { retryAfterSeconds: 3 });
    await graph.get('/me');
    expect(sleeps).toEqual([3000]);
  });

  it('gives up on a 500 after maxRetries as temporary', async () => {
    const { graph, sleeps } = client();
    fake.failNext(5, 500);
    const error = await caught(graph.get('/me'));
    expect(error).toMatchObject({ status: 500, kind: 'temporary', code: 'generalException' });
    expect(sleeps).toEqual([1000, 2000, 4000, 8000]);
    expect(fake.requestLog()).toHaveLength(5);
  });

  it('fails at once as temporary when Retry-After is longer than it waits', async () => {
    const { graph, sleeps } = client({ maxRetryAfterSeconds: 60 });
    fake.throttleNext(1, 600);
    const error = await caught(graph.get('/me'));
    expect(error).toMatchObject({ status: 429, kind: 'temporary', retryAfterSeconds: 600 });
    expect(sleeps).toEqual([]);
  });

  it('retries network failures and reports them as temporary', async () => {
    const closed = await startMicrosoftFake();
    await closed.close();
    const { graph, sleeps } = client({ baseUrl: closed.graphBaseUrl, maxRetries: 2 });
    const error = await caught(graph.get('/me'));
    expect(error).toMatchObject({ status: 0, kind: 'temporary', code: 'ECONNREFUSED' });
    expect(sleeps).toEqual([1000, 2000]);
    expect(graph.requestCount()).toBe(3);
  });

  it('times out a slow answer and retries it', async () => {
    fake.setLatency(300);
    const { graph, sleeps } = client({ timeoutMs: 50, maxRetries: 1 });
    const error = await caught(graph.get('/me'));
    expect(error).toMatchObject({ kind: 'temporary', code: 'timeout' });
    expect(sleeps).toEqual([1000]);
  });
});

describe('authentication', () => {
  it('refreshes once on a 401 and retries with the new token', async () => {
    const { graph, refreshes } = client();
    fake.expireAccessTokens();
    const me = await graph.get<{ id: string }>('/me');
    expect(me.id).toBe(CONTOSO.alexOid);
    expect(refreshes).toHaveLength(1);
    expect(fake.requestLog().map((entry) => entry.status)).toEqual([401, 200]);
  });

  it('shares one refresh between concurrent requests that failed with the same token', async () => {
    const { graph, refreshes } = client();
    fake.expireAccessTokens();
    await Promise.all(Array.from({ length: 6 }, () => graph.get('/me')));
    expect(refreshes).toHaveLength(1);
  });

  it('reports a second 401 as auth', async () => {
    let calls = 0;
    const stale = fake.issueTokens().accessToken;
    fake.expireAccessTokens();
    const graph = createGraphClient({
      baseUrl: fake.graphBaseUrl,
      accessToken: async () => stale,
      refreshAccessToken: async () => {
        calls++;
        return stale;
      },
      sleep: async () => {},
    });
    const error = await caught(graph.get('/me'));
    expect(error).toMatchObject({ status: 401, kind: 'auth', code: 'InvalidAuthenticationToken' });
    expect(error.message).not.toContain(stale);
    expect(calls).toBe(1);
  });
});

describe('a refresh that fails', () => {
  function clientRefusedWith(error: OAuthError) {
    const stale = fake.issueTokens().accessToken;
    fake.expireAccessTokens();
    return createGraphClient({
      baseUrl: fake.graphBaseUrl,
      accessToken: async () => stale,
      refreshAccessToken: async () => {
        throw error;
      },
      sleep: async () => {},
    });
  }

  it('is auth when the refresh token is no longer valid', async () => {
    const graph = clientRefusedWith(new OAuthError('invalid_grant', 'revoked', 'AADSTS50173'));
    const error = await caught(graph.get('/me'));
    expect(error).toMatchObject({ kind: 'auth', code: 'AADSTS50173' });
  });

  it('is temporary when the login service is unavailable', async () => {
    const graph = clientRefusedWith(new OAuthError('provider_unavailable', 'down'));
    expect((await caught(graph.get('/me'))).kind).toBe('temporary');
  });
});

describe('concurrency', () => {
  it('never has more than 4 requests in flight', async () => {
    fake.setLatency(150);
    const { graph } = client();
    await Promise.all(Array.from({ length: 12 }, () => graph.get('/me')));
    expect(fake.graphConcurrency().max).toBe(4);
  });

  it('keeps to a lower maxConcurrency', async () => {
    fake.setLatency(150);
    const { graph } = client({ maxConcurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => graph.get('/me')));
    expect(fake.graphConcurrency().max).toBe(2);
  });
});

describe('download', () => {
  it('follows the 302 without the Authorization header and streams the bytes', async () => {
    const bytes = new TextEncoder().encode('ARR EUR 12.4m; burn EUR 0.6m per month.\n'.repeat(100));
    const file = fake.addFile(dealsDriveId, 'Deals/Nordlicht Robotics', 'stream-test.txt', bytes);
    const { graph } = client();
    fake.resetRequestLog();
    const content = await graph.download(`/drives/${dealsDriveId}/items/${file.id}/content`);
    expect(content.size).toBe(bytes.byteLength);
    expect(content.contentType).toBe('text/plain');
    expect(await readAll(content.body)).toEqual(bytes);
    expect(fake.requestLog()).toEqual([
      {
        method: 'GET',
        path: `/v1.0/drives/${dealsDriveId}/items/${file.id}/content`,
        status: 302,
        authorization: true,
      },
      { method: 'GET', path: '/download/…', status: 200, authorization: false },
    ]);
  });

  it('refuses a file larger than maxBytes by its Content-Length, without reading it', async () => {
    const big = fake.itemByPath(
      dealsDriveId,
      'Deals/Kestrel Payments/Kestrel Payments Data Room Export.zip',
    )!;
    expect(big.size).toBe(5 * 1024 ** 3);
    const { graph } = client();
    const error = await caught(
      graph.download(`/drives/${dealsDriveId}/items/${big.id}/content`, { maxBytes: 50_000_000 }),
    );
    expect(error.kind).toBe('too_large');
    expect(error.message).not.toContain('/download/');
  });

  it('stops a stream without Content-Length once it passes maxBytes', async () => {
    const file = fake.addFile(
      dealsDriveId,
      'Deals/Lumen Health',
      'chunked.bin',
      new Uint8Array(300_000).fill(7),
    );
    fake.setContentLength(false);
    const { graph } = client();
    const content = await graph.download(`/drives/${dealsDriveId}/items/${file.id}/content`, {
      maxBytes: 100_000,
    });
    expect(content.size).toBeNull();
    const error = await caught(readAll(content.body));
    expect(error.kind).toBe('too_large');
  });

  it('passes a download under the limit whole, also without Content-Length', async () => {
    const bytes = new Uint8Array(50_000).fill(3);
    const file = fake.addFile(dealsDriveId, 'Deals/Lumen Health', 'small.bin', bytes);
    fake.setContentLength(false);
    const { graph } = client();
    const content = await graph.download(`/drives/${dealsDriveId}/items/${file.id}/content`, {
      maxBytes: 100_000,
    });
    expect((await readAll(content.body)).byteLength).toBe(50_000);
  });

  it('retries a throttled download URL without ever sending it the token', async () => {
    const file = fake.itemByPath(dealsDriveId, 'Deals/Lumen Health/call notes.txt')!;
    fake.throttleNext(1, 2, 'download');
    const { graph, sleeps } = client();
    const content = await graph.download(`/drives/${dealsDriveId}/items/${file.id}/content`);
    expect(new TextDecoder().decode(await readAll(content.body))).toContain('Lumen Health');
    expect(sleeps).toEqual([2000]);
    expect(fake.requestLog().filter((entry) => entry.path === '/download/…')).toEqual([
      { method: 'GET', path: '/download/…', status: 429, authorization: false },
      { method: 'GET', path: '/download/…', status: 200, authorization: false },
    ]);
  });
});
