/**
 * A slide as `pdftotext -layout` (or the pdf.js layout reader) prints it: lines of cells, a cell being
 * a run of text separated from the next by two spaces or more, with its column positions. Slides put
 * several boxes side by side on one printed line, stack a big figure over its caption (or under its
 * heading), and set a label to the left of a value that sits half a line higher; reading a slide line
 * by line mixes them. Here each figure cell gets the words of its own box: the rest of its cell, the
 * heading above and the caption below in the same columns, and the label to its left.
 */
import { findRanges, type ParsedRange } from './amount-ranges.ts';
import { findAmounts, looksLikeYear, type ParsedAmount } from './amounts.ts';

export interface LayoutCell {
  text: string;
  start: number;
  end: number;
}

export interface LayoutLine {
  /** 0-based line number on the page, blank lines counted. */
  row: number;
  text: string;
  cells: LayoutCell[];
}

/** "₹   1.26 Cr": a currency sign set apart from its number is one amount. */
function joinCurrencySigns(line: string): string {
  return line.replace(
    /([₹$€£¥])(\s{1,6})(?=[\d.])/gu,
    (_m, sign: string, gap: string) => `${' '.repeat(gap.length)}${sign}`,
  );
}

export function layoutLines(pageText: string): LayoutLine[] {
  const out: LayoutLine[] = [];
  for (const [row, raw] of pageText.split('\n').entries()) {
    const text = joinCurrencySigns(raw.replace(/\t/g, '    '));
    const cells: LayoutCell[] = [];
    for (const m of text.matchAll(/\S+(?: \S+)*/g)) {
      cells.push({ text: m[0], start: m.index, end: m.index + m[0].length });
    }
    if (cells.length > 0) out.push({ row, text, cells });
  }
  return out;
}

/** The figure a cell opens with: one amount or range ("$1.4m", "~13,500", "50+", "$20-$25 Million"). */
export interface CellFigure {
  amount: ParsedAmount | null;
  range: ParsedRange | null;
  /** As printed. */
  literal: string;
  /** The rest of the cell ("ARR", "/ Month", "PLN / rok"). */
  tail: string;
}

const LEAD = /^(?:~|≈|\+|>|<|c\.\s?|approx\.?\s|about\s|over\s|ponad\s)?/i;

export function cellFigure(text: string): CellFigure | null {
  const lead = LEAD.exec(text)?.[0] ?? '';
  const body = text.slice(lead.length);
  const range = findRanges(body)[0];
  if (range && range.index === 0) {
    return {
      amount: null,
      range,
      literal: body.slice(0, range.text.length),
      tail: tailOf(body, range.text.length),
    };
  }
  const amounts = findAmounts(body);
  const first = amounts[0];
  if (!first || first.index > 0 || looksLikeYear(first)) return null;
  // "3rd party", "2nd round": an ordinal, not a figure
  if (/^\p{L}/u.test(body.slice(first.text.length))) return null;
  const tail = tailOf(body, first.text.length);
  // one figure per box: a cell with a second amount is a sentence, read as text
  if (findAmounts(tail).some((a) => !isYearMark(a, tail))) return null;
  return { amount: first, range: null, literal: first.text, tail };
}

function tailOf(body: string, from: number): string {
  return body
    .slice(from)
    .replace(/^\s*\+/, '')
    .trim();
}

function overlaps(a: LayoutCell, b: LayoutCell, slack = 2): boolean {
  return a.start - slack < b.end && b.start - slack < a.end;
}

function hasAmount(text: string): boolean {
  return findAmounts(text).some((a) => !isYearMark(a, text));
}

