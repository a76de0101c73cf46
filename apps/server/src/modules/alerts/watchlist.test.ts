import type { TWatchlistEntry, TWatchlistResponse } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany } from '../deals/pipeline.fixtures.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await registerOrganization(server.app)).access_token;
});
afterAll(async () => {
  await server?.close();
});

const add = (body: unknown) =>
  call<TWatchlistEntry>(server.app, 'POST', '/api/v1/signals/watchlist/add', { token, body });
const list = () => call<TWatchlistResponse>(server.app, 'GET', '/api/v1/signals/watchlist', { token });

describe('watchlist', () => {
  it('starts empty', async () => {
    expect((await list()).body).toEqual({ watchlist: [], total: 0 });
  });

  it('adds with defaults, lists, refuses a second add, and removes', async () => {
    const company = await createCompany(server.app, token, { name: 'Watched Ltd' });
    const added = await add({ company_id: company.id });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      company_id: company.id,
      company_name: 'Watched Ltd',
      alert_threshold: 0.7,
      signal_types: ['ipo_signal', 'market_opportunity', 'funding_round', 'competitive_threat', 'other'],
      notification_preferences: { email: true, slack: false, in_app: true },
      created_at: expect.any(String),
    });
    expect((await list()).body).toEqual({ watchlist: [added.body], total: 1 });

    const again = await add({ company_id: company.id, alert_threshold: 0.2 });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This company is already on your watchlist');

    const removed = await call(server.app, 'DELETE', `/api/v1/signals/watchlist/${added.body.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await list()).body.total).toBe(0);
    const twice = await call(server.app, 'DELETE', `/api/v1/signals/watchlist/${added.body.id}`, { token });
    expect(twice.status).toBe(404);
  });

  it('keeps the chosen threshold, signal types and channels', async () => {
    const company = await createCompany(server.app, token, { name: 'Custom Alerts' });
    const added = await add({
      company_id: company.id,
      alert_threshold: 0.35,
      signal_types: ['funding_round', 'ipo_signal'],
      notification_preferences: { slack: true },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      alert_threshold: 0.35,
      signal_types: ['funding_round', 'ipo_signal'],
      notification_preferences: { email: true, slack: true, in_app: true },
    });
  });

  it('answers a PATCH that names no field with the entry unchanged', async () => {
    const company = await createCompany(server.app, token, { name: 'Nothing To Change' });
    const added = await add({ company_id: company.id, alert_threshold: 0.4 });
    for (const body of [{}, { unknown_field: { a: { a: 1 } } }]) {
      const patched = await call(server.app, 'PATCH', `/api/v1/signals/watchlist/${added.body.id}`, {
        token,
        body,
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: added.body.id, alert_threshold: 0.4 });
    }
  });

  it('refuses invalid input (422) and an unknown company (404)', async () => {
    const company = await createCompany(server.app, token, { name: 'Validated' });
    const cases: [unknown, string][] = [
      [{}, 'company_id'],
      [{ company_id: 'nope' }, 'company_id'],
      [{ company_id: company.id, alert_threshold: 1.5 }, 'alert_threshold'],
      [{ company_id: company.id, signal_types: ['rumour'] }, 'signal_types.0'],
      [{ company_id: company.id, signal_types: ['other', 'other'] }, 'signal_types'],
      [
        { company_id: company.id, notification_preferences: { email: 'yes' } },
        'notification_preferences.email',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await add(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors?.[0]?.path).toBe(field);
    }
    const unknown = await add({ company_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Company not found');
  });

  it('needs a token', async () => {
    expect((await call(server.app, 'GET', '/api/v1/signals/watchlist')).status).toBe(401);
  });
});
