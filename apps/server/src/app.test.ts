import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { openTestDatabase } from '@atempo/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerOrganization } from './test/fixtures.ts';
import { call, startTestServer, type TestDatabase, type TestServer } from './test/server.ts';

let database: TestDatabase;
let server: TestServer;
const logLines: Record<string, unknown>[] = [];
const logText: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      const text = chunk.toString();
      logText.push(text);
      for (const line of text.split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  server = await startTestServer({ database, logStream });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** The routes of the app, read from Fastify's route tree, as [method, path] pairs. */
function routeTable(app: FastifyInstance): [string, string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    for (const method of match[3]?.split(', ') ?? []) routes.push([method, stack.join('')]);
  }
  return routes;
}

describe('request handling', () => {
  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });

  it('treats prototype pollution attempts as malformed', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers validation failures with 422, a readable detail and errors[]', async () => {
    const response = await call(server.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'nope', password: 'x', remember_me: 'yes' },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      detail: 'Enter a valid email address',
      errors: [
        { path: 'email', message: 'Enter a valid email address' },
        { path: 'remember_me', message: expect.stringMatching(/boolean/) },
      ],
    });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await call(server.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'a@b.c', password: 'x'.repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/no-such-thing'],
      ['POST', '/api/v1/deals/123/whatever'],
      ['GET', '/api/unknown'],
    ] as const) {
      const response = await call(server.app, method, url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('request ids and logs', () => {
  it('echoes a given X-Request-Id and makes one otherwise', async () => {
    const given = await call(server.app, 'GET', '/health', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(given.headers['x-request-id']).toBe('trace-abc.123');
    const made = await call(server.app, 'GET', '/health');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await call(server.app, 'GET', '/health', {
      headers: { 'x-request-id': 'bad id\twith "stuff"' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs structured lines with the request id and never a password or token', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call(server.app, 'POST', '/api/v1/auth/login', {
      body: { email: admin.user.email, password: PASSWORD },
      headers: { 'x-request-id': 'login-request-1', authorization: `Bearer ${admin.access_token}` },
    });
    expect(response.status).toBe(200);
    const lines = logLines.filter((line) => line.request_id === 'login-request-1');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    // The reset link's page request carries its token in the URL; the log must not.
    await call(server.app, 'GET', '/reset-password?token=secret-reset-token-value&x=1');
    const everything = logText.join('');
    for (const secret of [
      PASSWORD,
      admin.access_token,
      admin.refresh_token,
      response.body.access_token as string,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('OpenAPI and docs', () => {
  it('documents every API route', async () => {
    const response = await call<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      server.app,
      'GET',
      '/api/v1/openapi.json',
    );
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const apiRoutes = routeTable(server.app).filter(
      ([method, url]) => method !== 'HEAD' && (url.startsWith('/api/v1/') || url === '/health'),
    );
    const documented = apiRoutes.filter(([, url]) => url !== '/api/v1/openapi.json');
    expect(documented.length).toBeGreaterThanOrEqual(18);
    for (const [method, url] of documented) {
      const openApiPath = url.replace(/:(\w+)/g, '{$1}');
      expect(response.body.paths[openApiPath]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
    }
    const login = response.body.paths['/api/v1/auth/login']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(Object.keys(login.requestBody.content['application/json']!.schema.properties)).toEqual(
      expect.arrayContaining(['email', 'password', 'organization_slug', 'remember_me']),
    );
  });

  it('serves the docs UI and its assets locally', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const bundle = await server.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});

describe('security headers over real HTTP', () => {
  it('sends the CSP, framing and sniffing protections and no CORS by default', async () => {
    // The app closes (and so stops listening) in afterAll.
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/health`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // Pages keep their sign-in popups; the OAuth return pages set no policy, so the popup that
    // arrives there from the provider still reaches the page that opened it.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    for (const page of ['/auth-callback?code=c&state=s', '/auth/gmail-callback']) {
      const returnPage = await fetch(`${address}${page}`);
      expect(returnPage.headers.get('cross-origin-opener-policy'), page).toBeNull();
      expect(returnPage.headers.get('content-security-policy'), page).toContain("frame-ancestors 'none'");
    }
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('CORS when configured', () => {
  let cors: TestServer;
  beforeAll(async () => {
    cors = await startTestServer({ database, env: { CORS_ORIGINS: 'https://app.example' } });
  });
  afterAll(() => cors?.close());

  it('answers preflights and marks responses for the listed origin only', async () => {
    const preflight = await cors.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const allowed = await call(cors.app, 'GET', '/health', { headers: { origin: 'https://app.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    const other = await call(cors.app, 'GET', '/health', { headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the web app', () => {
  let spa: TestServer;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'atempo-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    spa = await startTestServer({ database, env: { WEB_DIST: webDist } });
  });
  afterAll(() => spa?.close());

  it('serves index.html for the app routes and fingerprinted assets with a long cache', async () => {
    for (const url of ['/', '/deals/123/intelligence', '/login?next=%2Fdeals']) {
      const page = await spa.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    const asset = await spa.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('keeps API misses as JSON 404s, and non-GET misses too', async () => {
    const api = await call(spa.app, 'GET', '/api/v1/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe('NOT_FOUND');
    const post = await call(spa.app, 'POST', '/deals', { body: {} });
    expect(post.status).toBe(404);
    expect((await call(spa.app, 'GET', '/health')).body.status).toBe('ok');
  });

  it('without a built web app, only the API answers', async () => {
    const page = await call(server.app, 'GET', '/deals');
    expect(page.status).toBe(404);
    expect(page.body.code).toBe('NOT_FOUND');
  });
});
