/**
 * Counts the cells and rows of each worksheet part of an .xlsx while the zip guard inflates it, so
 * that a million-cell sheet is parsed only as far as the cell limit reaches (SheetJS's `sheetRows`)
 * instead of being built in memory whole. Counting tags is a bound, not a parse: an estimate off by
 * a little only moves where the cut falls.
 */

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
const CELL_TAG = /<(?:[A-Za-z]\w*:)?c[\s>/]/g;
const ROW_TAG = /<(?:[A-Za-z]\w*:)?row[\s>/]/g;
/** Longest tag prefix that can straddle two chunks. */
const CARRY = 16;

export interface SheetEstimate {
  cells: number;
  rows: number;
}

export function estimateCells() {
  const counts = new Map<string, SheetEstimate>();
  return {
    watch(fileName: string): ((chunk: Buffer) => void) | undefined {
      if (!WORKSHEET_PART.test(fileName)) return undefined;
      const estimate: SheetEstimate = { cells: 0, rows: 0 };
      counts.set(fileName, estimate);
      let tail = '';
      return (chunk) => {
        const text = tail + chunk.toString('latin1');
        // Count only tags that end inside this text; the tail is searched again with the next chunk.
        const end = Math.max(0, text.length - CARRY);
        estimate.cells += countBefore(text, CELL_TAG, end);
        estimate.rows += countBefore(text, ROW_TAG, end);
        tail = text.slice(end);
      };
    },
    sheets(): SheetEstimate[] {
      return [...counts.values()];
    },
  };
}

function countBefore(text: string, pattern: RegExp, end: number): number {
  let count = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match && match.index < end; match = pattern.exec(text)) count += 1;
  return count;
}

/**
 * SheetJS's `sheetRows` (one bound for every sheet) that reads about `maxCells` cells from the
 * widest sheet: 0 (no bound) when the whole workbook fits.
 */
export function rowsToRead(sheets: SheetEstimate[], maxCells: number): number {
  const total = sheets.reduce((sum, sheet) => sum + sheet.cells, 0);
  if (total <= maxCells) return 0;
  let rows = 1;
  for (const sheet of sheets) {
    if (sheet.cells === 0) continue;
    const cellsPerRow = Math.max(1, sheet.cells / Math.max(1, sheet.rows));
    rows = Math.max(rows, Math.ceil(maxCells / cellsPerRow));
  }
  return Math.min(rows, maxCells + 1);
}
