/**
 * The shapes that flow through document intelligence: bytes are sniffed into a format, extracted
 * into text and cells that keep where they came from, then analysed. Every figure the analyst
 * reports carries a SourceLocation back to the page, slide or cell it was read from.
 */

export const DOCUMENT_FORMATS = ['pdf', 'docx', 'doc', 'xlsx', 'xls'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** Where a piece of text or a figure was found. `label` is what a person reads: "page 3", "slide 2", "P&L!C14". */
export interface SourceLocation {
  kind: 'page' | 'slide' | 'section' | 'cell';
  /** 1-based page (PDF), slide (a pitch deck's page) or section (Word) number. */
  page?: number;
  sheet?: string;
  /** A1-style address within `sheet`. */
  cell?: string;
  label: string;
}

/** A page of a PDF, or a section of a Word document (Word files have no fixed pages). */
export interface TextPage {
  number: number;
  text: string;
}

export interface SheetCell {
  /** A1-style address, e.g. "C14". */
  address: string;
  /** 0-based row and column. */
  row: number;
  column: number;
  /** The cell's value; for a formula, the value cached in the file (nothing is recalculated). */
  value: number | string | boolean | null;
  /** The value as the spreadsheet displays it (number format applied) when known. */
  text: string;
  formula?: string;
}

export interface Sheet {
  name: string;
  /** Only non-empty cells, in row-major order. */
  cells: SheetCell[];
  rowCount: number;
  columnCount: number;
}

export interface ExtractedDocument {
  format: DocumentFormat;
  /** PDF pages or Word sections, in order; empty for spreadsheets. */
  pages: TextPage[];
  /** Every sheet of a workbook, in order; empty for PDF and Word. */
  sheets: Sheet[];
  metadata: { title?: string; author?: string; pageCount: number };
  /** Plain sentences about what was cut or could not be read ("Only the first 500 pages were read."). */
  notices: string[];
}

/** Bounds that keep a hostile file from taking the server down. */
export interface ExtractionLimits {
  /** Wall-clock time for one extraction. */
  timeoutMs: number;
  /** Heap for the worker that extracts. */
  maxMemoryMb: number;
  maxPages: number;
  maxCells: number;
  /** Total inflated size allowed for the parts of a zip container (.docx, .xlsx). */
  maxInflatedBytes: number;
  maxTextChars: number;
}

/** Raised for a file that cannot be read; `message` is a sentence for the person who uploaded it. */
export class UnreadableDocumentError extends Error {
  override readonly name = 'UnreadableDocumentError';
}
