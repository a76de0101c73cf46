/**
 * Reads an HTTP Retry-After header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
 * Answers the wait in milliseconds (0 for a date already past); null when the header is absent or
 * unreadable, so the caller uses its own default.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only real HTTP dates: Date.parse would also accept "1.5" or "tomorrow"-like inputs some runtimes know.
  if (!/^[A-Za-z]{3},? /.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
