/**
 * A question's words, normalised once so the understanding rules match phrases on word boundaries:
 * lower case, NFKC, possessives dropped ("Acme's" → "acme"), "LTV/CAC" → "ltv cac", punctuation
 * to spaces. Figures ("60 days", "€2M") keep their digits.
 */

/** Long, pasted or hostile questions: only this much is read (the rest adds noise, not meaning). */
export const MAX_READ_CHARS = 600;

export interface NormalisedQuestion {
  /** The question as asked, trimmed and cut to MAX_READ_CHARS. */
  original: string;
  /** " word word … " with a space at each end, for `has(phrase)`. */
  padded: string;
  words: string[];
}

export function normaliseQuestion(text: string): NormalisedQuestion {
  const original = text.normalize('NFKC').trim().slice(0, MAX_READ_CHARS);
  const words = normaliseWords(original);
  return { original, padded: ` ${words.join(' ')} `, words };
}

export function normaliseWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      // "Café Santé" and "cafe sante" are the same company to whoever types the question.
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[\u2018\u2019\u02bc`´]/g, "'")
      .replace(/(\p{L})'s\b/gu, '$1')
      .replace(/s'(\s|$)/g, 's$1')
      // Keep "p&l", "e-commerce", "10-k", decimals; everything else separates words.
      .replace(/[^\p{L}\p{N}&.\-%€$£]+/gu, ' ')
      .replace(/(^|\s)[.-]+|[.-]+(?=\s|$)/g, ' ')
      .split(' ')
      .filter(Boolean)
  );
}

export function has(question: NormalisedQuestion, phrase: string): boolean {
  return question.padded.includes(` ${phrase} `);
}

export function hasAny(question: NormalisedQuestion, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => has(question, phrase));
}

/** The first of `phrases` (longest first) found, with its word position. */
export function findPhrase(
  question: NormalisedQuestion,
  phrases: readonly string[],
): { phrase: string; index: number } | null {
  for (const phrase of [...phrases].sort((a, b) => b.length - a.length)) {
    const at = question.padded.indexOf(` ${phrase} `);
    if (at >= 0) return { phrase, index: question.padded.slice(0, at).split(' ').length - 1 };
  }
  return null;
}

const DAY_MS = 86_400_000;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365, quarter: 91 };

/** A period the question names: "in 60 days", "last 3 months", "this quarter". */
export interface TimeWindow {
  days: number;
  label: string;
  since: Date;
}

export function findTimeWindow(question: NormalisedQuestion, now: Date): TimeWindow | null {
  const text = question.padded;
  const counted = text.match(/ (\d{1,4}) (day|week|month|year|quarter)s? /);
  if (counted) {
    const n = Number(counted[1]);
    const unit = counted[2] ?? 'day';
    const days = Math.max(1, Math.min(3650, n * (UNIT_DAYS[unit] ?? 1)));
    return {
      days,
      label: `${n} ${unit}${n === 1 ? '' : 's'}`,
      since: new Date(now.getTime() - days * DAY_MS),
    };
  }
  const single = text.match(/ (?:a|one|the last|last|past|the past) (day|week|month|year|quarter) /);
  if (single) {
    const unit = single[1] ?? 'day';
    const days = UNIT_DAYS[unit] ?? 1;
    return { days, label: `the last ${unit}`, since: new Date(now.getTime() - days * DAY_MS) };
  }
  const sinceMonth = text.match(
    / since (january|february|march|april|may|june|july|august|september|october|november|december)(?: (\d{4}))? /,
  );
  if (sinceMonth) {
    // "since June": the start of the last June not in the future (this year's, else last year's).
    const month = MONTHS.indexOf(sinceMonth[1] ?? '');
    const year = sinceMonth[2]
      ? Number(sinceMonth[2])
      : now.getUTCMonth() >= month
        ? now.getUTCFullYear()
        : now.getUTCFullYear() - 1;
    const start = new Date(Date.UTC(year, month, 1));
    if (start.getTime() <= now.getTime()) {
      const name = `${sinceMonth[1]![0]!.toUpperCase()}${sinceMonth[1]!.slice(1)}`;
      return windowSince(start, now, `since ${name}${sinceMonth[2] ? ` ${sinceMonth[2]}` : ''}`);
    }
  }
  if (/ this quarter | current quarter | qtd /.test(text)) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1));
    return windowSince(start, now, 'this quarter');
  }
  if (/ this month | mtd /.test(text)) {
    return windowSince(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), now, 'this month');
  }
  if (/ this year | ytd | year to date /.test(text)) {
    return windowSince(new Date(Date.UTC(now.getUTCFullYear(), 0, 1)), now, 'this year');
  }
  return null;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function windowSince(since: Date, now: Date, label: string): TimeWindow {
  return { days: Math.max(1, Math.ceil((now.getTime() - since.getTime()) / DAY_MS)), label, since };
}
