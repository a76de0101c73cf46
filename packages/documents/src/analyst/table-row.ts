import type { ParsedAmount } from './amounts.ts';
import type { Period } from './periods.ts';

/** A table row as both PDF pages and sheets give it: a label and the numbers to its right. */

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
