import type { TAuthResponse, TCompany, TDeal } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

let server: TestServer;
let org: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

const send = <T>(method: 'POST' | 'PATCH' | 'GET', url: string, body?: unknown) =>
  call<T>(server.app, method, `/api/v1${url}`, { token: org.access_token, body });

/** The web app reads "2.5m" and "1,500,000" itself; the API takes numbers only and refuses text. */
describe('amounts are numbers', () => {
  it('refuses text amounts on create and update with 422, and writes nothing', async () => {
    const deal = (await send<TDeal>('POST', '/deals', { company_name: 'Numbers Ltd', amount_requested: 2e6 }))
      .body;
    for (const amount of ['lots', '2.5m', '1,500,000', '', null]) {
      const created = await send('POST', '/deals', { company_name: 'Text Ltd', amount_requested: amount });
      expect(created.status, String(amount)).toBe(422);
      expect(created.body.errors?.[0]?.path).toBe('amount_requested');
      const updated = await send('PATCH', `/deals/${deal.id}`, { amount_requested: amount });
      expect(updated.status, String(amount)).toBe(422);
      expect(updated.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await send<TDeal>('GET', `/deals/${deal.id}`)).body.amount_requested).toBe(2e6);
    const companies = await send<{ companies: TCompany[] }>('GET', '/companies?limit=100');
    expect(companies.body.companies.map((company) => company.name)).toEqual(['Numbers Ltd']);
  });

  it("refuses a company's text money fields", async () => {
    const created = await send('POST', '/companies', { name: 'Money Text', revenue: 'lots' });
    expect(created.status).toBe(422);
    const company = (await send<TCompany>('POST', '/companies', { name: 'Money Ok', revenue: 1e6 })).body;
    const updated = await send('PATCH', `/companies/${company.id}`, { total_funding: 'lots' });
    expect(updated.status).toBe(422);
    expect((await send<TCompany>('GET', `/companies/${company.id}`)).body.total_funding).toBeNull();
  });
});
