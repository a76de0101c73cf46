import { createHash } from 'node:crypto';
import {
  API_KEYS_MAX_PER_USER,
  type TApiKeyListResponse,
  type TAuthResponse,
  type TCreatedApiKey,
  type TMeResponse,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const createKey = (token: string, body: unknown) =>
  call<TCreatedApiKey>(server.app, 'POST', '/api/v1/users/me/api-keys', { token, body });
const listKeys = (token: string) =>
  call<TApiKeyListResponse>(server.app, 'GET', '/api/v1/users/me/api-keys', { token });
const deleteKey = (token: string, id: string) =>
  call(server.app, 'DELETE', `/api/v1/users/me/api-keys/${id}`, { token });
const me = (token: string) => call<TMeResponse>(server.app, 'GET', '/api/v1/users/me', { token });

async function keyRows(userId: string) {
  const { rows } = await server.database.executeSql('select * from api_keys where user_id = $1', [userId]);
  return rows;
}

async function newKey(owner: TAuthResponse, body: Record<string, unknown> = { name: 'Claude Desktop' }) {
  const response = await createKey(owner.access_token, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe('POST /users/me/api-keys', () => {
  it('answers the secret once, keeps only its hash, and lists the key without it', async () => {
    const admin = await registerOrganization(server.app);
    const before = Date.now();
    const created = await newKey(admin, { name: '  Claude Desktop  ' });
    expect(created.secret).toMatch(/^atp_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Claude Desktop',
      prefix: created.secret.slice(0, 12),
      last_used_at: null,
      expires_at: null,
    });
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await keyRows(admin.user.id);
    expect(row!.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row!.organization_id).toBe(admin.organization.id);

    const list = await listKeys(admin.access_token);
    expect(list.status).toBe(200);
    const { secret: _secret, ...shown } = created;
    expect(list.body.api_keys).toEqual([shown]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
  });

  it('sets the expiry the given number of days ahead', async () => {
    const admin = await registerOrganization(server.app);
    const created = await newKey(admin, { name: 'CI', expires_in_days: 30 });
    const days = (Date.parse(created.expires_at!) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it.each([
    ['no name', {}],
    ['a blank name', { name: '   ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['a name that is not text', { name: 42 }],
    ['zero days', { name: 'k', expires_in_days: 0 }],
    ['negative days', { name: 'k', expires_in_days: -1 }],
    ['over ten years', { name: 'k', expires_in_days: 3651 }],
    ['fractional days', { name: 'k', expires_in_days: 1.5 }],
    ['days as text', { name: 'k', expires_in_days: '7' }],
    ['a NUL in the name', { name: 'Acme\u0000 key' }],
  ])('refuses %s with a 4xx and writes nothing', async (_label, body) => {
    const admin = await registerOrganization(server.app);
    const response = await createKey(admin.access_token, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    expect(await keyRows(admin.user.id)).toEqual([]);
  });

  it(`allows ${API_KEYS_MAX_PER_USER} keys per user, then answers 409 and writes nothing`, async () => {
    const admin = await registerOrganization(server.app);
    for (let index = 0; index < API_KEYS_MAX_PER_USER; index++) await newKey(admin, { name: `key ${index}` });
    const refused = await createKey(admin.access_token, { name: 'one too many' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('API_KEY_LIMIT');
    expect(await keyRows(admin.user.id)).toHaveLength(API_KEYS_MAX_PER_USER);
    // The limit is per person: a colleague still can.
    const member = await addMember(server.app, admin);
    await newKey(member);
  });

  it('refuses to create a key for a caller who authenticated with a key', async () => {
    const admin = await registerOrganization(server.app);
    const first = await newKey(admin);
    const refused = await createKey(first.secret, { name: 'minted by a key' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_NOT_ALLOWED');
    expect(await keyRows(admin.user.id)).toHaveLength(1);
    // Listing and deleting with the key itself are allowed: revoking a key you hold is fine.
    expect((await listKeys(first.secret)).status).toBe(200);
    expect((await deleteKey(first.secret, first.id)).status).toBe(200);
    expect((await me(first.secret)).status).toBe(401);
  });

  it('needs a signed-in caller', async () => {
    const response = await call(server.app, 'POST', '/api/v1/users/me/api-keys', { body: { name: 'x' } });
    expect(response.status).toBe(401);
  });
});

describe('an API key as a bearer token', () => {
  it('works on the REST API as its user, and records when it was last used', async () => {
    const admin = await registerOrganization(server.app);
    const created = await newKey(admin);
    const response = await me(created.secret);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(admin.user.id);
    expect(response.body.organization.id).toBe(admin.organization.id);
    // The use is written in the background.
    await expect
      .poll(async () => (await listKeys(admin.access_token)).body.api_keys[0]!.last_used_at, {
        timeout: 5000,
      })
      .not.toBeNull();
    const firstUse = (await listKeys(admin.access_token)).body.api_keys[0]!.last_used_at;
    // Used again within the minute: not written again.
    await me(created.secret);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await listKeys(admin.access_token)).body.api_keys[0]!.last_used_at).toBe(firstUse);
  });

  it("carries its user's current role: a member's key is refused admin routes until promoted", async () => {
    const admin = await registerOrganization(server.app);
    const member = await addMember(server.app, admin);
    const created = await newKey(member);
    const before = await call(server.app, 'GET', '/api/v1/organizations/current/users', {
      token: created.secret,
    });
    expect(before.status).toBe(403);
    const promoted = await call(
      server.app,
      'PATCH',
      `/api/v1/organizations/current/users/${member.user.id}`,
      {
        token: admin.access_token,
        body: { role: 'admin' },
      },
    );
    expect(promoted.status).toBe(200);
    const after = await call(server.app, 'GET', '/api/v1/organizations/current/users', {
      token: created.secret,
    });
    expect(after.status).toBe(200);
  });

  it('stops working once its user is removed from the organisation', async () => {
    const admin = await registerOrganization(server.app);
    const member = await addMember(server.app, admin);
    const created = await newKey(member);
    expect((await me(created.secret)).status).toBe(200);
    const removed = await call(
      server.app,
      'DELETE',
      `/api/v1/organizations/current/users/${member.user.id}`,
      {
        token: admin.access_token,
      },
    );
    expect(removed.status).toBe(200);
    expect((await me(created.secret)).status).toBe(401);
  });

  it('answers 401 with WWW-Authenticate once expired', async () => {
    const admin = await registerOrganization(server.app);
    const created = await newKey(admin, { name: 'short', expires_in_days: 1 });
    await server.database.executeSql(
      "update api_keys set expires_at = now() - interval '1 second' where id = $1",
      [created.id],
    );
    const response = await me(created.secret);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('TOKEN_EXPIRED');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
  });

  it.each([
    ['the bare prefix', 'atp_'],
    ['an unknown key', `atp_${'A'.repeat(43)}`],
    ['a key with a character changed', null],
  ])('answers 401 to %s', async (_label, presented) => {
    const admin = await registerOrganization(server.app);
    const created = await newKey(admin);
    const last = created.secret.at(-1) === 'A' ? 'B' : 'A';
    const token = presented ?? `${created.secret.slice(0, -1)}${last}`;
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });
});

describe('DELETE /users/me/api-keys/{id}', () => {
  it('deletes the key, which stops working at once', async () => {
    const admin = await registerOrganization(server.app);
    const kept = await newKey(admin, { name: 'kept' });
    const doomed = await newKey(admin, { name: 'doomed' });
    expect((await me(doomed.secret)).status).toBe(200);
    const response = await deleteKey(admin.access_token, doomed.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await me(doomed.secret)).status).toBe(401);
    expect((await me(kept.secret)).status).toBe(200);
    expect((await listKeys(admin.access_token)).body.api_keys.map((key) => key.name)).toEqual(['kept']);
    expect((await deleteKey(admin.access_token, doomed.id)).status).toBe(404);
  });

  it("answers 404 for a colleague's key and for another organisation's, and leaves them working", async () => {
    const admin = await registerOrganization(server.app);
    const colleague = await addMember(server.app, admin);
    const stranger = await registerOrganization(server.app);
    const colleagues = await newKey(colleague);
    const strangers = await newKey(stranger);
    for (const id of [colleagues.id, strangers.id]) {
      const response = await deleteKey(admin.access_token, id);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await me(colleagues.secret)).status).toBe(200);
    expect((await me(strangers.secret)).status).toBe(200);
    // Nor does the list show anyone else's keys.
    expect((await listKeys(admin.access_token)).body.api_keys).toEqual([]);
  });

  it('answers 422 to an id that is not a uuid', async () => {
    const admin = await registerOrganization(server.app);
    const response = await deleteKey(admin.access_token, 'not-a-uuid');
    expect(response.status).toBe(422);
  });
});
