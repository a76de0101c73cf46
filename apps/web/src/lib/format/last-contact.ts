/** Last-contact labels of spec 02 §2: Never, Today, 1 day ago, N days ago, Nw ago, Nmo ago, Ny ago. */

/** Contact older than this many days is highlighted. */
export const STALE_CONTACT_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * Whole calendar days (local time) from `iso` to `now`: yesterday evening is 1 day ago this
 * morning, however few hours have passed. A future date counts as 0; no or bad date is null.
 */
export function daysSince(iso: string | null | undefined, now: number = Date.now()): number | null {
  if (!iso) return null;
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return null;
  // Rounding absorbs the hour lost or gained across a daylight-saving change.
  const days = Math.round((startOfDay(new Date(now)) - startOfDay(then)) / DAY_MS);
  return Math.max(0, days);
}

export function lastContactLabel(iso: string | null | undefined, now: number = Date.now()): string {
  const days = daysSince(iso, now);
  if (days === null) return 'Never';
  if (days === 0) return 'Today';
  if (days === 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  if (days < 30) return `${Math.floor(days / 7)}w ago`;
  if (days < 365) return `${Math.floor(days / 30)}mo ago`;
  return `${Math.floor(days / 365)}y ago`;
}

/** True when the last contact is more than 30 days old; never contacted is not "older". */
export function isContactStale(iso: string | null | undefined, now: number = Date.now()): boolean {
  const days = daysSince(iso, now);
  return days !== null && days > STALE_CONTACT_DAYS;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}
