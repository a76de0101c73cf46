import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedServer, serve, startFeedServer } from '../test/feed-server.ts';
import { classifyAddress } from './network-address.ts';
import { SafeFetchError, type SafeFetchOptions, safeFetch, USER_AGENT } from './safe-fetch.ts';

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(async () => {
  await feeds?.close();
});

const open: SafeFetchOptions = { allowPrivateNetworks: true };
/** The guard as in production, except that the local test server plays a public host. */
const guarded: SafeFetchOptions = {
  allowPrivateNetworks: false,
  addressPolicy: (address) =>
    address === '127.0.0.1' ? { public: true, range: 'unicast', address } : classifyAddress(address),
};

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('safeFetch', () => {
  it('sends a User-Agent and accepts gzip, answering the body decompressed', async () => {
    const xml = '<rss><channel><title>Zipped</title></channel></rss>';
    feeds.route('/gzip', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
      response.end(gzipSync(xml));
    });
    const answer = await safeFetch(`${feeds.origin}/gzip`, open);
    expect(answer.status).toBe(200);
    expect(answer.body.toString('utf8')).toBe(xml);
    const seen = feeds.requests.at(-1);
    expect(seen?.headers['user-agent']).toBe(USER_AGENT);
    expect(seen?.headers['accept-encoding']).toContain('gzip');
  });

  it('refuses a private address outright unless private networks are allowed', async () => {
    feeds.route('/private', serve('<rss/>'));
    const literal = await refusal(safeFetch(`${feeds.origin}/private`, { allowPrivateNetworks: false }));
    expect(literal.code).toBe('blocked_address');
    expect(literal.message).toBe(
      '127.0.0.1 is not a public address (loopback); requests to private networks are not allowed',
    );
    // A name is resolved and its addresses judged the same way.
    const named = await refusal(
      safeFetch(`http://localhost:${feeds.port}/private`, { allowPrivateNetworks: false }),
    );
    expect(named.code).toBe('blocked_address');
    // The resolved address is not told: names must not map the internal network.
    expect(named.message).toBe(
      'localhost is not a public address (loopback); requests to private networks are not allowed',
    );
    const before = feeds.requests.length;
    await refusal(safeFetch('http://[::ffff:127.0.0.1]:1/', { allowPrivateNetworks: false }));
    await refusal(safeFetch('http://169.254.169.254/latest/meta-data/', { allowPrivateNetworks: false }));
    expect(feeds.requests.length).toBe(before);
  });

  it.each([
    ['http://10.0.0.1/feed', '10.0.0.1 is not a public address (private)'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public address (link-local)'],
    ['http://[fd00::1]/feed', 'fd00::1 is not a public address (unique-local)'],
    ['http://[::ffff:192.168.0.1]/', '192.168.0.1 is not a public address (private)'],
    ['http://100.64.0.1/', '100.64.0.1 is not a public address (carrier-grade NAT)'],
    ['http://0.0.0.0/', '0.0.0.0 is not a public address (unspecified)'],
    ['http://[64:ff9b::a00:1]/', '64:ff9b::a00:1 is not a public address (NAT64)'],
  ])('re-checks a redirect: to %s is refused', async (target, message) => {
    feeds.route('/hop', (_request, response) => {
      response.writeHead(302, { location: target }).end();
    });
    const error = await refusal(safeFetch(`${feeds.origin}/hop`, guarded));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toBe(`${message}; requests to private networks are not allowed`);
  });

  it('follows up to 5 redirects, relative ones included, and refuses the sixth', async () => {
    for (let hop = 1; hop <= 6; hop += 1) {
      feeds.route(`/chain/${hop}`, (_request, response) => {
        response
          .writeHead(hop % 2 ? 301 : 307, { location: hop === 6 ? '/chain/end' : `../chain/${hop + 1}` })
          .end();
      });
    }
    feeds.route('/chain/end', serve('<rss/>'));
    const five = await safeFetch(`${feeds.origin}/chain/2`, guarded);
    expect(five).toMatchObject({ status: 200, redirects: 5, url: `${feeds.origin}/chain/end` });
    const six = await refusal(safeFetch(`${feeds.origin}/chain/1`, guarded));
    expect(six.code).toBe('too_many_redirects');
  });

  it('refuses a redirect to another scheme', async () => {
    feeds.route('/to-file', (_request, response) => {
      response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    });
    expect((await refusal(safeFetch(`${feeds.origin}/to-file`, open))).code).toBe('invalid_url');
  });

  it('refuses a 20 MB answer sent without Content-Length, counting the streamed bytes', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    feeds.route('/huge', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      let sent = 0;
      const more = () => {
        while (sent < 20) {
          sent += 1;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('error', () => undefined);
      more();
    });
    const error = await refusal(safeFetch(`${feeds.origin}/huge`, open));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe('The response is larger than 10 MB');
  });

  it('refuses a small gzip that expands past the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(11 * 1024 * 1024, 0));
    expect(bomb.length).toBeLessThan(100_000);
    feeds.route('/bomb', (_request, response) => {
      response
        .writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) })
        .end(bomb);
    });
    expect((await refusal(safeFetch(`${feeds.origin}/bomb`, open))).code).toBe('too_large');
  });

  it('refuses at once when Content-Length already says too much', async () => {
    feeds.route('/declared', (_request, response) => {
      response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      response.write('<rss>');
      response.on('error', () => undefined);
    });
    expect((await refusal(safeFetch(`${feeds.origin}/declared`, open))).code).toBe('too_large');
  });

  it('gives up when the server does not answer in time', async () => {
    feeds.route('/silent', () => undefined);
    feeds.route('/slow-body', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.write('<rss>');
    });
    const silent = await refusal(safeFetch(`${feeds.origin}/silent`, { ...open, timeoutMs: 300 }));
    expect(silent.code).toBe('timeout');
    expect(silent.message).toBe('No complete answer within 0.3 seconds');
    const slow = await refusal(safeFetch(`${feeds.origin}/slow-body`, { ...open, timeoutMs: 300 }));
    expect(slow.code).toBe('timeout');
  });

  it('says when nothing listens or the name does not resolve', async () => {
    const closed = await startFeedServer();
    const port = closed.port;
    await closed.close();
    const refused = await refusal(safeFetch(`http://127.0.0.1:${port}/`, open));
    expect(refused).toMatchObject({ code: 'network', message: `127.0.0.1:${port} refused the connection` });
    const unknown = await refusal(safeFetch('http://no-such-host.invalid/', open));
    expect(unknown).toMatchObject({ code: 'network', message: 'no-such-host.invalid could not be resolved' });
  });

  it('refuses what is not an http(s) URL', async () => {
    for (const url of ['ftp://example.com/feed', 'not a url', 'javascript:alert(1)']) {
      expect((await refusal(safeFetch(url, open))).code).toBe('invalid_url');
    }
  });
});
