/**
 * Turns pdf.js text items (runs of text with a position) into the lines a person reads. pdf.js gives
 * items in content order with `hasEOL` on line ends; what it does not give is the gap between two
 * runs on one line, which in a financial table is the gap between a label and its figure. A wide gap
 * becomes two spaces, so "Revenue  12,385" stays one line with its columns apart, as pdftotext
 * -layout keeps them.
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

export function layoutPageText(items: readonly PositionedText[]): string {
  let text = '';
  let previous: PositionedText | undefined;
  // pdf.js inserts whitespace-only items for gaps it sees; the gap is measured here instead, from
  // the last run with text, so a whitespace item only guarantees that some space is kept.
  let spacePending = false;
  for (const item of items) {
    const blank = item.str.trim() === '';
    if (blank && !item.hasEOL) {
      if (item.str.length > 0) spacePending = true;
      continue;
    }
    if (!blank && previous && !previous.hasEOL) {
      const gap = separator(previous, item);
      text += gap === '' && spacePending ? ' ' : gap;
    }
    if (!blank) text += item.str;
    if (item.hasEOL) text += '\n';
    spacePending = false;
    previous = item;
  }
  return text.replace(/[ \t]+\n/g, '\n').trimEnd();
}

function separator(previous: PositionedText, item: PositionedText): string {
  const size = Math.max(Math.abs(item.height), Math.abs(previous.height), 1);
  const previousY = previous.transform[5] ?? 0;
  const y = item.transform[5] ?? 0;
  // A different baseline without an end-of-line mark is still a new line.
  if (Math.abs(y - previousY) > size * 0.5) return '\n';
  if (/\s$/.test(previous.str) || /^\s/.test(item.str)) return '';
  const gap = (item.transform[4] ?? 0) - ((previous.transform[4] ?? 0) + previous.width);
  if (gap > size * 0.8) return '  ';
  if (gap > size * 0.15) return ' ';
  return '';
}
