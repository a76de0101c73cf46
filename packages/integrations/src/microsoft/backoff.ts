/** The pause Graph asks for in `Retry-After`: delay-seconds, or an HTTP date. Null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Exponential backoff when the service gives no Retry-After: 1 s, 2 s, 4 s, 8 s… capped at 30 s.
 * Deterministic on purpose: the limiter already keeps a client's requests few, and tests assert the delays.
 */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt);
}
