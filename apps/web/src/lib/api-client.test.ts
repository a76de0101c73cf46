import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  type FakeHandler,
  globalTimers,
  jsonResponse,
  locationAt,
  MemoryStorage,
  makeJwt,
  type RecordedCall,
} from '../test/fakes.ts';
import { createApiClient, isRefreshExempt } from './api-client.ts';
import { ApiError, NETWORK_ERROR_DETAIL } from './api-error.ts';

const PAGE = 'http://localhost:5173/deals';
const BASE = 'http://localhost:8000/api/v1';

interface SetupOptions {
  page?: string;
  tokens?: Record<string, string>;
}

function setup(handler: FakeHandler, options: SetupOptions = {}) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(
    options.tokens ?? { auth_token: 'access-1', refresh_token: 'refresh-1' },
  )) {
    storage.setItem(key, value);
  }
  const fetch = createFakeFetch((call) =>
    call.url.endsWith('/health') ? jsonResponse(200, { status: 'ok' }) : handler(call),
  );
  const navigate = vi.fn<(path: string) => void>();
  const client = createApiClient({
    fetch,
    storage,
    session: new MemoryStorage(),
    location: () => locationAt(options.page ?? PAGE),
    env: {},
    timers: globalTimers,
    now: () => Date.now(),
    navigate,
  });
  const apiCalls = () => fetch.calls.filter((call) => !call.url.endsWith('/health'));
  const refreshCalls = () => fetch.calls.filter((call) => call.url.endsWith('/auth/refresh'));
  return { storage, fetch, navigate, client, apiCalls, refreshCalls };
}

const bearer = (call: RecordedCall | undefined) => call?.headers.Authorization;

