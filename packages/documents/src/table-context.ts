/**
 * The heading of a table printed on a page (issue 18 §6): the statement's title ("CONSOLIDATED
 * BALANCE SHEETS"), its scale ("(amounts in millions …)") and its column headers ("2021  2020",
 * "Years Ended December 31"). A page is cut into several passages for search, and only the first
 * holds the heading, so "total assets balance sheet 2021" would not find the passage holding the
 * "Total assets" row. The passages after the first carry this heading as their first line.
 *
 * Read from the lines above the table's first row of figures; null for a page without a table.
 */

/** A number as a table prints it: 1,234  (1,234)  $ 12.5  45%  — . */
const NUMBER_TOKEN = /^\(?[$€£]?\(?-?\d[\d,]*(?:\.\d+)?\)?%?\)?$/;
const YEAR_TOKEN = /^(?:19|20)\d{2}$/;
const SCALE_LINE =
  /\b(?:in|amounts in|dollars in|expressed in)\s+(?:millions|thousands|billions)\b|\((?:\$|usd|eur)?\s*(?:millions|thousands|billions)\b/i;
const PERIOD_LINE =
  /\b(?:years?|months?|weeks?|quarters?) ended\b|\bat (?:january|february|march|april|may|june|july|august|september|october|november|december)\b|\bas of\b|^\s*(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},?/i;
const STATEMENT_WORDS =
  /\b(?:balance sheets?|statements? of [a-z ,’'&-]+|income statements?|cash flows?|financial (?:position|condition)|results|summary|schedule|segment|selected financial data)\b/i;

/** A heading is cut to this many characters. */
export const TABLE_CONTEXT_MAX_CHARS = 300;
/** A page needs this many rows of figures to be read as a table. */
const MIN_FIGURE_ROWS = 4;
/** A heading line is short; longer lines are prose. */
const HEADING_MAX_CHARS = 90;
/** Lines above the first row of figures that may belong to the heading. */
const HEADING_LINES = 12;

function tokensOf(line: string): string[] {
  return line.trim().split(/\s+/).filter(Boolean);
}

function figures(line: string): string[] {
  return tokensOf(line).filter((t) => NUMBER_TOKEN.test(t) && /\d/.test(t));
}

/** Only years and dates: a column header, not a row of figures. */
function isHeaderOfYears(line: string): boolean {
  const numbers = figures(line);
  if (numbers.length === 0) return false;
  return numbers.every((n) => YEAR_TOKEN.test(n) || /^\d{1,2},?$/.test(n));
}

function isFigureRow(line: string): boolean {
  return figures(line).length >= 2 && !isHeaderOfYears(line);
}

/** Mostly capital letters, a few words: a title or a company line. */
function isCapitalised(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, '');
  if (letters.length < 6) return false;
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return upper / letters.length >= 0.8 && tokensOf(line).length <= 12;
}

export function tableContextOf(text: string): string | null {
  const lines = text.split('\n');
  const rows = lines.filter(isFigureRow).length;
  if (rows < MIN_FIGURE_ROWS) return null;
  const first = lines.findIndex(isFigureRow);
  if (first <= 0) return null;
  const parts: string[] = [];
  for (const line of lines.slice(Math.max(0, first - HEADING_LINES), first)) {
    const flat = line.replace(/\s+/g, ' ').trim();
    if (!flat || /^table of contents$/i.test(flat)) continue;
    // Prose above a table ("… are recorded in the consolidated statements of income.") is no heading.
    const prose =
      flat.length > HEADING_MAX_CHARS ||
      /;$/.test(flat) ||
      (/\.$/.test(flat) && !/\b(?:inc|ltd|corp|co|plc|llc|ag|se|n\.v|s\.a)\.$/i.test(flat));
    if (
      !prose &&
      (SCALE_LINE.test(flat) ||
        PERIOD_LINE.test(flat) ||
        isHeaderOfYears(flat) ||
        STATEMENT_WORDS.test(flat) ||
        isCapitalised(flat))
    )
      parts.push(flat);
  }
  if (parts.length === 0) return null;
  const joined = parts.join(' · ');
  return joined.length > TABLE_CONTEXT_MAX_CHARS
    ? `${joined.slice(0, TABLE_CONTEXT_MAX_CHARS - 1)}…`
    : joined;
}
