/** Sources of figures: the page, slide or cell a person can open, and the words around the figure. */
import type { TFigureSource } from '@atempo/contracts';
import type { TableRow } from './tables.ts';

const MAX_EXCERPT = 240;

/** "'Consolidated Balance Sheets'!B3" as Excel writes a reference; plain names stay bare ("P&L!C14"). */
export function cellLabel(sheet: string, cell: string): string {
  return /^[\p{L}\d_&.]+$/u.test(sheet) ? `${sheet}!${cell}` : `'${sheet.replaceAll("'", "''")}'!${cell}`;
}

export function pageSource(page: number, excerpt: string, slides: boolean): TFigureSource {
  const kind = slides ? 'slide' : 'page';
  return { kind, page, label: `${kind} ${page}`, excerpt: clip(excerpt) };
}

export function cellSource(sheet: string, cell: string, excerpt: string): TFigureSource {
  return { kind: 'cell', sheet, cell, label: cellLabel(sheet, cell), excerpt: clip(excerpt) };
}

/** The source of one number of a table row. */
export function rowSource(row: TableRow, cell: string | undefined, slides: boolean): TFigureSource {
  if (row.kind === 'cell' && row.sheet && cell) return cellSource(row.sheet, cell, row.line);
  return pageSource(row.page ?? 1, row.line, slides);
}

export function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= MAX_EXCERPT ? t : `${t.slice(0, MAX_EXCERPT - 1)}…`;
}

/** The words around position `index` of `text`, cut at sentence or line ends where possible. */
export function excerptAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 120);
  const end = Math.min(text.length, index + length + 120);
  let s = text.slice(start, end);
  const before = text.slice(start, index);
  const cut = Math.max(before.lastIndexOf('\n'), before.search(/[.!?]\s[^.!?]*$/));
  if (cut > 0) s = text.slice(start + cut + 1, end);
  else if (start > 0 && /\S/.test(text[start - 1] ?? '')) {
    // cut inside a word: begin at the next whole word
    const space = s.search(/\s/);
    if (space >= 0 && space < index - start) s = s.slice(space + 1);
  }
  const after = text.slice(index + length, end);
  const stop = after.search(/\n|[.!?](?:\s|$)/);
  if (stop >= 0) s = s.slice(0, s.length - (after.length - stop - (after[stop] === '\n' ? 0 : 1)));
  return clip(s);
}
