/**
 * Dates as news sources write them, in feeds and in articles posted to the process endpoint:
 * RFC 822 / 1123 in RSS ("Mon, 23 Nov 2026 06:00:00 GMT", "+0100", "EST", two-digit years) and
 * ISO 8601 / RFC 3339 in Atom and Dublin Core ("2026-11-23T06:00:00Z", a bare date). V8's Date parser reads both families; what it cannot read, or a date outside
 * 1990 to a day from now (a typo or a placeholder), is no date at all.
 */

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Day name optional, day, month name, year of 2 or 4 digits, time, zone. */
const RFC_822 =
  /^(?:[A-Za-z]{3,9},?\s+)?\d{1,2}\s+[A-Za-z]{3,9}\.?\s+\d{2,4}(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?(?:\s+\S+)?$/;
const EARLIEST = Date.UTC(1990, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

function normalizedIso(text: string): string {
  // A date-time without a zone is read as UTC rather than as the server's local time.
  const withT = text.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(withT)) return `${withT}T00:00:00Z`;
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(withT)) return withT.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return `${withT}Z`;
}

function normalizedRfc822(text: string): string {
  // "Mon, 23 Nov 26 …": RFC 822 two-digit years are this century.
  const withYear = text.replace(
    /^((?:[A-Za-z]{3,9},?\s+)?\d{1,2}\s+[A-Za-z]{3,9}\.?\s+)(\d{2})(\s|$)/,
    '$120$2$3',
  );
  // No zone means GMT (as RFC 822 "UT"), never the server's local time.
  return /\d{1,2}:\d{2}(?::\d{2})?$/.test(withYear) ? `${withYear} GMT` : withYear;
}

export function parseArticleDate(raw: string, now: Date = new Date()): Date | undefined {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text || text.length > 64) return undefined;
  let time: number;
  if (ISO.test(text)) time = Date.parse(normalizedIso(text));
  else if (RFC_822.test(text)) time = Date.parse(normalizedRfc822(text));
  else return undefined;
  if (!Number.isFinite(time) || time < EARLIEST || time > now.getTime() + DAY_MS) return undefined;
  return new Date(time);
}
