/**
 * One view of tables for both PDF text and spreadsheets: rows with a label and the numbers to its
 * right, each number tied to its column's period and to the page line or cell it came from.
 *
 * PDF pages come as `pdftotext -layout` text: columns are separated by two or more spaces, a header
 * line of years ("2022   2021   2020") names the columns below it, and numbers are matched to header
 * columns by where they end on the line (figures are right-aligned). Sheets come as cells with A1
 * addresses: a header row of periods (EDGAR workbooks: "12 Months Ended" above "Dec. 31, 2022")
 * names the columns, the first text cell of a row is its label.
 */
import type { ExtractedDocument, Sheet, SheetCell } from '../types.ts';
import {
  currencyOf,
  isDashCell,
  looksLikeYear,
  type ParsedAmount,
  parseAmountCell,
  scaleOf,
} from './amounts.ts';
import { isDurationHeader, type Period, parsePeriod } from './periods.ts';

export interface RowValue {
  amount: ParsedAmount;
  /** The cell text as written. */
  text: string;
  period: Period | null;
  /** Sheet cell address (sheets only). */
  cell?: string;
  /** Column index: character offset of the number's end (PDF) or 0-based column (sheet). */
  column: number;
}

export interface TableRow {
  kind: 'page' | 'cell';
  page?: number;
  sheet?: string;
  /** The row's label as written ("Total revenues net of interest expense"). */
  label: string;
  values: RowValue[];
  /** The whole line (PDF) or row (sheet) as written, for excerpts. */
  line: string;
  /** Line within the page, or 0-based row within the sheet. */
  index: number;
  /** Scale stated above the row ("in millions" → 1e6), or null for units. */
  scale: number | null;
  /** Currency stated on the row, its header or page ("$", "USD ($)", "€"), or null. */
  currency: string | null;
  /** Title text of the page or sheet (its first lines / cells), to tell statements apart. */
  heading: string;
  /** The page says it is a primary statement ("See notes to consolidated financial statements"). */
  statementPage?: boolean;
}

const SCALE_STATEMENT =
  /(?:\bin\s+|\(|\$\s+in\s+|€\s+in\s+|£\s+in\s+|\bamounts\s+in\s+|,\s*)(thousands|millions|billions)\b|\(\s*(?:in\s+)?(?:[$€£]|eur|usd|gbp)?\s?'?(000s?|k|m|mm|mn|bn)\s*\)|\b(?:in\s+)?(?:[$€£]|eur|usd|gbp)\s?'?(000s?)\b|\b(?:[$€£]|eur|usd|gbp)\s?(k|m|mm|mn|bn)\b(?=\s*$|\s*\))/i;

/** The scale a header or title states ("$ in Thousands", "(Millions, except per share amounts)", "(€000)"), or null. */
export function statedScale(text: string): number | null {
  const m = SCALE_STATEMENT.exec(text);
  if (!m) return null;
  const word = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').toLowerCase();
  if (word.startsWith('000')) return 1e3;
  return scaleOf(word);
}

const CURRENCY_STATEMENT =
  /(US\$|€|£|\$|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|JPY|AUD|CAD)\b|\beuros?\b|\bdollars?\b|\bpounds sterling\b)/i;

/** The currency a header, title or row states, or null. */
export function statedCurrency(text: string): string | null {
  const m = CURRENCY_STATEMENT.exec(text);
  if (!m) return null;
  const w = (m[1] ?? '').toLowerCase();
  if (w.startsWith('dollar')) return 'USD';
  if (w === 'pounds sterling') return 'GBP';
  return currencyOf(w);
}

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

const PERIOD_WORDS =
  /\b(?:fy|cy|q[1-4]|[1-4]q|h[12]|[12]h)\s?'?\d{2,4}[aefbp]?\b|\b(?:fy|cy|q[1-4]|[1-4]q|h[12]|fiscal|years?|ended|ending|months?|weeks?|three|six|nine|twelve|as|of|at|for|the|budget|forecast|actuals?|plan|estimated?|audited|unaudited|restated|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\b|\b\d{2,4}[aefbp]\b/gi;

