/**
 * Turns pdf.js text items (runs of text with a position) into the lines a person reads, laid out
 * like `pdftotext -layout`, whose text the analyst's tables are written for (decision 014).
 *
 * pdf.js gives items in content order, which is not reading order: a table's column header printed
 * over two lines ("August 29," above "2021") comes column by column, so following that order puts
 * every header cell on a line of its own and the years no longer head the figures below them. Items
 * are therefore grouped by baseline into lines, top to bottom, and ordered by x within a line. A
 * wide gap between two runs (a table's column gap) becomes at least two spaces and places the next
 * run at its column on a character grid of the page, so figures end where their header ends, as in
 * `-layout` text; an ordinary word gap stays one space, and runs that touch are joined.
 */

export interface PositionedText {
  str: string;
  /** [a, b, c, d, x, y] text matrix; x = transform[4], baseline y = transform[5]. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

export function isPositionedText(item: unknown): item is PositionedText {
  return (
    typeof (item as PositionedText).str === 'string' && Array.isArray((item as PositionedText).transform)
  );
}

/** A run of text placed on the page, in PDF units (y grows upwards). */
interface Run {
  text: string;
  x: number;
  y: number;
  width: number;
  /** Font height: the unit of every tolerance below. */
  size: number;
  /** Writing direction in quarter turns anticlockwise: 0 for ordinary text, 1 for text set upwards. */
  turns: number;
}

interface Line {
  y: number;
  size: number;
  runs: Run[];
}

/** Gaps wider than this (× font height) are column gaps; narrower ones, down to WORD_GAP, are word gaps. */
const COLUMN_GAP = 0.8;
const WORD_GAP = 0.15;
/**
 * Runs whose baselines differ by at most this (× the larger font height) share a line: a footnote mark
 * raised about half its line's height ("Total assets⁽ᵇ⁾") stays on it, while lines set solid (one
 * font height apart, as two-line column headers are) stay apart.
 */
const SAME_LINE = 0.6;
/** A vertical gap above this (× font height) is a paragraph break: an empty line, as pdftotext prints. */
const PARAGRAPH_GAP = 2;
/**
 * No run is placed further right than this column: a page's text fits in far fewer, and a run placed
 * miles off the page by a hostile file must not become megabytes of spaces.
 */
const MAX_COLUMN = 400;

export function layoutPageText(items: readonly PositionedText[]): string {
  const placed = items.map(toRun).filter((run): run is Run => run !== null);
  if (placed.length === 0) return '';
  // A table set sideways (landscape on a portrait page) is read in its own direction.
  const turns = mostCommon(placed.map((run) => run.turns));
  const runs = placed.map((run) => upright(run, turns));
  const grid = characterWidth(runs);
  const left = runs.reduce((min, run) => Math.min(min, run.x), Number.POSITIVE_INFINITY);
  const out: string[] = [];
  let previous: Line | undefined;
  for (const line of groupLines(runs)) {
    if (previous && previous.y - line.y > PARAGRAPH_GAP * Math.max(previous.size, line.size)) out.push('');
    out.push(placeRuns(line.runs, grid, left));
    previous = line;
  }
  return out.join('\n').trimEnd();
}

function toRun(item: PositionedText): Run | null {
  // Whitespace-only items are pdf.js's guesses at gaps; the gaps are measured from positions instead.
  if (item.str.trim() === '') return null;
  const [a = 1, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
  const turns = (Math.round(Math.atan2(b, a) / (Math.PI / 2)) + 4) % 4; // atan2 is within ±π
  const size = Math.abs(item.height) || Math.hypot(c, d) || 1;
  return { text: item.str, x, y, width: item.width, size, turns };
}

function mostCommon(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/** The run's position in the frame of text written `turns` quarter turns anticlockwise: x along the writing, y up its glyphs. */
function upright(run: Run, turns: number): Run {
  if (turns === 1) return { ...run, x: run.y, y: -run.x };
  if (turns === 2) return { ...run, x: -run.x, y: -run.y };
  if (turns === 3) return { ...run, x: -run.y, y: run.x };
  return run;
}

/** The width of one character column: the median advance per character of the page's runs. */
function characterWidth(runs: readonly Run[]): number {
  const advances = runs
    .filter((run) => run.text.length >= 2 && run.width > 0)
    .map((run) => run.width / run.text.length)
    .sort((a, b) => a - b);
  const median = advances[Math.floor(advances.length / 2)];
  return median && median > 0 ? median : 5;
}

/** Runs grouped by baseline, lines top to bottom, runs left to right. */
function groupLines(runs: readonly Run[]): Line[] {
  const byHeight = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const run of byHeight) {
    // Measured from the line's first (highest) baseline, so a staircase of runs does not chain into one line.
    if (current && current.y - run.y <= SAME_LINE * Math.max(current.size, run.size)) {
      current.runs.push(run);
      current.size = Math.max(current.size, run.size);
    } else {
      current = { y: run.y, size: run.size, runs: [run] };
      lines.push(current);
    }
  }
  for (const line of lines) line.runs.sort((a, b) => a.x - b.x);
  return lines;
}

function placeRuns(runs: readonly Run[], grid: number, left: number): string {
  let text = '';
  let previous: Run | undefined;
  for (const run of runs) {
    // Text printed twice a hair apart (a fake bold) is read once.
    if (previous?.text === run.text && Math.abs(run.x - previous.x) < previous.size * WORD_GAP) continue;
    const column = Math.min(Math.round((run.x - left) / grid), MAX_COLUMN);
    // A line starts at its column too: a header row of years stands over the figures it names.
    text += previous ? separator(previous, run, text.length, column) : ' '.repeat(column);
    text += run.text;
    previous = run;
  }
  return text.trimEnd();
}

/** The spaces between two runs of a line: none, a word gap, or up to the next run's column. */
function separator(previous: Run, run: Run, length: number, column: number): string {
  if (/\s$/.test(previous.text) || /^\s/.test(run.text)) return '';
  const gap = run.x - (previous.x + previous.width);
  const size = Math.max(previous.size, run.size);
  if (gap > size * COLUMN_GAP) return ' '.repeat(Math.max(2, column - length));
  if (gap > size * WORD_GAP) return ' ';
  return '';
}
