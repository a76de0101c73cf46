import type { FetchLike, KeyValueStorage, LocationInfo, Timers } from '../lib/platform.ts';

/** A Storage-like map, one per test. */
export class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
}

export type FakeHandler = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that records each call and answers through the given handler. */
export function createFakeFetch(handler: FakeHandler): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: string, init: RequestInit = {}) => {
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url: input,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      signal: init.signal ?? undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    return handler(call);
  };
  return Object.assign(fetchFn, { calls });
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch answer that never settles unless its request is aborted. */
export function hangUntilAborted(call: RecordedCall): Promise<Response> {
  return new Promise((_resolve, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

/** Timers that go through the globals, so vi.useFakeTimers() drives them. */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function locationAt(url: string): LocationInfo {
  const parsed = new URL(url);
  return { hostname: parsed.hostname, port: parsed.port, origin: parsed.origin, pathname: parsed.pathname };
}

/** An unsigned JWT with the given times (seconds since the epoch), enough for client-side planning. */
export function makeJwt(claims: { iat?: number; exp?: number; sub?: string }): string {
  const encode = (value: object) => {
    const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)));
    return btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
