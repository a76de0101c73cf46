import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  type FakeHandler,
  globalTimers,
  hangUntilAborted,
  jsonResponse,
  locationAt,
  MemoryStorage,
  makeJwt,
} from '../test/fakes.ts';
import { ApiError } from './api-error.ts';
import {
  createTokenRefresher,
  NO_REFRESH_TOKEN_DETAIL,
  REFRESH_TIMEOUT_MS,
  refreshBackoffDelay,
} from './token-refresher.ts';

const BASE = 'https://deals.example.com/api/v1';
const START = Date.UTC(2025, 0, 1);

function setup(handler: FakeHandler, options: { path?: string; refreshToken?: string | null } = {}) {
  const storage = new MemoryStorage();
  if (options.refreshToken !== null) storage.setItem('refresh_token', options.refreshToken ?? 'refresh-1');
  storage.setItem('auth_token', 'old-access');
  storage.setItem('access_token', 'old-access');
  const fetch = createFakeFetch(handler);
  const navigate = vi.fn<(path: string) => void>();
  const onSessionEnded = vi.fn();
  const refresher = createTokenRefresher({
    fetch,
    storage,
    timers: globalTimers,
    now: () => Date.now(),
    location: () => locationAt(`https://deals.example.com${options.path ?? '/deals'}`),
    navigate,
    resolveBase: async () => BASE,
    onSessionEnded,
  });
  return { storage, fetch, navigate, onSessionEnded, refresher };
}

const newPair = (access = 'new-access') =>
  jsonResponse(200, { access_token: access, refresh_token: 'refresh-2' });

/** Milliseconds since START at which each refresh call was made. */
function callTimes(calls: unknown[], times: number[]) {
  return calls.map((_, index) => times[index]);
}

