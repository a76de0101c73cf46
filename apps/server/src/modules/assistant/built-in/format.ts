import { formatMoney } from '@atempo/scoring';

/**
 * How the built-in analyst writes figures, one way everywhere: EUR amounts as €1.25M / €850k /
 * €2.5bn, fractions as percentages with at most one decimal, months with at most one decimal,
 * ratios as "3.2×". Every written figure stays within the precision the figure check reads it at,
 * so the check finds it in the tool output it came from.
 */

export const money = (amount: number, currency: string | null = 'EUR'): string =>
  currency === null || currency === 'EUR'
    ? formatMoney(amount)
    : `${formatMoney(amount).replace('€', '')} ${currency}`;

export function percent(fraction: number): string {
  return `${round(fraction * 100, 1)}%`;
}

export function months(value: number): string {
  const n = round(value, 1);
  return `${n} month${n === 1 ? '' : 's'}`;
}

export function ratio(value: number): string {
  return `${round(value, 2)}×`;
}

export function count(value: number): string {
  return Math.round(value).toLocaleString('en-GB');
}

/** Percentage points (Rule of 40 scores are sums of percentages). */
export function points(value: number): string {
  return `${round(value, 1)}%`;
}

export type FigureUnit = 'currency' | 'fraction' | 'months' | 'count' | 'ratio' | 'date' | 'percent_points';

export function figure(value: number, unit: FigureUnit, currency: string | null = 'EUR'): string {
  switch (unit) {
    case 'currency':
      return money(value, currency);
    case 'fraction':
      return percent(value);
    case 'months':
      return months(value);
    case 'ratio':
      return ratio(value);
    case 'percent_points':
      return points(value);
    case 'date':
      return String(value);
    default:
      return count(value);
  }
}

/** A date-time as its ISO day, "2026-03-12" (a day of the month written alone would read as a figure). */
export function day(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** "A, B and C". */
export function listing(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** Escapes a cell for a markdown table. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
