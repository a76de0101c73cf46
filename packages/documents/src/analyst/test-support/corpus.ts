/**
 * Test-only: ExtractedDocument from the real corpus files, before the extraction package exists on
 * this branch. PDFs through poppler's `pdftotext -layout` (pages split at form feeds, as -f N -l N
 * would give them one by one), workbooks through @e965/xlsx with cached formula values.
 * Not used by the product: extraction proper lives in the extraction module.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { ExtractedDocument, Sheet, SheetCell } from '../../types.ts';

export const CORPUS_DIR = process.env.ATEMPO_CORPUS_DIR ?? '/work/shared/corpus';

export function pdfDocument(path: string): ExtractedDocument {
  const out = execFileSync('pdftotext', ['-layout', path, '-'], { maxBuffer: 256 * 1024 * 1024 }).toString(
    'utf8',
  );
  const parts = out.split('\f');
  if (parts.length > 1 && parts[parts.length - 1]?.trim() === '') parts.pop();
  const pages = parts.map((text, i) => ({ number: i + 1, text }));
  return { format: 'pdf', pages, sheets: [], metadata: { pageCount: pages.length }, notices: [] };
}

export function workbookDocument(path: string): ExtractedDocument {
  const wb = XLSX.read(readFileSync(path), {
    cellFormula: true,
    cellNF: true,
    cellText: true,
    cellDates: false,
  });
  const sheets: Sheet[] = wb.SheetNames.map((name) => {
    const ws = wb.Sheets[name];
    const cells: SheetCell[] = [];
    let rowCount = 0;
    let columnCount = 0;
    if (ws?.['!ref']) {
      const range = XLSX.utils.decode_range(ws['!ref']);
      for (let r = range.s.r; r <= range.e.r; r++) {
        for (let c = range.s.c; c <= range.e.c; c++) {
          const address = XLSX.utils.encode_cell({ r, c });
          const cell = ws[address] as XLSX.CellObject | undefined;
          if (!cell || cell.v === undefined || cell.v === null || cell.v === '') continue;
          const value =
            typeof cell.v === 'number' || typeof cell.v === 'string' || typeof cell.v === 'boolean'
              ? cell.v
              : String(cell.v);
          cells.push({
            address,
            row: r,
            column: c,
            value,
            text: cell.w ?? String(value),
            ...(cell.f ? { formula: cell.f } : {}),
          });
          rowCount = Math.max(rowCount, r + 1);
          columnCount = Math.max(columnCount, c + 1);
        }
      }
    }
    return { name, cells, rowCount, columnCount };
  });
  const format = path.endsWith('.xls') ? 'xls' : 'xlsx';
  return { format, pages: [], sheets, metadata: { pageCount: sheets.length }, notices: [] };
}

export function loadCorpusDocument(relative: string): ExtractedDocument {
  const path = `${CORPUS_DIR}/${relative}`;
  if (path.endsWith('.pdf')) return pdfDocument(path);
  return workbookDocument(path);
}