/** A fake API where /deals accepts only `valid` and /auth/refresh hands out `valid`. */
function tokenGate(valid = 'access-2'): FakeHandler {
  return (call) => {
    if (call.url.endsWith('/auth/refresh'))
      return jsonResponse(200, { access_token: valid, refresh_token: 'refresh-2' });
    if (bearer(call) === `Bearer ${valid}`) return jsonResponse(200, { ok: call.url });
    return jsonResponse(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
  };
}

describe('API client requests', () => {
  it('sends JSON with the bearer token to the chosen base', async () => {
    const { client, apiCalls } = setup(() => jsonResponse(201, { id: 'd1' }));
    await expect(client.post('/deals', { name: 'Acme' })).resolves.toEqual({ id: 'd1' });
    expect(apiCalls()[0]).toMatchObject({
      method: 'POST',
      url: `${BASE}/deals`,
      body: { name: 'Acme' },
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer access-1' },
    });
  });

  it('sends cookies across origins only when a call asks for them', async () => {
    const { client, apiCalls } = setup(() => jsonResponse(200, {}), { tokens: {} });
    await client.get('/users/me');
    await client.get('/oauth/callback?code=c&state=s', { credentials: 'include' });
    expect(apiCalls()[0]?.credentials).toBeUndefined();
    expect(apiCalls()[1]?.credentials).toBe('include');
    expect(bearer(apiCalls()[1])).toBeUndefined();
  });

  it('reads auth_token first and falls back to access_token', async () => {
    const first = setup(() => jsonResponse(200, {}), { tokens: { auth_token: 'a', access_token: 'b' } });
    await first.client.get('/users/me');
    expect(bearer(first.apiCalls()[0])).toBe('Bearer a');

    const fallback = setup(() => jsonResponse(200, {}), { tokens: { access_token: 'b' } });
    await fallback.client.get('/users/me');
    expect(bearer(fallback.apiCalls()[0])).toBe('Bearer b');

    const none = setup(() => jsonResponse(200, {}), { tokens: {} });
    await none.client.post('/auth/forgot-password', { email: 'a@b.co' });
    expect(bearer(none.apiCalls()[0])).toBeUndefined();
  });

  it('throws an ApiError with the server detail, code and field errors', async () => {
    const { client } = setup(() =>
      jsonResponse(422, {
        detail: 'Invalid request',
        code: 'VALIDATION',
        errors: [{ path: 'email', message: 'Bad' }],
      }),
    );
    const error = await client.post('/deals', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      detail: 'Invalid request',
      code: 'VALIDATION',
      errors: [{ path: 'email', message: 'Bad' }],
    });
  });

  it('keeps the detail empty when the error body is not ours', async () => {
    const { client } = setup(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(client.get('/deals')).rejects.toMatchObject({ status: 502, detail: '', code: 'HTTP_502' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/deals')).rejects.toMatchObject({ status: 0, detail: NETWORK_ERROR_DETAIL });
  });

  it('answers undefined for an empty success', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.delete('/organizations/current/invitations/x')).resolves.toBeUndefined();
  });
});

describe('401 handling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes once and retries the original request', async () => {
    const { client, apiCalls, refreshCalls, storage } = setup(tokenGate());
    await expect(client.get('/deals')).resolves.toEqual({ ok: `${BASE}/deals` });
    expect(refreshCalls()).toHaveLength(1);
    expect(apiCalls().map((call) => `${call.method} ${call.url.replace(BASE, '')} ${bearer(call)}`)).toEqual([
      'GET /deals Bearer access-1',
      'POST /auth/refresh undefined',
      'GET /deals Bearer access-2',
    ]);
    expect(storage.getItem('auth_token')).toBe('access-2');
  });

  it('makes exactly one refresh call for several concurrent 401s', async () => {
    const { client, refreshCalls, apiCalls } = setup(tokenGate());
    const paths = ['/deals', '/companies', '/users/me', '/signals/', '/organizations/current'];
    const results = await Promise.all(paths.map((path) => client.get<{ ok: string }>(path)));
    expect(results.map((result) => result.ok)).toEqual(paths.map((path) => `${BASE}${path}`));
    expect(refreshCalls()).toHaveLength(1);
    // Each original was sent twice: once rejected, once retried with the new token.
    expect(apiCalls().filter((call) => bearer(call) === 'Bearer access-2')).toHaveLength(paths.length);
  });

  it('does not refresh again for a 401 that arrives after another request refreshed', async () => {
    let releaseSlow: () => void = () => undefined;
    const gate = tokenGate();
    const { client, refreshCalls } = setup((call) => {
      if (call.url.endsWith('/slow') && bearer(call) === 'Bearer access-1') {
        return new Promise((resolve) => {
          releaseSlow = () => resolve(jsonResponse(401, { detail: 'expired', code: 'X' }));
        });
      }
      return gate(call);
    });
    const slow = client.get('/slow');
    await client.get('/fast');
    releaseSlow();
    await expect(slow).resolves.toEqual({ ok: `${BASE}/slow` });
    expect(refreshCalls()).toHaveLength(1);
  });

  it('holds requests made during a refresh until it completes', async () => {
    let finishRefresh: () => void = () => undefined;
    const gate = tokenGate();
    const { client, apiCalls } = setup((call) => {
      if (call.url.endsWith('/auth/refresh')) {
        return new Promise((resolve) => {
          finishRefresh = () => resolve(gate(call) as Response);
        });
      }
      return gate(call);
    });
    const first = client.get('/deals');
    await vi.waitFor(() => expect(apiCalls().some((call) => call.url.endsWith('/auth/refresh'))).toBe(true));
    const during = client.get('/companies');
    await vi.advanceTimersByTimeAsync(0);
    expect(apiCalls().some((call) => call.url.endsWith('/companies'))).toBe(false);
    finishRefresh();
    await Promise.all([first, during]);
    const companies = apiCalls().filter((call) => call.url.endsWith('/companies'));
    expect(companies.map(bearer)).toEqual(['Bearer access-2']);
  });

  it('retries the original only once', async () => {
    const { client, refreshCalls, apiCalls } = setup((call) =>
      call.url.endsWith('/auth/refresh')
        ? jsonResponse(200, { access_token: 'access-2', refresh_token: 'refresh-2' })
        : jsonResponse(401, { detail: 'Still not allowed', code: 'X' }),
    );
    await expect(client.get('/deals')).rejects.toMatchObject({ status: 401, detail: 'Still not allowed' });
    expect(refreshCalls()).toHaveLength(1);
    expect(apiCalls().filter((call) => call.url.endsWith('/deals'))).toHaveLength(2);
  });

  it.each([
    '/auth/login',
    '/auth/register/organization',
    '/auth/register/user',
    '/auth/refresh',
    '/auth/microsoft/login',
    '/oauth/callback?code=1',
  ])('passes a 401 of %s straight to the caller', async (path) => {
    const { client, apiCalls } = setup(() =>
      jsonResponse(401, { detail: 'Invalid email or password', code: 'X' }),
    );
    await expect(client.post(path, {})).rejects.toMatchObject({
      status: 401,
      detail: 'Invalid email or password',
    });
    // Only the call itself: no refresh, no retry.
    expect(apiCalls()).toHaveLength(1);
  });

  it('knows which paths are exempt', () => {
    expect(isRefreshExempt('/auth/register/user')).toBe(true);
    expect(isRefreshExempt('/auth/logout')).toBe(false);
    expect(isRefreshExempt('/auth/loginx')).toBe(false);
    expect(isRefreshExempt('/users/me')).toBe(false);
  });

  it('clears the tokens, tells listeners and goes to /login when the refresh fails', async () => {
    const { client, storage, navigate } = setup((call) =>
      call.url.endsWith('/auth/refresh')
        ? jsonResponse(401, { detail: 'Refresh token revoked', code: 'X' })
        : jsonResponse(401, { detail: 'expired', code: 'X' }),
    );
    const ended = vi.fn();
    client.onSessionEnded(ended);
    await expect(client.get('/deals')).rejects.toMatchObject({ detail: 'Refresh token revoked' });
    expect(storage.values.size).toBe(0);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('uses the navigation handler the app installs', async () => {
    const { client, navigate } = setup(() => jsonResponse(401, { detail: 'x', code: 'X' }), { tokens: {} });
    const routerNavigate = vi.fn();
    client.setNavigate(routerNavigate);
    await expect(client.get('/users/me')).rejects.toMatchObject({ detail: 'No refresh token available' });
    expect(routerNavigate).toHaveBeenCalledWith('/login');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays on /register when the refresh fails there', async () => {
    const { client, navigate } = setup(() => jsonResponse(401, { detail: 'x', code: 'X' }), {
      page: 'http://localhost:5173/register',
    });
    await expect(client.get('/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes before sending when the stored token is within 60 s of expiry', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { client, apiCalls } = setup(tokenGate(), {
      tokens: { auth_token: makeJwt({ iat: now - 850, exp: now + 50 }), refresh_token: 'refresh-1' },
    });
    await client.get('/deals');
    expect(apiCalls().map((call) => call.url.replace(BASE, ''))).toEqual(['/auth/refresh', '/deals']);
  });

  it('plans a proactive refresh when a session starts and forgets it when it ends', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { client, refreshCalls, storage } = setup(tokenGate(), { tokens: {} });
    client.startSession({ access_token: makeJwt({ iat: now, exp: now + 900 }), refresh_token: 'refresh-1' });
    expect(client.hasSession()).toBe(true);
    await vi.advanceTimersByTimeAsync(780_000);
    expect(refreshCalls()).toHaveLength(1);

    client.endSession();
    expect(client.hasSession()).toBe(false);
    expect(storage.values.size).toBe(0);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refreshCalls()).toHaveLength(1);
  });
});
