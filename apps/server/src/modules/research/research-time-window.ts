/**
 * The time window a research question states: "this month", "last 90 days", "past week", "in 2025",
 * "since June", "since 2024", "in March 2026". Read against the run's clock, in UTC; the phrase is
 * taken out of the search terms. Null when the question names no window.
 */
export interface ResearchWindow {
  /** ISO instant, inclusive. */
  from: string;
  /** ISO instant, exclusive; null for "until now". */
  to: string | null;
  /** As a person reads it: "This month (since 1 Nov 2026)", "Last 90 days", "2025". */
  label: string;
}

const DAY_MS = 86_400_000;
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
const MONTH_WORD = `(${MONTHS.map((month) => `${month}|${month.slice(0, 3)}`).join('|')})`;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, quarter: 91, year: 365 };

const utc = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month, day));
const dayLabel = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthIndex = (word: string) => MONTHS.findIndex((month) => month.startsWith(word.slice(0, 3)));
const monthName = (index: number) => `${MONTHS[index]!.charAt(0).toUpperCase()}${MONTHS[index]!.slice(1)}`;

interface Reading {
  window: ResearchWindow;
  /** The words read, to take out of the terms. */
  matched: string;
}

type Reader = (text: string, now: Date) => Reading | null;

const readers: Reader[] = [
  // "this week", "this month", "this quarter", "this year", "so far this year", "year to date"
  (text, now) => {
    const match = /\b(?:this|the current|current)\s+(week|month|quarter|year)\b|\b(year to date|ytd)\b/.exec(
      text,
    );
    if (!match) return null;
    const unit = match[1] ?? 'year';
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth();
    const from =
      unit === 'week'
        ? new Date(utc(y, m, now.getUTCDate()).getTime() - ((now.getUTCDay() + 6) % 7) * DAY_MS)
        : unit === 'month'
          ? utc(y, m)
          : unit === 'quarter'
            ? utc(y, m - (m % 3))
            : utc(y, 0);
    return {
      matched: match[0],
      window: { from: from.toISOString(), to: null, label: `This ${unit} (since ${dayLabel(from)})` },
    };
  },
  // "last 90 days", "past 2 weeks", "previous 6 months", "in the last 3 months"
  (text, now) => {
    const match = /\b(?:last|past|previous)\s+(\d{1,4})\s+(day|week|month|quarter|year)s?\b/.exec(text);
    if (!match) return null;
    const count = Number(match[1]);
    const unit = match[2]!;
    const from = new Date(now.getTime() - count * UNIT_DAYS[unit]! * DAY_MS);
    return {
      matched: match[0],
      window: { from: from.toISOString(), to: null, label: `Last ${count} ${unit}${count === 1 ? '' : 's'}` },
    };
  },
  // "last week", "past month", "last year" (rolling)
  (text, now) => {
    const match = /\b(?:last|past|previous)\s+(week|month|quarter|year)\b/.exec(text);
    if (!match) return null;
    const unit = match[1]!;
    const from = new Date(now.getTime() - UNIT_DAYS[unit]! * DAY_MS);
    return {
      matched: match[0],
      window: { from: from.toISOString(), to: null, label: `Last ${UNIT_DAYS[unit]} days` },
    };
  },
  // "since June", "since June 2025", "since jan"
  (text, now) => {
    const match = new RegExp(`\\bsince\\s+${MONTH_WORD}(?:\\s+(\\d{4}))?\\b`).exec(text);
    if (!match) return null;
    const month = monthIndex(match[1]!);
    let year = match[2] ? Number(match[2]) : now.getUTCFullYear();
    // "since June" in March means last June.
    if (!match[2] && utc(year, month) > now) year -= 1;
    const from = utc(year, month);
    return {
      matched: match[0],
      window: { from: from.toISOString(), to: null, label: `Since ${monthName(month)} ${year}` },
    };
  },
  // "since 2024"
  (text) => {
    const match = /\bsince\s+(20\d{2}|19\d{2})\b/.exec(text);
    if (!match) return null;
    const from = utc(Number(match[1]), 0);
    return { matched: match[0], window: { from: from.toISOString(), to: null, label: `Since ${match[1]}` } };
  },
  // "in March 2026", "during june"
  (text, now) => {
    const match = new RegExp(`\\b(?:in|during)\\s+${MONTH_WORD}(?:\\s+(\\d{4}))?\\b`).exec(text);
    if (!match) return null;
    const month = monthIndex(match[1]!);
    let year = match[2] ? Number(match[2]) : now.getUTCFullYear();
    if (!match[2] && utc(year, month) > now) year -= 1;
    return {
      matched: match[0],
      window: {
        from: utc(year, month).toISOString(),
        to: utc(year, month + 1).toISOString(),
        label: `${monthName(month)} ${year}`,
      },
    };
  },
  // "in 2025", "during 2024", "2025"
  (text) => {
    const match = /\b(?:in\s+|during\s+)?(20\d{2}|19\d{2})\b/.exec(text);
    if (!match) return null;
    const year = Number(match[1]);
    return {
      matched: match[0],
      window: { from: utc(year, 0).toISOString(), to: utc(year + 1, 0).toISOString(), label: String(year) },
    };
  },
];

/** The first window the (lower-cased) question states, and the words that stated it. */
export function readTimeWindow(text: string, now: Date): Reading | null {
  for (const read of readers) {
    const reading = read(text, now);
    if (reading) return reading;
  }
  return null;
}

/** Whether an ISO date falls in the window; a record without a date is not placed in one. */
export function inWindow(date: string | null, window: ResearchWindow | null): boolean {
  if (!window) return true;
  if (!date) return false;
  const time = Date.parse(date);
  return time >= Date.parse(window.from) && (window.to === null || time < Date.parse(window.to));
}
