import { ApiError, apiErrorFromResponse, networkError } from './api-error.ts';
import { proactiveRefreshDelay } from './jwt.ts';
import type { FetchLike, KeyValueStorage, LocationInfo, Timers } from './platform.ts';
import { sleep } from './platform.ts';
import { clearTokens, readAccessToken, readRefreshToken, writeTokens } from './token-storage.ts';

export const REFRESH_PATH = '/auth/refresh';
/** Spec 01 §9: up to 3 attempts, waits 1 s, 2 s, … doubling to at most 5 s, 10 s timeout each. */
export const REFRESH_MAX_ATTEMPTS = 3;
export const REFRESH_FIRST_WAIT_MS = 1_000;
export const REFRESH_MAX_WAIT_MS = 5_000;
export const REFRESH_TIMEOUT_MS = 10_000;
export const NO_REFRESH_TOKEN_DETAIL = 'No refresh token available';
/** Pages on which a failed refresh does not redirect (the user is already signing in). */
export const SIGN_IN_PAGES: readonly string[] = ['/login', '/register'];
/** setTimeout cannot wait longer than this; longer waits fire at once in browsers. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** Wait before the next attempt after `failedAttempts` failures (1 → 1 s, 2 → 2 s, 3 → 4 s, then 5 s). */
export function refreshBackoffDelay(failedAttempts: number): number {
  return Math.min(REFRESH_FIRST_WAIT_MS * 2 ** (failedAttempts - 1), REFRESH_MAX_WAIT_MS);
}

export interface TokenRefresherDeps {
  fetch: FetchLike;
  storage: KeyValueStorage;
  timers: Timers;
  now: () => number;
  location: () => LocationInfo;
  navigate: (path: string) => void;
  resolveBase: () => Promise<string>;
  /** Told once per failed refresh, after tokens are cleared. */
  onSessionEnded: () => void;
}

export interface TokenRefresher {
  /** Refreshes the pair; concurrent callers share one call. Resolves to the new access token. */
  refresh(): Promise<string>;
  /** The refresh in flight, if any, so new requests can wait for it. */
  inFlight(): Promise<string> | null;
  /** Plans the proactive refresh for this access token (replacing any earlier plan). */
  schedule(accessToken: string): void;
  cancelSchedule(): void;
}

export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  let current: Promise<string> | null = null;
  let scheduled: unknown = null;

  function cancelSchedule(): void {
    if (scheduled !== null) deps.timers.clearTimeout(scheduled);
    scheduled = null;
  }

  function schedule(accessToken: string): void {
    cancelSchedule();
    const delay = proactiveRefreshDelay(accessToken, deps.now());
    if (delay === null) return;
    scheduled = deps.timers.setTimeout(
      () => {
        scheduled = null;
        // Another tab may have refreshed already (refresh tokens rotate, and presenting a rotated
        // one revokes the session): then plan around the newer token instead.
        const stored = readAccessToken(deps.storage);
        if (stored && stored !== accessToken) {
          schedule(stored);
          return;
        }
        // A failure has already ended the session; nothing more to do here.
        refresh().catch(() => undefined);
      },
      Math.min(delay, MAX_TIMER_DELAY_MS),
    );
  }

  function refresh(): Promise<string> {
    current ??= refreshWithRetries().finally(() => {
      current = null;
    });
    return current;
  }

  async function refreshWithRetries(): Promise<string> {
    const refreshToken = readRefreshToken(deps.storage);
    if (!refreshToken) {
      throw endSession(
        new ApiError({ status: 401, detail: NO_REFRESH_TOKEN_DETAIL, code: 'NO_REFRESH_TOKEN' }),
      );
    }
    let lastError: ApiError = networkError();
    for (let attempt = 1; attempt <= REFRESH_MAX_ATTEMPTS; attempt += 1) {
      try {
        const accessToken = await attemptRefresh(refreshToken);
        schedule(accessToken);
        return accessToken;
      } catch (error) {
        lastError = error instanceof ApiError ? error : networkError();
        // The server has refused this refresh token: asking again cannot succeed.
        if (lastError.status === 401) break;
      }
      if (attempt < REFRESH_MAX_ATTEMPTS) await sleep(deps.timers, refreshBackoffDelay(attempt));
    }
    throw endSession(lastError);
  }

  /** One POST /auth/refresh, sent directly (no 401 handling of its own) with a 10 s timeout. */
  async function attemptRefresh(refreshToken: string): Promise<string> {
    const base = await deps.resolveBase();
    const controller = new AbortController();
    const timer = deps.timers.setTimeout(() => controller.abort(), REFRESH_TIMEOUT_MS);
    try {
      const response = await deps.fetch(`${base}${REFRESH_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
        signal: controller.signal,
      });
      if (!response.ok) throw await apiErrorFromResponse(response);
      const body = (await response.json()) as { access_token?: unknown; refresh_token?: unknown };
      if (typeof body.access_token !== 'string' || !body.access_token) {
        throw new ApiError({ status: response.status, detail: '', code: 'INVALID_REFRESH_RESPONSE' });
      }
      writeTokens(deps.storage, {
        access_token: body.access_token,
        refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : refreshToken,
      });
      return body.access_token;
    } finally {
      deps.timers.clearTimeout(timer);
    }
  }

  function endSession(error: ApiError): ApiError {
    cancelSchedule();
    clearTokens(deps.storage);
    deps.onSessionEnded();
    if (!SIGN_IN_PAGES.includes(deps.location().pathname)) deps.navigate('/login');
    return error;
  }

  return { refresh, inFlight: () => current, schedule, cancelSchedule };
}
