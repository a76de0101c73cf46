/**
 * What the slide readers (slide-figures.ts, slide-clauses.ts, slide-tables.ts) share: a figure found
 * with the words it was read with, how sure each reader is, and the reading of periods, monthly
 * bases, goals and the kinds of metric a printed figure can be.
 */
import type { ParsedRange } from './amount-ranges.ts';
import type { ParsedAmount } from './amounts.ts';
import type { DeckReading } from './deck-vocabulary.ts';
import type { MetricUnit } from './metric-rules.ts';
import { type Period, parsePeriod, periodInText } from './periods.ts';

/** A box or a table says what a figure is more surely than a sentence; both beat a line read whole. */
export const SCORE = { table: 75, box: 70, clause: 64 } as const;

export interface Found {
  reading: DeckReading;
  amount: ParsedAmount | null;
  range: ParsedRange | null;
  literal: string;
  /** Words the figure is read with (for the period, the basis and forecast words). */
  context: string;
  excerpt: string;
  projection: boolean;
  period: Period | null;
  monthly: boolean;
}

/** The kinds of metric a printed figure can be: a percent is a rate, a currency amount is money. */
export function unitsFor(a: ParsedAmount | null, r: ParsedRange | null): (unit: MetricUnit) => boolean {
  if (r) return (u) => u === 'currency';
  if (!a) return () => false;
  if (a.percent) return (u) => u === 'fraction';
  if (a.multiple) return (u) => u === 'ratio';
  if (a.currency) return (u) => u === 'currency';
  if (a.scale !== null) return (u) => u === 'currency' || u === 'count';
  return (u) => u === 'count' || u === 'months' || u === 'ratio';
}

/** "bridge to ₹10 Cr", "to a $5M ARR": an amount led to by "to" is a goal, unless a past verb says it was reached. */
export function goalAmount(text: string, literal: string | undefined): boolean {
  if (!literal) return false;
  const at = text.indexOf(literal);
  if (at < 0) return false;
  const before = text.slice(Math.max(0, at - 40), at);
  return (
    /\b(?:to|towards)\s+(?:a\s+|an\s+)?$/i.test(before) &&
    !/\b(?:grew|grown|growing|increased|rose|risen|went|jumped|doubled|tripled|reached|up)\s+(?:\w+\s+)?to\s+(?:a\s+|an\s+)?$/i.test(
      before,
    )
  );
}

export function periodOf(words: string): Period | null {
  const inText = periodInText(words.replace(/['’](\d{2})\b/g, '20$1'));
  if (inText) return inText;
  const month =
    /\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i.exec(
      words,
    );
  return month
    ? {
        label: month[0].toLowerCase().replace(/^./, (c) => c.toUpperCase()),
        endKey: 0,
        forecast: false,
        months: 1,
      }
    : null;
}

/** A figure stated for one month: "monthly", "per month", "/ month", or a single month named as its period. */
export function monthlyBasis(words: string): boolean {
  return /\bmonthly\b|\bper\s+month\b|\/\s?(?:mo|month)\b|\ba\s+month\b|\bMoM\b|\bmiesi[ęe]czn\w*/i.test(
    words,
  );
}

const MONTH_CELL =
  /^(?<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s*['’]?\s?(?<year>(?:19|20)?\d{2})\b/i;

/** "Jun '26", "June 2026", "Jun-26" as a month period. */
export function monthPeriod(text: string): Period | null {
  const m = MONTH_CELL.exec(text.trim());
  if (!m?.groups) return null;
  const year = m.groups.year as string;
  return parsePeriod(`${m.groups.mon} ${year.length === 2 ? `20${year}` : year}`);
}