describe('token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1 s, 2 s, … doubling, at most 5 s', () => {
    expect([1, 2, 3, 4, 5].map(refreshBackoffDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('posts the refresh token and stores the new pair under every key', async () => {
    const { fetch, storage, refresher } = setup(() => newPair());
    await expect(refresher.refresh()).resolves.toBe('new-access');
    expect(fetch.calls[0]).toMatchObject({
      method: 'POST',
      url: `${BASE}/auth/refresh`,
      body: { refresh_token: 'refresh-1' },
    });
    expect(storage.getItem('auth_token')).toBe('new-access');
    expect(storage.getItem('access_token')).toBe('new-access');
    expect(storage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('retries up to 3 attempts at 0 s, 1 s and 3 s, then clears the session', async () => {
    const times: number[] = [];
    const { fetch, storage, navigate, onSessionEnded, refresher } = setup(() => {
      times.push(Date.now() - START);
      return jsonResponse(503, { detail: 'Service unavailable', code: 'UNAVAILABLE' });
    });
    const outcome = refresher.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await outcome;
    expect(callTimes(fetch.calls, times)).toEqual([0, 1000, 3000]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('Service unavailable');
    expect(storage.getItem('auth_token')).toBeNull();
    expect(storage.getItem('access_token')).toBeNull();
    expect(storage.getItem('refresh_token')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('succeeds on a later attempt after a network failure', async () => {
    let attempt = 0;
    const { fetch, refresher } = setup(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return newPair('second-try');
    });
    const result = refresher.refresh();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('second-try');
    expect(fetch.calls).toHaveLength(2);
  });

  it('stops retrying when the server answers 401', async () => {
    const { fetch, navigate, refresher } = setup(() =>
      jsonResponse(401, { detail: 'Session expired', code: 'X' }),
    );
    await expect(refresher.refresh()).rejects.toMatchObject({ status: 401, detail: 'Session expired' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch.calls).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('gives each attempt 10 s before abandoning it', async () => {
    const times: number[] = [];
    const { fetch, refresher } = setup((call) => {
      times.push(Date.now() - START);
      return times.length === 1 ? hangUntilAborted(call) : newPair('after-timeout');
    });
    const result = refresher.refresh();
    await vi.advanceTimersByTimeAsync(REFRESH_TIMEOUT_MS - 1);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1000);
    await expect(result).resolves.toBe('after-timeout');
    expect(callTimes(fetch.calls, times)).toEqual([0, REFRESH_TIMEOUT_MS + 1000]);
  });

  it("fails with 'No refresh token available' without calling the server", async () => {
    const { fetch, navigate, onSessionEnded, refresher } = setup(() => newPair(), { refreshToken: null });
    await expect(refresher.refresh()).rejects.toMatchObject({ detail: NO_REFRESH_TOKEN_DETAIL });
    expect(fetch.calls).toHaveLength(0);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it.each(['/login', '/register'])('does not redirect when already on %s', async (path) => {
    const { navigate, storage, refresher } = setup(() => jsonResponse(401, { detail: 'no', code: 'X' }), {
      path,
    });
    await expect(refresher.refresh()).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.getItem('refresh_token')).toBeNull();
  });

  it('shares one call between concurrent callers', async () => {
    const { fetch, refresher } = setup(() => newPair());
    const results = await Promise.all([refresher.refresh(), refresher.refresh(), refresher.refresh()]);
    expect(results).toEqual(['new-access', 'new-access', 'new-access']);
    expect(fetch.calls).toHaveLength(1);
    // Once settled, a later refresh is a new call.
    await refresher.refresh();
    expect(fetch.calls).toHaveLength(2);
  });
});

describe('proactive refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('fires 120 s before expiry for a 15-minute token, then plans the next one', async () => {
    const next = makeJwt({ iat: nowSeconds() + 780, exp: nowSeconds() + 780 + 900 });
    const { fetch, refresher, storage } = setup(() => newPair(next));
    const current = makeJwt({ iat: nowSeconds(), exp: nowSeconds() + 900 });
    storage.setItem('auth_token', current);
    refresher.schedule(current);

    await vi.advanceTimersByTimeAsync(780_000 - 1);
    expect(fetch.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(1);

    // The new token is planned the same way: another 780 s later.
    await vi.advanceTimersByTimeAsync(780_000);
    expect(fetch.calls).toHaveLength(2);
  });

  it('fires at 80% of the lifetime for a 5-minute token', async () => {
    const { fetch, refresher, storage } = setup(() => newPair('opaque'));
    const current = makeJwt({ iat: nowSeconds(), exp: nowSeconds() + 300 });
    storage.setItem('auth_token', current);
    refresher.schedule(current);
    await vi.advanceTimersByTimeAsync(240_000 - 1);
    expect(fetch.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(1);
  });

  it('plans around a newer token another tab stored instead of refreshing again', async () => {
    const { fetch, storage, refresher } = setup(() => newPair('opaque'));
    const mine = makeJwt({ iat: nowSeconds(), exp: nowSeconds() + 300 });
    storage.setItem('auth_token', mine);
    refresher.schedule(mine);
    await vi.advanceTimersByTimeAsync(200_000);
    storage.setItem('auth_token', makeJwt({ iat: nowSeconds(), exp: nowSeconds() + 300 }));
    await vi.advanceTimersByTimeAsync(40_000);
    expect(fetch.calls).toHaveLength(0);
    // The newer token's own moment: 240 s after it was issued.
    await vi.advanceTimersByTimeAsync(200_000);
    expect(fetch.calls).toHaveLength(1);
  });

  it('replaces an earlier plan and can be cancelled', async () => {
    const { fetch, refresher } = setup(() => newPair('opaque'));
    refresher.schedule(makeJwt({ iat: nowSeconds(), exp: nowSeconds() + 300 }));
    refresher.schedule(makeJwt({ iat: nowSeconds(), exp: nowSeconds() + 900 }));
    await vi.advanceTimersByTimeAsync(300_000);
    expect(fetch.calls).toHaveLength(0);
    refresher.cancelSchedule();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetch.calls).toHaveLength(0);
  });
});
