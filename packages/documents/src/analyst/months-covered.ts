/**
 * How many months a flow figure covers, as the document states it (decisions 036 and 037): the
 * metric's `months_covered`. "€380k per month" on a line that names Q2 2025 is a monthly rate;
 * "Q2 2025 revenue €1.2m" is the quarter's; "LTM revenue" a year's; "YTD revenue" covers months
 * the line does not count. Words touching the figure say it first; else the length of the period
 * the line or column names; else null. ARR and MRR are a year's and a month's by name.
 */
import type { TKeyMetricName } from '@atempo/contracts';
import type { ParsedAmount } from './amounts.ts';
import type { Period } from './periods.ts';

interface Basis {
  /** Months covered; null for a span the words do not measure ("year to date", "since inception"). */
  months: number | null;
  /** The words anywhere in a row label, in the phrase, or between the phrase and its amount. */
  words: RegExp;
  /** The words right after the amount: "€140k/month", "€1.2M for the quarter". */
  after: RegExp;
  /** The words just before the phrase (perhaps with one more word): "Monthly net burn", "LTM revenue". */
  before: RegExp;
}

/** A basis from its adjectives ("monthly"), the words that follow a figure ("per month") and its units after a slash ("/mo"). */
function basis(months: number | null, adjectives: string, postfix: string, units: string | null): Basis {
  const slash = units ? String.raw`|\/\s*(?:${units})\b` : '';
  return {
    months,
    words: new RegExp(String.raw`\b(?:${adjectives}|${postfix})\b${slash}`, 'i'),
    after: new RegExp(String.raw`^\s*(?:(?:${postfix}|${adjectives})\b${slash})`, 'i'),
    before: new RegExp(String.raw`\b(?:${adjectives})\s+(?:[a-z]+\s+)?$`, 'i'),
  };
}

/** Checked in this order: a figure "to date" is not made a year's by "annual" further on. */
const BASES: Basis[] = [
  basis(
    null,
    String.raw`YTD|QTD|MTD|year[-\s]to[-\s]date|cumulative`,
    String.raw`to\s+date|since\s+inception|cumulatively`,
    null,
  ),
  basis(1, 'monthly|MRR', String.raw`(?:per|a|each|every)\s+month|pcm|for\s+the\s+month`, 'mo|mth|month'),
  basis(3, 'quarterly', String.raw`(?:per|a|each|every)\s+quarter|for\s+the\s+quarter`, 'qtr|quarter'),
  basis(
    12,
    String.raw`annual|annuali[sz]ed|yearly|full[-\s]year|run[-\s]rate|ARR|LTM|TTM|trailing\s+(?:twelve|12)[-\s]months?`,
    String.raw`(?:per|a|each|every)\s+(?:year|annum)|annually|for\s+the\s+(?:full\s+)?year|(?:in|over)\s+the\s+(?:last|past)\s+(?:twelve|12)\s+months`,
    'yr|year|annum',
  ),
];

/** A month named as a moment ("as of March 2025") says when, not over how long. */
const POINT_IN_TIME = /\bas\s+(?:of|at)\b|\bend\s+of\b/i;

const NAMED_BY: Partial<Record<TKeyMetricName, number>> = { arr: 12, mrr: 1 };
const READ_FROM_WORDS: ReadonlySet<TKeyMetricName> = new Set(['net_burn', 'revenue']);

/**
 * The months_covered a metric records: by name for ARR and MRR, from the document's words and
 * periods (`fromWords`) for net burn and revenue, and none (undefined) for metrics that are not flows.
 */
export function flowMonthsCovered(
  name: TKeyMetricName,
  fromWords: () => number | null,
): number | null | undefined {
  const byName = NAMED_BY[name];
  if (byName !== undefined) return byName;
  return READ_FROM_WORDS.has(name) ? fromWords() : undefined;
}

/** A table row: its label states the basis ("Monthly net burn"), else the column's period is the total's. */
export function rowMonthsCovered(label: string, period: Period | null): number | null {
  const stated = BASES.find((b) => b.words.test(label));
  if (stated) return stated.months;
  return period?.months ?? null;
}

/**
 * A phrase in running text ("Net burn of €380k per month, Q2 2025"): the words of the phrase, just
 * before it, between it and its amount, or right after the amount state the basis; else the period
 * the line names is the total's (unless a single month is named as a moment).
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
  const phraseText = text.slice(phrase.start, phrase.end);
  const before = text.slice(Math.max(0, phrase.start - 24), phrase.start);
  const after = text.slice(amountEnd);
  const stated =
    BASES.find((b) => b.words.test(phraseText)) ??
    BASES.find((b) => b.before.test(before)) ??
    BASES.find((b) => b.words.test(between)) ??
    BASES.find((b) => b.after.test(after));
  if (stated) return stated.months;
  if (!period || (period.months === 1 && POINT_IN_TIME.test(text))) return null;
  return period.months;
}
