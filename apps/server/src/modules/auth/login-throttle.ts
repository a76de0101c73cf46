import { type Database, loginThrottles } from '@atempo/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

export interface ThrottleSettings {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export interface ThrottleKeys {
  ip: string;
  account: string;
}

export function throttleKeys(ip: string, email: string): ThrottleKeys {
  return { ip: `ip:${ip}`, account: `account:${email}` };
}

function minutes(seconds: number): string {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return count === 1 ? '1 minute' : `${count} minutes`;
}

/**
 * Refuses a sign-in before the password is looked at when the account or the address has used up
 * its failures for the current window. The counters live in the database, so restarts and other
 * API instances see the same numbers.
 */
export async function assertLoginAllowed(
  db: Database,
  keys: ThrottleKeys,
  settings: ThrottleSettings,
  now = new Date(),
): Promise<void> {
  const rows = await db
    .select()
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, [keys.ip, keys.account]));
  let retryAfterSeconds = 0;
  for (const row of rows) {
    const limit = row.key === keys.account ? settings.maxFailuresPerAccount : settings.maxFailuresPerIp;
    const windowEnd = row.windowStart.getTime() + settings.windowSeconds * 1000;
    if (windowEnd > now.getTime() && row.failures >= limit) {
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((windowEnd - now.getTime()) / 1000));
    }
  }
  if (retryAfterSeconds > 0) {
    throw new AppError(
      429,
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes(retryAfterSeconds)}.`,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/** Counts one failure against both keys; a window that has run out starts again at this failure. */
export async function recordLoginFailure(
  db: Database,
  keys: ThrottleKeys,
  settings: ThrottleSettings,
  now = new Date(),
): Promise<void> {
  const nowText = now.toISOString();
  const cutoffText = new Date(now.getTime() - settings.windowSeconds * 1000).toISOString();
  const windowOver = sql`${loginThrottles.windowStart} <= ${cutoffText}::timestamptz`;
  for (const key of [keys.ip, keys.account]) {
    await db
      .insert(loginThrottles)
      .values({ key, windowStart: now, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          failures: sql`case when ${windowOver} then 1 else ${loginThrottles.failures} + 1 end`,
          windowStart: sql`case when ${windowOver} then ${nowText}::timestamptz else ${loginThrottles.windowStart} end`,
        },
      });
  }
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearAccountFailures(db: Database, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, keys.account));
}
