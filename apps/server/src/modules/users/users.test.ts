import type { TAuthResponse, TMeResponse } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const login = (email: string, password = PASSWORD) =>
  call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/login', {
    body: { email, password, remember_me: true },
  });
const refresh = (refresh_token: string) =>
  call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token } });

describe('GET /users/me', () => {
  it('returns the user with their organisation', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call<TMeResponse>(server.app, 'GET', '/api/v1/users/me', {
      token: admin.access_token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...admin.user, organization: admin.organization });
  });

  it('needs a token', async () => {
    const response = await call(server.app, 'GET', '/api/v1/users/me');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('PATCH /users/me', () => {
  it('updates the given fields only and returns the new me', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call<TMeResponse>(server.app, 'PATCH', '/api/v1/users/me', {
      token: admin.access_token,
      body: { first_name: '  Augusta ', onboarding_completed: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      first_name: 'Augusta',
      last_name: admin.user.last_name,
      onboarding_completed: true,
      organization: { id: admin.organization.id },
    });
    const me = await call<TMeResponse>(server.app, 'GET', '/api/v1/users/me', { token: admin.access_token });
    expect(me.body.first_name).toBe('Augusta');
  });

  it('refuses an empty name with 422', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call(server.app, 'PATCH', '/api/v1/users/me', {
      token: admin.access_token,
      body: { last_name: '   ' },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      detail: 'Last name is required',
      errors: [{ path: 'last_name', message: 'Last name is required' }],
    });
  });
});

describe('POST /users/me/password', () => {
  it('refuses a wrong current password', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call(server.app, 'POST', '/api/v1/users/me/password', {
      token: admin.access_token,
      body: { current_password: 'not my password', new_password: 'another password' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Current password is incorrect', code: 'INVALID_PASSWORD' });
    expect((await login(admin.user.email)).status).toBe(200);
  });

  it('changes the password and signs out the other sessions only', async () => {
    const admin = await registerOrganization(server.app);
    const laptop = await login(admin.user.email);
    const phone = await login(admin.user.email);
    const response = await call(server.app, 'POST', '/api/v1/users/me/password', {
      token: laptop.body.access_token,
      body: {
        current_password: PASSWORD,
        new_password: 'a better password',
        refresh_token: laptop.body.refresh_token,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBeTruthy();
    expect((await login(admin.user.email)).status).toBe(401);
    expect((await login(admin.user.email, 'a better password')).status).toBe(200);
    expect((await refresh(laptop.body.refresh_token)).status).toBe(200);
    expect((await refresh(phone.body.refresh_token)).status).toBe(401);
    expect((await refresh(admin.refresh_token)).status).toBe(401);
  });
});

describe('POST /users/me/sessions/revoke-others', () => {
  it('ends every other session and says how many', async () => {
    const admin = await registerOrganization(server.app);
    const kept = await login(admin.user.email);
    const other = await login(admin.user.email);
    // A rotated session still counts once.
    const rotated = await refresh(other.body.refresh_token);
    const response = await call(server.app, 'POST', '/api/v1/users/me/sessions/revoke-others', {
      token: kept.body.access_token,
      body: { refresh_token: kept.body.refresh_token },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ revoked: 2 });
    expect((await refresh(kept.body.refresh_token)).status).toBe(200);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);
    expect((await refresh(admin.refresh_token)).status).toBe(401);
  });

  it('without a refresh token ends every session', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call(server.app, 'POST', '/api/v1/users/me/sessions/revoke-others', {
      token: admin.access_token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ revoked: 1 });
    expect((await refresh(admin.refresh_token)).status).toBe(401);
  });
});
