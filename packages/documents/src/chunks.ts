import { TABLE_CONTEXT_MAX_CHARS, tableContextOf } from './table-context.ts';
import type { ExtractedDocument, Sheet, SheetCell, SourceLocation, TextPage } from './types.ts';

/**
 * Splits an extracted document into passages for search. A passage never crosses a page (or a
 * section, or a sheet), so a hit always points at one place a person can open; within a page it is
 * cut on paragraph, then line, then word boundaries.
 */

export interface DocumentChunk {
  /** 0-based position of the passage in the document. */
  ordinal: number;
  location: SourceLocation;
  text: string;
}

/** A passage grows to about this many characters before a paragraph boundary closes it. */
export const CHUNK_TARGET_CHARS = 1_200;
/** No passage is longer than this. */
export const CHUNK_MAX_CHARS = 1_500;
/** PostgreSQL text cannot hold it. */
const NUL = String.fromCharCode(0);
/** Cell values wider than this are cut in the rendered row (a sheet row is a line of a passage). */
const CELL_MAX_CHARS = 200;

export function chunkDocument(doc: ExtractedDocument): DocumentChunk[] {
  const pieces: Omit<DocumentChunk, 'ordinal'>[] = [];
  for (const page of doc.pages) pieces.push(...chunkPage(page, doc.format === 'pdf' ? 'page' : 'section'));
  for (const sheet of doc.sheets) pieces.push(...chunkSheet(sheet));
  return pieces.map((piece, ordinal) => ({ ordinal, ...piece }));
}

function chunkPage(page: TextPage, kind: 'page' | 'section'): Omit<DocumentChunk, 'ordinal'>[] {
  const location: SourceLocation = { kind, page: page.number, label: `${kind} ${page.number}` };
  const text = normalise(page.text);
  // A table's passages after the first carry its heading (title, scale, column headers), so a
  // row is found by the statement it belongs to and the periods of its columns.
  const context = tableContextOf(text);
  const budget = context ? CHUNK_MAX_CHARS - context.length - TABLE_CONTEXT_MARK.length - 1 : CHUNK_MAX_CHARS;
  return packBlocks(paragraphs(text), '\n\n', budget).map((passage, i) => ({
    location: { ...location },
    text: context && i > 0 ? `${TABLE_CONTEXT_MARK}${context}\n${passage}` : passage,
  }));
}

/** Starts the heading line a table's later passages carry (table-context.ts). */
export const TABLE_CONTEXT_MARK = '⤷ ';

/**
 * Layout text (pdftotext -layout) pads table columns with long runs of spaces; two spaces keep the
 * columns apart for a reader at a fraction of the size. NUL cannot be stored in a text column.
 */
function normalise(text: string): string {
  return text
    .replaceAll(NUL, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]{3,}/g, '  ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0);
}

/**
 * Packs blocks (paragraphs, or rows of a sheet) into passages of about CHUNK_TARGET_CHARS, never over
 * CHUNK_MAX_CHARS: a block too long on its own is cut on lines, then on words.
 */
function packBlocks(blocks: string[], separator = '\n\n', max = CHUNK_MAX_CHARS): string[] {
  const passages: string[] = [];
  let current = '';
  const flush = () => {
    if (current) passages.push(current);
    current = '';
  };
  const target = Math.min(CHUNK_TARGET_CHARS, max);
  for (const block of blocks.flatMap((b) => splitLong(b, max))) {
    if (!current) {
      current = block;
    } else if (current.length + separator.length + block.length <= max) {
      current += separator + block;
    } else {
      flush();
      current = block;
    }
    if (current.length >= target) flush();
  }
  flush();
  return passages;
}

/** Cuts a block longer than `max` on line boundaries, then words, then characters. */
function splitLong(block: string, max = CHUNK_MAX_CHARS): string[] {
  if (block.length <= max) return [block];
  const lines = block.split('\n');
  if (lines.length > 1)
    return packLines(
      lines.flatMap((line) => splitLong(line, max)),
      '\n',
      max,
    );
  const words = block.split(/(?<=\s)/);
  if (words.length > 1)
    return packLines(
      words.flatMap((word) => splitLong(word, max)),
      '',
      max,
    ).map((part) => part.trim());
  const parts: string[] = [];
  for (let at = 0; at < block.length; at += max) parts.push(block.slice(at, at + max));
  return parts;
}

