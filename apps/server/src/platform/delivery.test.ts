import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeal } from '../modules/deals/pipeline.fixtures.ts';
import { registerOrganization } from '../test/fixtures.ts';
import { startTestServer, type TestServer } from '../test/server.ts';

/** Raw bytes and headers as they cross the wire (fetch would decode the body itself). */
function rawGet(
  base: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(url, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const APP_JS = `console.log(${JSON.stringify('the app '.repeat(500))});`;

let server: TestServer;
let base: string;
let token: string;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'atempo-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), APP_JS);
  // A build that still left its source map next to the bundle must not publish it.
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  server = await startTestServer({ env: { WEB_DIST: webDist } });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  token = (await registerOrganization(server.app)).access_token;
  for (let i = 0; i < 12; i++) {
    await createDeal(server.app, token, {
      company_name: `Compressible ${i}`,
      amount_requested: 1_000_000 + i,
    });
  }
});
afterAll(async () => {
  await server?.close();
});

describe('compression', () => {
  it('answers the API in brotli or gzip as asked, decoding to the same JSON', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const plain = await rawGet(base, '/api/v1/deals?limit=50', auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.deals).toHaveLength(12);

    const br = await rawGet(base, '/api/v1/deals?limit=50', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    const gzip = await rawGet(base, '/api/v1/deals?limit=50', { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(json);
  });

  it('leaves small answers as they are', async () => {
    const health = await rawGet(base, '/health', { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8')).status).toBe('ok');
  });

  it('compresses static files too', async () => {
    const asset = await rawGet(base, '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.body).toString('utf8')).toBe(APP_JS);
  });
});

describe('caching and source maps', () => {
  it('caches fingerprinted assets for a year, immutable, and revalidates index.html', async () => {
    const asset = await rawGet(base, '/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/deals']) {
      const page = await rawGet(base, url);
      expect(page.status, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('refuses source maps with the JSON 404, even when the file exists', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/other.js.map',
      '/assets/index-abc123.js.MAP?x=1',
    ]) {
      const map = await rawGet(base, url);
      expect(map.status, url).toBe(404);
      expect(JSON.parse(map.body.toString('utf8')).code, url).toBe('NOT_FOUND');
      expect(map.body.toString('utf8')).not.toContain('secret.ts');
    }
  });
});
