/**
 * Rows of the tables on PDF and Word pages. Pages come as `pdftotext -layout` text: columns are
 * separated by two or more spaces, a header line of years ("2022   2021   2020") names the columns
 * below it, and numbers are matched to header columns by where they end on the line (figures are
 * right-aligned).
 */
import { isDashCell, looksLikeYear, parseAmountCell } from './amounts.ts';
import { isPeriodCell } from './period-cells.ts';
import { type Period, parsePeriod } from './periods.ts';
import { statedCurrency, statedScale } from './stated-units.ts';
import type { RowValue, TableRow } from './table-row.ts';

interface Segment {
  text: string;
  start: number;
  end: number;
}

/** Split a layout line into cells separated by two or more spaces; a lone "$" joins the next cell. */
function segments(rawLine: string): Segment[] {
  // "$ 39,117 $ 36,397": a currency sign printed one space after the previous figure starts the next cell
  const line = rawLine.replace(/([\d)%])\s([$€£])(?=\s)/g, '$1  $2');
  const out: Segment[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  const merged: Segment[] = [];
  for (let i = 0; i < out.length; i++) {
    const s = out[i] as Segment;
    const next = out[i + 1];
    if (/^(?:US\$|[$€£]|\(\$|\(€|\(£)$/.test(s.text) && next) {
      merged.push({ text: `${s.text}${next.text}`, start: s.start, end: next.end });
      i++;
    } else merged.push(s);
  }
  // "Revenue 1,234 1,100" written with single spaces: split the trailing numbers off the label
  const first = merged[0];
  if (merged.length === 1 && first) {
    // Figures are separated by whitespace, so a run of digits splits one way only (no runaway backtracking).
    const m =
      /^(.*?[\p{L}):])\s+(\(?-?[$€£]?\s?\d[\d,.]*\)?%?(?:\s+\(?-?[$€£]?\s?\d[\d,.]*\)?%?)*)\s*$/u.exec(
        first.text,
      );
    if (m?.[1] && m[2]) {
      const tail = m[2];
      const tailStart = first.start + first.text.length - tail.length;
      const parts: Segment[] = [{ text: m[1], start: first.start, end: first.start + m[1].length }];
      const tre = /\S+/g;
      for (let t = tre.exec(tail); t; t = tre.exec(tail)) {
        parts.push({ text: t[0], start: tailStart + t.index, end: tailStart + t.index + t[0].length });
      }
      return parts;
    }
  }
  return merged;
}

interface HeaderColumn {
  period: Period;
  end: number;
}

/** A line whose cells (after an optional label) are all periods: the column header of the rows below. */
function headerColumns(segs: Segment[], context: string): HeaderColumn[] | null {
  const cols: HeaderColumn[] = [];
  let others = 0;
  for (const [i, s] of segs.entries()) {
    const p = isPeriodCell(s.text) ? parsePeriod(s.text, context) : null;
    if (p) cols.push({ period: p, end: s.end });
    else if (i === 0) continue;
    else if (parseAmountCell(s.text)) return null;
    else others++;
  }
  if (cols.length === 0 || others > cols.length) return null;
  return cols;
}

function headingOf(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !/^table of contents$/i.test(l))
    .slice(0, 8)
    .join(' | ');
}

/**
 * The lines around a header row that say what its years mean ("Year Ended May 31," may be printed just
 * below the years, "December 31," just above). Prose lines are left out: a date in a sentence is not
 * the table's.
 */
function headerContext(lines: string[], index: number): string {
  const near = [...lines.slice(Math.max(0, index - 3), index), lines[index + 1] ?? ''];
  const short = near.filter((l) => l.trim().replace(/\s+/g, ' ').length <= 90);
  return [...short, lines[index] ?? ''].join(' ');
}

/** Pages of primary statements end with "See notes to consolidated financial statements". */
const STATEMENT_FOOTER =
  /\b(?:see|the)\s+(?:accompanying\s+)?notes\s+(?:to\s+(?:the\s+)?(?:condensed\s+)?(?:consolidated\s+)?financial\s+statements|are\s+an\s+integral\s+part)|\bintegral\s+part\s+of\s+these\s+(?:condensed\s+)?(?:consolidated\s+)?(?:financial\s+)?statements/i;

/**
 * What a table leaves for the next page: a statement split across pages prints its column headers
 * and "in millions" once, on the first; rows at the top of the next page, before any header of its
 * own, keep them. Pass the same object for consecutive pages; pageRows updates it.
 */
export interface PageCarry {
  page: number;
  header: HeaderColumn[] | null;
  scale: number | null;
  heading: string;
}

/** Rows of the tables on PDF / Word pages. */
export function pageRows(
  pageNumber: number,
  text: string,
  docCurrency: string | null,
  carry?: PageCarry,
): TableRow[] {
  const lines = text.split('\n');
  const statementPage = STATEMENT_FOOTER.test(text);
  const pageScale = statedScale(lines.slice(0, 12).join(' '));
  const pageCurrency = statedCurrency(text) ?? docCurrency;
  const rows: TableRow[] = [];
  // Only the page right after a table's page continues it.
  const continued = carry && carry.page === pageNumber - 1 && carry.header ? carry : null;
  let header: HeaderColumn[] | null = continued?.header ?? null;
  let scale: number | null = pageScale ?? continued?.scale ?? null;
  // Rows read under the carried header belong to the continued statement and keep its title
  // ("Consolidated Balance Sheets"); from the page's own first header on, the page's own heading.
  const ownHeading = headingOf(text);
  const continuedHeading =
    continued && !STATEMENT_TITLE_WORDS.test(ownHeading)
      ? `${continued.heading} | ${ownHeading}`
      : ownHeading;
  let heading = continued ? continuedHeading : ownHeading;
  // Rows read under the current header: only a table still running at the page's end continues.
  let rowsUnderHeader = 0;
  for (const [index, line] of lines.entries()) {
    if (line.trim().length === 0) continue;
    const lineScale = statedScale(line);
    if (lineScale !== null && line.trim().length < 160) scale = lineScale;
    const segs = segments(line);
    const context = headerContext(lines, index);
    const hdr = headerColumns(segs, context);
    if (hdr) {
      header = hdr;
      heading = ownHeading;
      rowsUnderHeader = 0;
      continue;
    }
    // A line may hold several label-and-figures groups side by side (slides, two-column layouts).
    const groups: Array<{ label: string[]; values: RowValue[]; start: number; end: number }> = [];
    let current = { label: [] as string[], values: [] as RowValue[], start: 0, end: 0 };
    for (const s of segs) {
      const amount =
        current.values.length === 0 && current.label.length === 0 ? null : parseAmountCell(s.text);
      if (amount && !looksLikeYear(amount)) {
        current.values.push({ amount, text: s.text, period: null, column: s.end });
        current.end = s.end;
      } else if (isDashCell(s.text) && current.label.length > 0) continue;
      else if (current.values.length === 0) {
        if (current.label.length === 0) current.start = s.start;
        current.label.push(s.text);
      } else {
        groups.push(current);
        current = { label: [s.text], values: [], start: s.start, end: s.end };
      }
    }
    groups.push(current);
    const complete = groups.filter((g) => g.label.length > 0 && g.values.length > 0);
    for (const g of complete) {
      assignPeriods(g.values, header);
      if (header && g.values.some((v) => v.period !== null)) rowsUnderHeader++;
      rows.push({
        kind: 'page',
        page: pageNumber,
        label: g.label.join(' '),
        values: g.values,
        // the excerpt is the group's own part of the line when the line holds several
        line: (complete.length > 1 ? line.slice(g.start, g.end) : line).trim().replace(/\s{2,}/g, '  '),
        index,
        scale,
        currency: statedCurrency(line) ?? pageCurrency,
        heading,
        statementPage,
      });
    }
  }
  if (carry) {
    carry.page = pageNumber;
    carry.header = rowsUnderHeader > 0 ? header : null;
    carry.scale = scale;
    carry.heading = heading;
  }
  return isContentsPage(rows) ? [] : rows;
}

/** A page heading that names a statement of its own. */
const STATEMENT_TITLE_WORDS =
  /balance\s+sheets?|statements?\s+of\s+|income\s+statements?|cash\s+flows?|financial\s+(?:position|condition)/i;

/** A table of contents: most rows are a title and one small whole number (the page it is on). */
function isContentsPage(rows: TableRow[]): boolean {
  const pageRefs = rows.filter((r) => {
    const v = r.values[0]?.amount;
    return (
      r.values.length === 1 &&
      v &&
      Number.isInteger(v.value) &&
      v.value > 0 &&
      v.value < 1000 &&
      !v.currency &&
      !v.percent
    );
  });
  return pageRefs.length >= 6 && pageRefs.length >= rows.length * 0.6;
}

/** Match numbers to header columns: by position when the counts differ, in order when they agree. */
function assignPeriods(values: RowValue[], header: HeaderColumn[] | null): void {
  if (!header || header.length === 0) return;
  if (values.length === header.length) {
    for (const [i, v] of values.entries()) v.period = header[i]?.period ?? null;
    return;
  }
  for (const v of values) {
    let best: HeaderColumn | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const h of header) {
      const d = Math.abs(h.end - v.column);
      if (d < bestDistance) {
        bestDistance = d;
        best = h;
      }
    }
    v.period = best && bestDistance <= 12 ? best.period : null;
  }
}
