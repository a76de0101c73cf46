import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

const MICROSOFT = { MS_CLIENT_ID: 'client-1', MS_CLIENT_SECRET: 'secret-1', MS_TENANT_ID: 'common' };

let plain: TestServer;
let withMicrosoft: TestServer;
beforeAll(async () => {
  plain = await startTestServer();
  withMicrosoft = await startTestServer({ database: plain.database, env: MICROSOFT });
});
afterAll(async () => {
  await withMicrosoft?.close();
  await plain?.close();
});

describe('GET /auth/providers', () => {
  it('offers no Microsoft sign-in by default, without a session', async () => {
    const response = await call(plain.app, 'GET', '/api/v1/auth/providers');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ microsoft: false });
  });

  it('offers Microsoft sign-in once MS_CLIENT_ID, MS_CLIENT_SECRET and MS_TENANT_ID are set', async () => {
    const response = await call(withMicrosoft.app, 'GET', '/api/v1/auth/providers');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ microsoft: true });
  });

  it('is in the OpenAPI document', async () => {
    const document = (await call(plain.app, 'GET', '/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/v1/auth/providers']?.get?.responses ?? {})).toEqual(['200']);
  });
});
