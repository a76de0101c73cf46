/**
 * Display helpers of the Companies screens. Money and score colours come from lib/format
 * (shared with the Deals screen), percents from lib/format/percent; these are the ones only companies need.
 */

const NO_VALUE = '—';

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return new Intl.NumberFormat('en-GB').format(value);
}

/** Scores are shown with one decimal, rounded as the tones round them: 7.96 → '8.0'. */
export function formatScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1);
}

/** Revenue growth above 50 % a year is called out as High Growth (spec 02 §2). */
export const HIGH_GROWTH_THRESHOLD = 0.5;

export function isHighGrowth(revenueGrowth: number | null | undefined): boolean {
  return typeof revenueGrowth === 'number' && revenueGrowth > HIGH_GROWTH_THRESHOLD;
}

/** Adds https:// to a bare domain so the link leaves the app. */
export function externalUrl(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** 'https://www.example.com/about' → 'example.com/about'. */
export function displayUrl(website: string): string {
  return website
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}
