/**
 * Whether a burn figure is a monthly rate or a total over a period, as the document states it
 * (decision 038): "€380k per month" on a line that names Q2 2025 is a monthly rate; "Net cash burn"
 * in an FY2024 column is the year's total. The answer is the metric's `months_covered`: 1 for a
 * monthly rate, the period's length for a total, null when the document says neither.
 */
import type { ParsedAmount } from './amounts.ts';
import type { Period } from './periods.ts';

/** A monthly rate in so many words: "monthly", "per month", "a month", "/mo", "pcm". */
const MONTHLY_WORDS = /\b(?:monthly|(?:per|a|each|every)\s+month|pcm)\b|\/\s*(?:mo|mth|month)\b/i;
/** The same words right after an amount ("€140k/month", "€380k per month", "€300k a month"). */
const MONTHLY_AFTER_AMOUNT =
  /^\s*(?:\/\s*(?:mo|mth|month)\b|(?:per|a|each|every)\s+month\b|pcm\b|monthly\b)/i;
/** "Monthly" (perhaps with one more word) just before the burn phrase: "Monthly net burn", "Average monthly cash burn". */
const MONTHLY_BEFORE_PHRASE = /\bmonthly\s+(?:[a-z]+\s+)?$/i;

/** A table row: its label says "monthly" or "per month", else the column's period is the total's. */
export function rowMonthsCovered(label: string, period: Period | null): number | null {
  if (MONTHLY_WORDS.test(label)) return 1;
  return period?.months ?? null;
}

/**
 * A phrase in running text ("Net burn of €380k per month, Q2 2025"): the words around the burn
 * phrase and its amount say it is monthly, else the period the line names is the total's.
 */
export function textMonthsCovered(
  text: string,
  phrase: { start: number; end: number },
  amount: ParsedAmount,
  period: Period | null,
): number | null {
  const amountEnd = amount.index + amount.text.length;
  const between =
    amount.index >= phrase.end ? text.slice(phrase.end, amount.index) : text.slice(amountEnd, phrase.start);
  const monthly =
    MONTHLY_WORDS.test(text.slice(phrase.start, phrase.end)) ||
    MONTHLY_BEFORE_PHRASE.test(text.slice(Math.max(0, phrase.start - 24), phrase.start)) ||
    MONTHLY_WORDS.test(between) ||
    MONTHLY_AFTER_AMOUNT.test(text.slice(amountEnd));
  if (monthly) return 1;
  return period?.months ?? null;
}
