/**
 * Periods as table headers and sentences state them: "2024", "FY2024", "FY24", "Q3 2025", "3Q25",
 * "H1 2023", "2025E", "Dec. 31, 2022", "December 31, 2022", "3 Months Ended Jul. 01, 2023".
 * Each becomes a label a person reads and a sort key, so the analyst can pick the latest column.
 */

export interface Period {
  /** What the analyst reports: "FY2024", "Q3 2025", "2023", "2022-12-31", "3 months ended 2023-07-01". */
  label: string;
  /** The period's end as yyyymmdd, for ordering columns. */
  endKey: number;
  /** A forecast, budget or projection column ("2025E", "Budget 2025", "Forecast"). */
  forecast: boolean;
  /** Length in months when stated (3, 6, 9, 12). */
  months: number | null;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH_RE = String.raw`(?<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
// Compiled once: parsePeriod runs for every header cell of large workbooks.
const MONTH_DAY_YEAR = new RegExp(
  String.raw`${MONTH_RE}\s+(?<day>\d{1,2}),?\s+(?<year>(?:19|20)\d{2})\b`,
  'i',
);
const DAY_MONTH_YEAR = new RegExp(
  String.raw`\b(?<day>\d{1,2})\s+${MONTH_RE}\s+(?<year>(?:19|20)\d{2})\b`,
  'i',
);
const MONTH_YEAR_CELL = new RegExp(String.raw`^${MONTH_RE}[\s-]'?(?<year>(?:19|20)?\d{2})$`, 'i');
const MONTH_DAY = new RegExp(String.raw`${MONTH_RE}\s+(?<day>\d{1,2})\b`, 'i');
const MONTH_DAY_YEAR_IN_TEXT = new RegExp(String.raw`\b${MONTH_RE}\s+\d{1,2},?\s+(?:19|20)\d{2}\b`, 'i');
const DAY_MONTH_YEAR_IN_TEXT = new RegExp(String.raw`\b\d{1,2}\s+${MONTH_RE}\s+(?:19|20)\d{2}\b`, 'i');
const MONTH_YEAR_IN_TEXT = new RegExp(String.raw`\b${MONTH_RE}\s+(?:19|20)\d{2}\b`, 'i');

const DURATION_WORDS: Record<string, number> = {
  one: 1,
  three: 3,
  six: 6,
  nine: 9,
  twelve: 12,
  '3': 3,
  '6': 6,
  '9': 9,
  '12': 12,
  '52': 12,
  '53': 12,
};

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDate(y: number, m: number, d: number): string {
  return `${y}-${pad(m)}-${pad(d)}`;
}

function lastDay(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const FORECAST_RE =
  /\b(?:\d{2,4}\s?[EFBP]|forecast|budget|projected|projection|plan|estimate[sd]?|pro ?forma|target)\b|\d{2,4}[EFBP]\b/i;

/**
 * A header cell or phrase read as a period, or null. `context` is text around the header (the lines
 * above a year row, the sheet title) that says "years ended" or "as of December 31".
 */
export function parsePeriod(cell: string, context = ''): Period | null {
  const text = cell.replace(/\s+/g, ' ').trim();
  if (text.length === 0 || text.length > 60) return null;
  const forecast = FORECAST_RE.test(text);
  const durationMatch = /\b(one|three|six|nine|twelve|3|6|9|12|52|53)[- ](?:months?|weeks?)\b/i.exec(text);
  const months = durationMatch ? (DURATION_WORDS[durationMatch[1]?.toLowerCase() ?? ''] ?? null) : null;

  // A full date: "Dec. 31, 2022", "December 31, 2022", "31 December 2022", "2022-12-31"
  let m = MONTH_DAY_YEAR.exec(text);
  m ??= DAY_MONTH_YEAR.exec(text);
  if (m?.groups) {
    const mon = MONTHS[(m.groups.mon ?? '').toLowerCase().slice(0, 3)] ?? 12;
    const y = Number(m.groups.year);
    const iso = isoDate(y, mon, Number(m.groups.day));
    return withDuration(iso, Number(iso.replaceAll('-', '')), months, forecast, context);
  }
  m = /\b(?<year>(?:19|20)\d{2})-(?<mon>\d{2})-(?<day>\d{2})\b/.exec(text);
  if (m?.groups) {
    const iso = `${m.groups.year}-${m.groups.mon}-${m.groups.day}`;
    return withDuration(iso, Number(iso.replaceAll('-', '')), months, forecast, context);
  }
  // Quarters: "Q3 2025", "Q3'25", "Q3 FY25", "3Q25", "3Q 2025"
  m =
    /\bQ(?<q>[1-4])\s?(?:FY)?\s?'?(?<year>(?:19|20)?\d{2})\b/i.exec(text) ??
    /\b(?<q>[1-4])Q\s?'?(?<year>(?:19|20)?\d{2})\b/i.exec(text);
  if (m?.groups) {
    const y = fullYear(m.groups.year ?? '');
    const q = Number(m.groups.q);
    const label = `Q${q} ${y}${forecast ? ' (forecast)' : ''}`;
    return { label, endKey: y * 10000 + q * 3 * 100 + 31, forecast, months: 3 };
  }
  // Halves: "H1 2023", "1H23"
  m =
    /\bH(?<h>[12])\s?'?(?<year>(?:19|20)?\d{2})\b/i.exec(text) ??
    /\b(?<h>[12])H\s?'?(?<year>(?:19|20)?\d{2})\b/i.exec(text);
  if (m?.groups) {
    const y = fullYear(m.groups.year ?? '');
    const h = Number(m.groups.h);
    return {
      label: `H${h} ${y}${forecast ? ' (forecast)' : ''}`,
      endKey: y * 10000 + h * 600 + 30,
      forecast,
      months: 6,
    };
  }
  // Month and year: "Sep 2025", "Jan-24", "September 2025"
  m = MONTH_YEAR_CELL.exec(text);
  if (m?.groups) {
    const mon = MONTHS[(m.groups.mon ?? '').toLowerCase().slice(0, 3)] ?? 12;
    const y = fullYear(m.groups.year ?? '');
    return {
      label: `${y}-${pad(mon)}`,
      endKey: y * 10000 + mon * 100 + lastDay(y, mon),
      forecast,
      months: 1,
    };
  }
  // A model's numbered years ("Year 1" … "Year 10"): projections, ordered by their number. Year 0
  // is the set-up or investment period before operations, no year of trading, so it is not read.
  m = /^(?:year|yr\.?)\s?(?<n>\d{1,2})$/i.exec(text.trim());
  if (m?.groups) {
    const n = Number(m.groups.n);
    if (n < 1) return null;
    return { label: `Year ${n} (projection)`, endKey: n, forecast: true, months: 12 };
  }
  // Fiscal and calendar years: "FY2024", "FY24", "FY 2024", "2024", "2024E", "2024A", "Budget 2025"
  m =
    /^(?:(?:fiscal|year|budget|forecast|actuals?|plan)\s+)?(?<fy>FY|CY)?\s?'?(?<year>(?:19|20)\d{2}|\d{2})\s?(?<suffix>[AEFBP])?(?:\s+(?:actuals?|budget|forecast|plan|estimated?))?$/i.exec(
      text,
    );
  if (m?.groups && (m.groups.fy || (m.groups.year?.length ?? 0) === 4)) {
    const y = fullYear(m.groups.year ?? '');
    if (y < 1990 || y > 2099) return null;
    const fiscal =
      Boolean(m.groups.fy) ||
      /\byears?\s+ended\b|\bfiscal\b|\b(?:52|53|twelve|12)[- ](?:weeks|months)\s+ended\b/i.test(context);
    const suffix = m.groups.suffix?.toUpperCase();
    const dated = fiscal ? null : asOfDate(context, y);
    const months = fiscal ? 12 : durationFromContext(context);
    let base = `${fiscal ? 'FY' : ''}${y}`;
    if (dated) base = months && months !== 12 ? `${months} months ended ${dated}` : dated;
    const label = suffix && suffix !== 'A' ? `${base}${suffix}` : forecast ? `${base} (forecast)` : base;
    const endKey = dated ? Number(dated.replaceAll('-', '')) : y * 10000 + 1231;
    return { label, endKey, forecast, months: dated ? months : 12 };
  }
  return null;
}

/** "As of December 31," above a row of years: the balance-sheet date of year `y`. */
function asOfDate(context: string, y: number): string | null {
  const m = MONTH_DAY.exec(context);
  if (!m?.groups) return null;
  const mon = MONTHS[(m.groups.mon ?? '').toLowerCase().slice(0, 3)] ?? 12;
  return isoDate(y, mon, Number(m.groups.day));
}

function withDuration(
  iso: string,
  endKey: number,
  months: number | null,
  forecast: boolean,
  context: string,
): Period {
  const stated = months ?? durationFromContext(context);
  const label = stated === 12 ? `FY ended ${iso}` : stated ? `${stated} months ended ${iso}` : iso;
  return { label, endKey, forecast, months: stated };
}

function durationFromContext(context: string): number | null {
  const d = /\b(one|three|six|nine|twelve|3|6|9|12|52|53)[- ](?:months?|weeks?)\s+ended\b/i.exec(context);
  if (d) return DURATION_WORDS[d[1]?.toLowerCase() ?? ''] ?? null;
  if (/\byears?\s+ended\b/i.test(context)) return 12;
  return null;
}

/** A header cell that only states a duration ("12 Months Ended", "Three months ended"); its date is in the row below. */
export function isDurationHeader(cell: string): boolean {
  return /^\s*(?:for\s+the\s+)?(one|three|six|nine|twelve|3|6|9|12|52|53)[- ](?:months?|weeks?)\s+ended\s*$/i.test(
    cell,
  );
}

/** A period mentioned in a sentence (for figures in running text): "in Q3 2025", "FY2024", "as of Sept 2025". */
export function periodInText(text: string): Period | null {
  const candidates = [
    /\bQ[1-4]\s?(?:FY)?\s?'?(?:19|20)?\d{2}\b/i,
    /\b[1-4]Q\s?'?\d{2}\b/,
    /\bH[12]\s?'?(?:19|20)\d{2}\b/i,
    /\bFY\s?'?(?:(?:19|20)\d{2}|\d{2})\b/i,
    MONTH_DAY_YEAR_IN_TEXT,
    DAY_MONTH_YEAR_IN_TEXT,
    MONTH_YEAR_IN_TEXT,
    /\b(?:19|20)\d{2}\b/,
  ];
  for (const re of candidates) {
    const m = re.exec(text);
    if (m) {
      const p = parsePeriod(m[0].replace(/,/g, ''));
      if (p) return p;
    }
  }
  return null;
}
