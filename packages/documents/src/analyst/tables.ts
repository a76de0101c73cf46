/**
 * One view of tables for both PDF text and spreadsheets: rows with a label and the numbers to its
 * right, each number tied to its column's period and to the page line or cell it came from. Pages
 * are read in page-tables.ts, sheets in sheet-tables.ts.
 */
import type { ExtractedDocument } from '../types.ts';
import { currencyOf } from './amounts.ts';
import { type PageCarry, pageRows } from './page-tables.ts';
import { cellText, sheetRows } from './sheet-tables.ts';
import type { TableRow } from './table-row.ts';

export { pageRows } from './page-tables.ts';
export { isPeriodCell } from './period-cells.ts';
export { sheetRows } from './sheet-tables.ts';
export { statedCurrency, statedScale } from './stated-units.ts';
export type { RowValue, TableRow } from './table-row.ts';

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
  // A table split across pages keeps its headers and scale on the next page (page-tables.ts).
  const carry: PageCarry = { page: -1, header: null, scale: null, heading: '' };
  return [
    ...doc.pages.flatMap((p) => pageRows(p.number, p.text, currency, carry)),
    ...doc.sheets.flatMap((s) => sheetRows(s, currency)),
  ];
}
