import type { FetchLike, Timers } from './platform.ts';

/**
 * A candidate that does not answer its health check within this time counts as unavailable.
 * The spec sets no timeout for ordinary calls, but a hung probe would otherwise stall every call.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

/** GET {origin of base}/health: available when it answers OK with a JSON body. */
export async function isApiAvailable(fetchFn: FetchLike, timers: Timers, base: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = timers.setTimeout(() => controller.abort(), HEALTH_CHECK_TIMEOUT_MS);
  try {
    const response = await fetchFn(`${new URL(base).origin}/health`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) return false;
    await response.json();
    return true;
  } catch {
    return false;
  } finally {
    timers.clearTimeout(timer);
  }
}

export interface ApiBaseResolver {
  /** The chosen base; probed once, then cached for the life of the page. */
  resolve(): Promise<string>;
}

/**
 * Tries the candidates in order and keeps the first that is available; when none is, the first
 * candidate is used so calls fail with their own, visible errors.
 */
export function createApiBaseResolver(options: {
  fetch: FetchLike;
  timers: Timers;
  candidates: () => string[];
}): ApiBaseResolver {
  let chosen: Promise<string> | null = null;

  async function choose(): Promise<string> {
    const candidates = options.candidates();
    for (const base of candidates) {
      if (await isApiAvailable(options.fetch, options.timers, base)) return base;
    }
    const first = candidates[0];
    if (!first) throw new Error('No API base configured');
    return first;
  }

  return {
    resolve() {
      chosen ??= choose();
      return chosen;
    },
  };
}