/** Greedy packing of pieces each at most `max` long. */
function packLines(pieces: string[], separator: string, max = CHUNK_MAX_CHARS): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + separator.length + piece.length > max) {
      out.push(current);
      current = piece;
    } else {
      current = current ? current + separator + piece : piece;
    }
  }
  if (current) out.push(current);
  return out.filter((part) => part.trim().length > 0);
}

/**
 * A sheet becomes lines of "label  value  value", one per row, in passages of consecutive rows; the
 * location names the sheet and the range of cells the passage covers ("P&L!A1:F40").
 */
function chunkSheet(sheet: Sheet): Omit<DocumentChunk, 'ordinal'>[] {
  const rows = new Map<number, SheetCell[]>();
  for (const cell of sheet.cells) {
    const text = cellText(cell);
    if (!text) continue;
    const row = rows.get(cell.row);
    if (row) row.push(cell);
    else rows.set(cell.row, [cell]);
  }
  const ordered = [...rows.entries()].sort((a, b) => a[0] - b[0]);
  for (const [, rowCells] of ordered) rowCells.sort((a, b) => a.column - b.column);
  // The sheet's heading rows (title, scale, period headers) open its later passages too.
  const context = sheetHeadingOf(ordered.map(([, rowCells]) => rowCells));
  const max = context ? CHUNK_MAX_CHARS - context.length - TABLE_CONTEXT_MARK.length - 1 : CHUNK_MAX_CHARS;
  const chunks: Omit<DocumentChunk, 'ordinal'>[] = [];
  let lines: string[] = [];
  let length = 0;
  let cells: SheetCell[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const range = cellRange(cells);
    const text = lines.join('\n');
    chunks.push({
      location: { kind: 'cell', sheet: sheet.name, cell: range, label: `${sheet.name}!${range}` },
      text: context && chunks.length > 0 ? `${TABLE_CONTEXT_MARK}${context}\n${text}` : text,
    });
    lines = [];
    length = 0;
    cells = [];
  };
  for (const [, rowCells] of ordered) {
    // A row wider than a passage is cut into several lines of the same row.
    for (const line of splitLong(rowCells.map(cellText).join('  '), max)) {
      if (length > 0 && length + 1 + line.length > max) flush();
      lines.push(line);
      length += (length > 0 ? 1 : 0) + line.length;
      cells.push(...rowCells);
      if (length >= CHUNK_TARGET_CHARS) flush();
    }
  }
  flush();
  return chunks;
}

/** Rows above a sheet's first row holding a number (at most three), as one line; null if none. */
function sheetHeadingOf(rows: SheetCell[][]): string | null {
  const heading: string[] = [];
  for (const rowCells of rows.slice(0, 3)) {
    if (rowCells.some((cell) => typeof cell.value === 'number')) break;
    heading.push(rowCells.map(cellText).join('  '));
  }
  const joined = heading.join(' · ').trim();
  if (!joined) return null;
  return joined.length > TABLE_CONTEXT_MAX_CHARS
    ? `${joined.slice(0, TABLE_CONTEXT_MAX_CHARS - 1)}…`
    : joined;
}

function cellText(cell: SheetCell): string {
  const shown = cell.text || (cell.value === null ? '' : String(cell.value));
  const flat = shown.replaceAll(NUL, '').replace(/\s+/g, ' ').trim();
  return flat.length > CELL_MAX_CHARS ? `${flat.slice(0, CELL_MAX_CHARS - 1)}…` : flat;
}

function cellRange(cells: SheetCell[]): string {
  let top = Number.POSITIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  let bottom = 0;
  let right = 0;
  for (const cell of cells) {
    top = Math.min(top, cell.row);
    left = Math.min(left, cell.column);
    bottom = Math.max(bottom, cell.row);
    right = Math.max(right, cell.column);
  }
  const start = `${columnName(left)}${top + 1}`;
  const end = `${columnName(right)}${bottom + 1}`;
  return start === end ? start : `${start}:${end}`;
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}
