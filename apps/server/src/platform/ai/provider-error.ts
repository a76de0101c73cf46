/** Why a model call failed, in words an admin can act on; the service falls back on any of them. */
export type ProviderFailure = 'unreachable' | 'timeout' | 'http';

/**
 * A model call that did not produce a usable response: the server could not be reached, it took
 * longer than LLM_TIMEOUT_MS, or it kept answering an error status. Deliberately carries no
 * network error code in its cause chain: the AI SDK would otherwise re-wrap it as a retryable
 * "Cannot connect to API" error and lose the distinction.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';

  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status?: number,
    /** Where the server was looked for (scheme, host, port), for the logs. */
    readonly address?: string,
  ) {
    super(message);
  }
}

/** The ProviderError anywhere in an error's cause chain (the AI SDK wraps some errors). */
export function providerErrorIn(error: unknown): ProviderError | undefined {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    if (current instanceof ProviderError) return current;
    seen.add(current);
    current = current.cause;
  }
  return undefined;
}