/** A year, printed whole ("2026") or short after an apostrophe ("Jun '26", "’25E"). */
export function isYearMark(a: ParsedAmount, text: string): boolean {
  if (looksLikeYear(a)) return true;
  return /^\d{2}$/.test(a.text) && /['’]$/.test(text.slice(0, a.index));
}

export interface SlideBox {
  figure: CellFigure;
  line: LayoutLine;
  cell: LayoutCell;
  /** Words of the box, nearest first: heading above, caption below, label to the left. */
  above: string;
  below: string;
  left: string;
}

/**
 * A cell in line `at` overlapping `cell`'s columns, or null. Only lines within `reach` printed lines
 * of the previous one count (one blank line between a figure and its caption).
 */
function columnNeighbour(
  lines: LayoutLine[],
  from: number,
  step: 1 | -1,
  cell: LayoutCell,
  reach = 2,
): { line: LayoutLine; cell: LayoutCell; index: number } | null {
  const origin = lines[from];
  if (!origin) return null;
  // a line with nothing in these columns is blank for this box (another box's words sit beside it)
  for (
    let at = from + step;
    lines[at] && Math.abs((lines[at] as LayoutLine).row - origin.row) <= reach;
    at += step
  ) {
    const next = lines[at] as LayoutLine;
    const hit = next.cells.find((c) => overlaps(c, cell));
    if (hit) return { line: next, cell: hit, index: at };
  }
  return null;
}

/** A figure stacked on other figures in its column is a chart axis or a table column, not a box. */
function inNumberColumn(lines: LayoutLine[], i: number, cell: LayoutCell): boolean {
  for (const step of [1, -1] as const) {
    const n = columnNeighbour(lines, i, step, cell);
    if (
      n &&
      cellFigure(n.cell.text) &&
      !/[\p{L}]{3,}/u.test(
        n.cell.text.replace(/\b(?:mln|mld|tys|PLN|EUR|USD|INR|Cr|crore|lakh|million|billion)\b/gi, ''),
      )
    )
      return true;
  }
  return false;
}

/** Up to two caption lines in one direction, stopping at a line holding a figure. */
function captionLines(lines: LayoutLine[], i: number, step: 1 | -1, cell: LayoutCell): string[] {
  const out: string[] = [];
  let at = i;
  for (let k = 0; k < 2; k++) {
    const n = columnNeighbour(lines, at, step, cell);
    // the slide's title (its first line) spans the slide: it is no box's heading
    if (!n || n.index === 0 || hasAmount(n.cell.text) || n.cell.text.length > 70) break;
    out.push(n.cell.text);
    at = n.index;
  }
  return step === -1 ? out.reverse() : out;
}

/** Whether a cell is directly under (step -1) or over (step 1) a figure of the same column. */
function besideFigure(lines: LayoutLine[], i: number, cell: LayoutCell, step: 1 | -1): boolean {
  const n = columnNeighbour(lines, i, step, cell);
  return Boolean(n && cellFigure(n.cell.text));
}

/** The label left of a figure: on its line, or on the line below or above ending just before it. */
function leftLabel(lines: LayoutLine[], i: number, cell: LayoutCell): string {
  const line = lines[i] as LayoutLine;
  const idx = line.cells.indexOf(cell);
  // a figure between figures is a table column ("Revenue  €38k  €41k  €47k"): read with its header, not its row's label
  const after = line.cells[idx + 1];
  const prior = idx > 0 ? line.cells[idx - 1] : undefined;
  const own = cellFigure(cell.text);
  if (sameKindOfFigure(own, after) || sameKindOfFigure(own, prior)) return '';
  const before = prior;
  // the cell just left, when it is close: a far cell is another box of the slide
  if (before && !hasAmount(before.text) && before.text.length <= 50 && cell.start - before.end <= 24)
    return before.text;
  if (before) return '';
  for (const step of [1, -1] as const) {
    const other = lines[i + step];
    if (!other || Math.abs(other.row - line.row) > 1) continue;
    const label = other.cells.find((c) => c.end <= cell.start && cell.start - c.end <= 16);
    const blocked = other.cells.some(
      (c) => c.start >= (label?.end ?? Number.POSITIVE_INFINITY) && c.start < cell.start,
    );
    if (label && !blocked && !hasAmount(label.text) && label.text.length <= 30) return label.text;
  }
  return '';
}

/** A neighbour cell holding the same kind of figure (money in one currency, a count, a percent): a table's next column. */
function sameKindOfFigure(own: CellFigure | null, other: LayoutCell | undefined): boolean {
  const theirs = other ? cellFigure(other.text) : null;
  if (!own?.amount || !theirs?.amount) return false;
  return own.amount.percent === theirs.amount.percent && own.amount.currency === theirs.amount.currency;
}

/** Every figure cell of a page with the words of its box. */
export function slideBoxes(lines: LayoutLine[]): SlideBox[] {
  const out: SlideBox[] = [];
  for (const [i, line] of lines.entries()) {
    for (const cell of line.cells) {
      const figure = cellFigure(cell.text);
      if (!figure) continue;
      const left = leftLabel(lines, i, cell);
      // a bare number stacked on others is an axis or a table column; a key-value list labels each one
      if (figure.tail.length === 0 && left.length === 0 && inNumberColumn(lines, i, cell)) continue;
      const aboveLines = captionLines(lines, i, -1, cell);
      const belowLines = captionLines(lines, i, 1, cell);
      // a heading belongs to this figure unless it is the caption of a figure over it, and vice versa
      // the top caption line may be the caption of a figure above ("$1.3B / (Western US) / SOM / $52M"):
      // it goes to that figure, the lines below it stay with this one
      let topIndex = i - aboveLines.length;
      let aboveTaken = false;
      if (aboveLines.length > 0 && besideFigure(lines, topIndex, cellAt(lines, topIndex, cell), -1)) {
        aboveLines.shift();
        topIndex++;
        aboveTaken = aboveLines.length === 0;
      }
      const bottomIndex = i + belowLines.length;
      const belowTaken =
        belowLines.length > 0 && besideFigure(lines, bottomIndex, cellAt(lines, bottomIndex, cell), 1);
      out.push({
        figure,
        line,
        cell,
        above: aboveTaken ? '' : aboveLines.join(' '),
        below: belowTaken && !aboveTaken && aboveLines.length > 0 ? '' : belowLines.join(' '),
        left,
      });
    }
  }
  return out;
}

function cellAt(lines: LayoutLine[], index: number, like: LayoutCell): LayoutCell {
  return lines[index]?.cells.find((c) => overlaps(c, like)) ?? like;
}