/** A cell that is only a period ("FY2024", "Q3 2025", "Dec. 31, 2022"), not a sentence that mentions one. */
export function isPeriodCell(text: string): boolean {
  return text.length <= 40 && !/\p{L}/u.test(text.replace(PERIOD_WORDS, ''));
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

/** Rows of the tables on PDF / Word pages. */
export function pageRows(pageNumber: number, text: string, docCurrency: string | null): TableRow[] {
  const lines = text.split('\n');
  const heading = headingOf(text);
  const statementPage = STATEMENT_FOOTER.test(text);
  const pageScale = statedScale(lines.slice(0, 12).join(' '));
  const pageCurrency = statedCurrency(text) ?? docCurrency;
  const rows: TableRow[] = [];
  let header: HeaderColumn[] | null = null;
  let scale: number | null = pageScale;
  for (const [index, line] of lines.entries()) {
    if (line.trim().length === 0) continue;
    const lineScale = statedScale(line);
    if (lineScale !== null && line.trim().length < 160) scale = lineScale;
    const segs = segments(line);
    const context = headerContext(lines, index);
    const hdr = headerColumns(segs, context);
    if (hdr) {
      header = hdr;
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
  return isContentsPage(rows) ? [] : rows;
}

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

function cellText(c: SheetCell): string {
  if (c.text && c.text.length > 0) return c.text;
  return c.value === null ? '' : String(c.value);
}

/** A header cell's text; a year stored as a number may be displayed with a separator ("2,024"). */
function headerText(c: SheetCell): string {
  if (typeof c.value === 'number' && Number.isInteger(c.value) && c.value >= 1990 && c.value <= 2099)
    return String(c.value);
  return cellText(c);
}

/** A sheet cell as an amount: numbers as stored (percent when displayed with %), or text that reads as one. */
function cellAmount(c: SheetCell): ParsedAmount | null {
  if (typeof c.value === 'number') {
    const shown = c.text ?? '';
    const percent = /%\s*$/.test(shown);
    return {
      // a cell shown as "72.0%" stores 0.72; amounts read from text carry the percent number (72)
      value: percent ? Number((c.value * 100).toPrecision(12)) : c.value,
      currency: currencyOf(/(US\$|€|£|\$)/.exec(shown)?.[1]),
      scale: null,
      percent,
      multiple: false,
      text: shown || String(c.value),
      index: 0,
    };
  }
  if (typeof c.value === 'string') {
    const a = parseAmountCell(c.value);
    return a && !looksLikeYear(a) ? a : null;
  }
  return null;
}

/** Rows of one sheet. */
export function sheetRows(sheet: Sheet, docCurrency: string | null): TableRow[] {
  const byRow = new Map<number, SheetCell[]>();
  for (const c of sheet.cells) {
    const list = byRow.get(c.row) ?? [];
    list.push(c);
    byRow.set(c.row, list);
  }
  const rowNumbers = [...byRow.keys()].sort((a, b) => a - b);
  const top = rowNumbers
    .slice(0, 4)
    .flatMap((r) => (byRow.get(r) ?? []).map(cellText))
    .join(' | ');
  const heading = `${sheet.name} | ${top}`.slice(0, 400);
  let scale = statedScale(top);
  const sheetCurrency = statedCurrency(top) ?? docCurrency;
  const rows: TableRow[] = [];
  let periods = new Map<number, Period>();
  let durations = new Map<number, string>();
  let previousWasHeader = false;
  for (const r of rowNumbers) {
    const cells = (byRow.get(r) ?? []).sort((a, b) => a.column - b.column);
    const texts = cells.map(cellText);
    const rowText = texts.join(' | ');
    // Header rows: durations ("12 Months Ended", merged across columns) and periods ("Dec. 31, 2022", 2024)
    const valueCells = cells.filter((c, i) => i > 0 || c.column > 0);
    const durationCells = valueCells.filter((c) => isDurationHeader(cellText(c)));
    const periodCells = valueCells
      .map((c) => ({
        c,
        p: isPeriodCell(headerText(c))
          ? parsePeriod(headerText(c), durationOf(durations, c.column) ?? rowText)
          : null,
      }))
      .filter((x) => x.p !== null);
    const numericNonPeriod = valueCells.filter((c) => cellAmount(c) && !periodCells.some((x) => x.c === c));
    if (durationCells.length > 0 && numericNonPeriod.length === 0) {
      if (!previousWasHeader) durations = new Map();
      for (const c of durationCells) durations.set(c.column, cellText(c));
      previousWasHeader = true;
      continue;
    }
    if (
      periodCells.length > 0 &&
      numericNonPeriod.length === 0 &&
      periodCells.length >= valueCells.length / 2
    ) {
      if (!previousWasHeader) durations = new Map();
      periods = new Map();
      for (const { c, p } of periodCells) if (p) periods.set(c.column, p);
      previousWasHeader = true;
      continue;
    }
    previousWasHeader = false;
    const lineScale = statedScale(rowText);
    const labelCell = cells.find((c) => typeof c.value === 'string' && !parseAmountCell(c.value));
    if (!labelCell) continue;
    if (lineScale !== null && cells.every((c) => typeof c.value !== 'number')) {
      scale = lineScale;
      continue;
    }
    const values: RowValue[] = [];
    for (const c of cells) {
      if (c.column <= labelCell.column) continue;
      const amount = cellAmount(c);
      if (!amount) continue;
      values.push({
        amount,
        text: cellText(c),
        period: periods.get(c.column) ?? null,
        cell: c.address,
        column: c.column,
      });
    }
    if (values.length === 0) continue;
    rows.push({
      kind: 'cell',
      sheet: sheet.name,
      label: cellText(labelCell),
      values,
      line: texts.join(' | '),
      index: r,
      scale: statedScale(cellText(labelCell)) ?? scale,
      currency: statedCurrency(cellText(labelCell)) ?? sheetCurrency,
      heading,
    });
  }
  return rows;
}

/** The duration header over a column: merged cells carry their text in the leftmost column only. */
function durationOf(durations: Map<number, string>, column: number): string | null {
  let best: number | null = null;
  for (const col of durations.keys()) if (col <= column && (best === null || col > best)) best = col;
  return best === null ? null : (durations.get(best) ?? null);
}

/** The currency most often printed in the document, used when a page or sheet does not state one. */
export function documentCurrency(doc: ExtractedDocument): string | null {
  const counts = new Map<string, number>();
  const add = (text: string) => {
    const re = /(US\$|€|£|\$|\b(?:EUR|USD|GBP|CHF)\b)/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const c = currencyOf(m[1]);
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  };
  for (const p of doc.pages) add(p.text);
  for (const s of doc.sheets) for (const c of s.cells.slice(0, 5000)) add(cellText(c));
  let best: string | null = null;
  let bestCount = 0;
  for (const [c, n] of counts) {
    if (n > bestCount) {
      best = c;
      bestCount = n;
    }
  }
  return best;
}

// The stages (metrics, risks) each read the rows; a document is parsed once.
const rowsCache = new WeakMap<ExtractedDocument, TableRow[]>();

/** Every table row of the document. */
export function documentRows(doc: ExtractedDocument): TableRow[] {
  const cached = rowsCache.get(doc);
  if (cached) return cached;
  const rows = parseRows(doc);
  rowsCache.set(doc, rows);
  return rows;
}

function parseRows(doc: ExtractedDocument): TableRow[] {
  const currency = documentCurrency(doc);
  return [
    ...doc.pages.flatMap((p) => pageRows(p.number, p.text, currency)),
    ...doc.sheets.flatMap((s) => sheetRows(s, currency)),
  ];
}
