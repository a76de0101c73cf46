/**
 * The browser facilities the API layer depends on, passed in explicitly so tests can drive time,
 * storage, location and the network deterministically.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LocationInfo {
  hostname: string;
  port: string;
  origin: string;
  pathname: string;
}

/** Resolves after `ms` on the given timers (so fake timers control it). */
export function sleep(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => {
    timers.setTimeout(resolve, ms);
  });
}
