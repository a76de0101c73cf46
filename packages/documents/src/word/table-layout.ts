/**
 * A Word table written as pdftotext -layout writes one (issue 18 §6): every cell padded to its
 * grid column's width, the first column left-aligned and the others right-aligned, so a figure
 * ends where its column's header ends. Readers of page text (analyst/page-tables.ts) tie a figure
 * to the period above it by that end position; without padding, a row with an empty first cell
 * ("Total Enrolments  —  500  950 …" where Year 0 is blank) would shift every figure one period left.
 *
 * A cell spanning several grid columns (Word's gridSpan) covers their width and the spaces between.
 */

/** A cell as the layout needs it: its text on one line and how many grid columns it spans. */
export interface LayoutCell {
  text: string;
  span: number;
}

/** Spaces between columns, as pdftotext leaves at least. */
const GAP = 2;
/** A column wider than this (a paragraph in a cell) is not padded: its rows are prose, not figures. */
const MAX_COLUMN_WIDTH = 60;

export function layoutTable(rows: LayoutCell[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    let column = 0;
    for (const cell of row) {
      if (cell.span === 1)
        widths[column] = Math.max(widths[column] ?? 0, Math.min(cell.text.length, MAX_COLUMN_WIDTH));
      column += cell.span;
    }
  }
  return rows.map((row) => {
    let line = '';
    let column = 0;
    for (const [i, cell] of row.entries()) {
      let width = 0;
      for (let c = column; c < column + cell.span; c++) width += (widths[c] ?? 0) + (c > column ? GAP : 0);
      const text = cell.text;
      const padded = i === 0 ? text.padEnd(width) : text.padStart(width);
      line += (i === 0 ? '' : ' '.repeat(GAP)) + padded;
      column += cell.span;
    }
    return line.trimEnd();
  });
}
