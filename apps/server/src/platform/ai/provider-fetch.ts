import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from './provider-error.ts';
import { retryAfterMs } from './retry-after.ts';

export interface ProviderFetchOptions {
  /** How long one HTTP exchange with the model server may take, response body included. */
  timeoutMs: number;
  /** Longest Retry-After we wait for; a server asking for more gets no retry (the analyst answers). */
  maxRetryWaitMs?: number;
  /** Wait before the retry when the server gives no Retry-After. */
  defaultRetryWaitMs?: number;
  fetch?: typeof globalThis.fetch;
}

export const MAX_RETRY_WAIT_MS = 10_000;
export const DEFAULT_RETRY_WAIT_MS = 1_000;

/** Rate limiting and server-side failures may pass; other client errors will not change on a retry. */
const isRetryable = (status: number) => status === 429 || status >= 500;

function networkReason(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (!current.cause) return current.message;
    current = current.cause;
  }
  return String(error);
}

/**
 * The fetch the AI SDK providers use (with their own retries off): every exchange gets a time
 * limit, a 429 or 5xx is retried exactly once (two attempts in all) after the server's Retry-After,
 * and failures become ProviderErrors that say what happened. Retrying per HTTP exchange rather than
 * per answer means a failed step of a tool-calling loop does not run the tools again.
 */
export function createProviderFetch(options: ProviderFetchOptions): typeof globalThis.fetch {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const maxWait = options.maxRetryWaitMs ?? MAX_RETRY_WAIT_MS;
  const defaultWait = options.defaultRetryWaitMs ?? DEFAULT_RETRY_WAIT_MS;

  async function attempt(
    input: Parameters<typeof fetch>[0],
    init: RequestInit | undefined,
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      return await baseFetch(input, { ...init, signal });
    } catch (error) {
      // The caller gave up (the client went away): not the provider's fault, pass it on untouched.
      if (init?.signal?.aborted) throw error;
      if (timeout.aborted) {
        throw new ProviderError(
          'timeout',
          `the model server did not answer within ${seconds(options.timeoutMs)}`,
        );
      }
      // The address goes to the logs only: answers are read by members, the address is for admins.
      throw new ProviderError(
        'unreachable',
        `the model server could not be reached (${networkReason(error)})`,
        undefined,
        originOf(input),
      );
    }
  }

  return async (input, init) => {
    const first = await attempt(input, init);
    if (!isRetryable(first.status)) return first;
    const wait = retryAfterMs(first.headers.get('retry-after')) ?? defaultWait;
    await first.body?.cancel();
    if (wait > maxWait) {
      throw new ProviderError(
        'http',
        `the model server answered ${first.status} and asked to wait ${seconds(wait)}, longer than the assistant waits`,
        first.status,
      );
    }
    await sleep(wait, undefined, { signal: init?.signal ?? undefined });
    const second = await attempt(input, init);
    if (!isRetryable(second.status)) return second;
    await second.body?.cancel();
    throw new ProviderError(
      'http',
      first.status === second.status
        ? `the model server answered ${second.status} twice`
        : `the model server answered ${first.status}, then ${second.status}`,
      second.status,
    );
  };
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}

/** Scheme, host and port only: never the path's secrets or credentials in a message. */
function originOf(input: Parameters<typeof fetch>[0]): string {
  try {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return url.origin;
  } catch {
    return 'the configured address';
  }
}
