import { createApiBaseResolver } from './api-base.ts';
import { ApiError, apiErrorFromResponse, networkError } from './api-error.ts';
import { candidateApiBases, detectEnvironment, hostedApiBase } from './environment.ts';
import { isTokenExpired } from './jwt.ts';
import type { FetchLike, KeyValueStorage, LocationInfo, Timers } from './platform.ts';
import { createTokenRefresher } from './token-refresher.ts';
import {
  clearTokens,
  readAccessToken,
  readRefreshToken,
  type TokenPair,
  writeTokens,
} from './token-storage.ts';

/**
 * Calls whose 401 means "wrong credentials" or that are part of obtaining tokens: a refresh
 * cannot help them, so their 401 is returned to the caller as is.
 */
export const NO_REFRESH_PATHS: readonly string[] = [
  '/auth/login',
  '/auth/register',
  '/auth/refresh',
  '/auth/microsoft',
  '/oauth/callback',
  '/gmail/auth/callback',
];

export function isRefreshExempt(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return NO_REFRESH_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export interface ApiClientDeps {
  fetch: FetchLike;
  /** localStorage: tokens live here (spec 01 §3). */
  storage: KeyValueStorage;
  /** sessionStorage: may force the environment for this tab. */
  session: KeyValueStorage;
  location: () => LocationInfo;
  env: { apiBaseUrl?: string; forceProduction?: boolean };
  timers: Timers;
  now: () => number;
  /** Where a failed refresh sends the user; replaced by the router's navigate once the app mounts. */
  navigate: (path: string) => void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Whether cookies go with the call. The fetch default (same-origin) serves every call but Sign in
   * with Microsoft, whose OAuth state is bound to a cookie the API set: across origins (a dev API on
   * another port) that call needs 'include'.
   */
  credentials?: RequestCredentials;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** The chosen API base (health-checked once). */
  resolveBase(): Promise<string>;
  /** Stores a fresh pair (login, registration) and plans its proactive refresh. */
  startSession(tokens: TokenPair): void;
  /** Plans the proactive refresh for tokens found in storage at start-up. */
  resumeSession(): void;
  /** Forgets the tokens locally (logout); no redirect. */
  endSession(): void;
  hasSession(): boolean;
  refreshToken(): string | null;
  /** Refreshes now (shared with any refresh in flight). */
  refreshSession(): Promise<string>;
  /** Called when a failed refresh has cleared the tokens. Returns an unsubscribe function. */
  onSessionEnded(listener: () => void): () => void;
  setNavigate(navigate: (path: string) => void): void;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const listeners = new Set<() => void>();
  let navigate = deps.navigate;

  const baseResolver = createApiBaseResolver({
    fetch: deps.fetch,
    timers: deps.timers,
    candidates: () => {
      const location = deps.location();
      const environment = detectEnvironment({
        location,
        session: deps.session,
        forceProduction: deps.env.forceProduction,
      });
      return candidateApiBases(environment, hostedApiBase(location.origin, deps.env.apiBaseUrl));
    },
  });

  const refresher = createTokenRefresher({
    fetch: deps.fetch,
    storage: deps.storage,
    timers: deps.timers,
    now: deps.now,
    location: deps.location,
    navigate: (path) => navigate(path),
    resolveBase: () => baseResolver.resolve(),
    onSessionEnded: () => {
      for (const listener of listeners) listener();
    },
  });

  async function send(base: string, path: string, options: RequestOptions, token: string | null) {
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (!isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(`${base}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body:
          options.body === undefined
            ? undefined
            : isForm
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
        ...(options.credentials ? { credentials: options.credentials } : {}),
      });
    } catch (error) {
      // A caller's own cancellation stays an AbortError so TanStack Query recognises it.
      if (options.signal?.aborted) throw error;
      throw networkError();
    }
  }

  /** Waits for a refresh in flight, and refreshes first when the stored token is about to expire. */
  async function currentToken(path: string): Promise<string | null> {
    const pending = refresher.inFlight();
    if (pending) await pending;
    const token = readAccessToken(deps.storage);
    if (
      token &&
      !isRefreshExempt(path) &&
      isTokenExpired(token, deps.now()) &&
      readRefreshToken(deps.storage)
    ) {
      return refresher.refresh();
    }
    return token;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const base = await baseResolver.resolve();
    const token = await currentToken(path);
    let response = await send(base, path, options, token);
    if (response.status === 401 && !isRefreshExempt(path)) {
      // When another request already refreshed after this one was sent, reuse its token.
      const stored = readAccessToken(deps.storage);
      const fresh = stored && stored !== token ? stored : await refresher.refresh();
      response = await send(base, path, options, fresh);
    }
    return parseResponse<T>(response);
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    resolveBase: () => baseResolver.resolve(),
    startSession(tokens) {
      writeTokens(deps.storage, tokens);
      refresher.schedule(tokens.access_token);
    },
    resumeSession() {
      const token = readAccessToken(deps.storage);
      if (token) refresher.schedule(token);
    },
    endSession() {
      refresher.cancelSchedule();
      clearTokens(deps.storage);
    },
    hasSession: () => Boolean(readAccessToken(deps.storage) || readRefreshToken(deps.storage)),
    refreshToken: () => readRefreshToken(deps.storage),
    refreshSession: () => refresher.refresh(),
    onSessionEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setNavigate(next) {
      navigate = next;
    },
  };
}

async function parseResponse<T>(response: Response): Promise<T> {
  if (!response.ok) throw await apiErrorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError({ status: response.status, detail: '', code: 'INVALID_JSON' });
  }
}
