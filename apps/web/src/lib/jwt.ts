/** Spec 01 §9: a token counts as expired this long before its exp. */
export const EXPIRY_SKEW_MS = 60_000;
/** Spec 01 §9: refresh no later than this long before expiry. */
export const PROACTIVE_REFRESH_LEAD_MS = 120_000;
/** Spec 01 §9: …and no earlier than this share of the lifetime. */
export const PROACTIVE_REFRESH_LIFETIME_SHARE = 0.8;

export interface JwtTimes {
  /** Milliseconds since the epoch; absent when the token has no iat. */
  issuedAt?: number;
  expiresAt: number;
}

/** Reads exp/iat from a JWT payload without verifying it (the server verifies; we only plan). */
export function readJwtTimes(token: string): JwtTimes | null {
  const payload = decodeJwtPayload(token);
  if (!payload || typeof payload.exp !== 'number') return null;
  return {
    expiresAt: payload.exp * 1000,
    issuedAt: typeof payload.iat === 'number' ? payload.iat * 1000 : undefined,
  };
}

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token is within a minute of its exp. Tokens we cannot read are left to the server
 * to judge (its 401 drives the refresh), so they count as not expired.
 */
export function isTokenExpired(token: string, now: number): boolean {
  const times = readJwtTimes(token);
  return times ? now >= times.expiresAt - EXPIRY_SKEW_MS : false;
}

/**
 * Milliseconds from `now` until the proactive refresh: the later of 80% of the lifetime and two
 * minutes before expiry. Null when the token carries no expiry. `receivedAt` stands in for a
 * missing iat.
 */
export function proactiveRefreshDelay(token: string, now: number, receivedAt = now): number | null {
  const times = readJwtTimes(token);
  if (!times) return null;
  const issuedAt = times.issuedAt ?? receivedAt;
  const lifetime = times.expiresAt - issuedAt;
  const atShareOfLifetime = issuedAt + lifetime * PROACTIVE_REFRESH_LIFETIME_SHARE;
  const beforeExpiry = times.expiresAt - PROACTIVE_REFRESH_LEAD_MS;
  return Math.max(0, Math.max(atShareOfLifetime, beforeExpiry) - now);
}
