const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});

/** '2026-03' → 'Mar 2026' (tables, tooltips). */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return monthFormat.format(new Date(Date.UTC(year, index - 1, 1)));
}

/** '2026-03' → 'Mar 26' (axis ticks). */
export function shortMonthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return shortMonthFormat.format(new Date(Date.UTC(year, index - 1, 1)));
}

/** '0–1' … '9–10'. */
export const bucketLabel = (bucket: { from: number; to: number }) => `${bucket.from}–${bucket.to}`;
