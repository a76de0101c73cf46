import * as XLSX from '@e965/xlsx';
import * as codepages from '@e965/xlsx/dist/cpexcel.full.mjs';
import type { ExtractionBudget } from '../budget.ts';
import { UNREADABLE } from '../messages.ts';
import { isCompoundFile, isZipContainer } from '../signatures.ts';
import { type ExtractedDocument, type Sheet, type SheetCell, UnreadableDocumentError } from '../types.ts';
import { guardZip } from '../zip/zip-guard.ts';
import { estimateCells, rowsToRead } from './cell-estimate.ts';

// Excel 95 (BIFF5) workbooks store text in a Windows code page; SheetJS needs the tables to decode it.
XLSX.set_cptable(codepages);

/**
 * Every sheet of an .xlsx or .xls workbook with SheetJS (@e965/xlsx): the values cached in the file
 * (formulas are never recalculated), the text as Excel displays it, the formula and the A1 address
 * of each non-empty cell.
 */
export async function extractWorkbook(
  bytes: Uint8Array,
  format: 'xlsx' | 'xls',
  budget: ExtractionBudget,
): Promise<ExtractedDocument> {
  const { limits } = budget;
  let sheetRows = 0;
  if (format === 'xlsx') {
    if (isCompoundFile(bytes)) throw new UnreadableDocumentError(UNREADABLE.officePassword);
    if (!isZipContainer(bytes)) throw new UnreadableDocumentError(UNREADABLE.notXlsx);
    const estimate = estimateCells();
    await guardZip(bytes, {
      maxInflatedBytes: limits.maxInflatedBytes,
      watch: estimate.watch,
      checkTime: () => budget.checkTime(),
    });
    sheetRows = rowsToRead(estimate.sheets(), limits.maxCells);
  } else {
    if (!isCompoundFile(bytes)) throw new UnreadableDocumentError(UNREADABLE.notXls);
    // A binary workbook cannot be counted before parsing; every row holds at least one cell, so
    // reading maxCells rows is always enough and bounds the parse.
    sheetRows = limits.maxCells + 1;
  }
  budget.checkTime();
  const workbook = readWorkbook(bytes, sheetRows);

  const sheets: Sheet[] = [];
  const notices: string[] = [];
  let cellsLeft = limits.maxCells;
  for (const name of workbook.SheetNames) {
    budget.checkTime();
    const worksheet = workbook.Sheets[name];
    if (!worksheet) continue;
    const sheet = readSheet(name, worksheet, cellsLeft, budget);
    cellsLeft -= sheet.cells.length;
    sheets.push(sheet);
    const fullRef = worksheet['!fullref'];
    if (fullRef && fullRef !== worksheet['!ref']) {
      const rows = XLSX.utils.decode_range(fullRef).e.r + 1;
      notices.push(
        `Sheet '${name}' has ${rows.toLocaleString('en-US')} rows; only the first ${sheet.rowCount.toLocaleString('en-US')} were read.`,
      );
    }
    if (cellsLeft <= 0) break;
  }
  if (cellsLeft <= 0) {
    notices.push(
      `Only the first ${limits.maxCells.toLocaleString('en-US')} cells of the workbook were read; the rest was left out.`,
    );
  }
  const props = workbook.Props ?? {};
  const metadata: ExtractedDocument['metadata'] = { pageCount: workbook.SheetNames.length };
  if (props.Title?.trim()) metadata.title = props.Title.trim();
  if (props.Author?.trim()) metadata.author = props.Author.trim();
  return { format, pages: [], sheets, metadata, notices: [...notices, ...budget.notices] };
}

function readWorkbook(bytes: Uint8Array, sheetRows: number): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: true,
      cellText: true,
      cellNF: false,
      cellDates: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      sheetRows,
    });
  } catch (error) {
    if (/password|encrypt/i.test(String((error as Error)?.message))) {
      throw new UnreadableDocumentError(UNREADABLE.officePassword, { cause: error });
    }
    throw new UnreadableDocumentError(UNREADABLE.sheetDamaged, { cause: error });
  }
}

function readSheet(
  name: string,
  worksheet: XLSX.WorkSheet,
  maxCells: number,
  budget: ExtractionBudget,
): Sheet {
  const ref = worksheet['!ref'];
  if (!ref) return { name, cells: [], rowCount: 0, columnCount: 0 };
  const range = XLSX.utils.decode_range(ref);
  const rows: (XLSX.CellObject | undefined)[][] = (worksheet as XLSX.DenseWorkSheet)['!data'] ?? [];
  const cells: SheetCell[] = [];
  for (let row = range.s.r; row <= range.e.r && cells.length < maxCells; row += 1) {
    const line = rows[row];
    if (!line) continue;
    if (row % 5_000 === 0) budget.checkTime();
    for (let column = range.s.c; column <= range.e.c && cells.length < maxCells; column += 1) {
      const cell = toSheetCell(line[column], row, column, budget);
      if (cell) cells.push(cell);
    }
  }
  // A sheet without a value (only formatting, or a writer's A1:A1 placeholder) counts as empty.
  if (cells.length === 0) return { name, cells, rowCount: 0, columnCount: 0 };
  return { name, cells, rowCount: range.e.r + 1, columnCount: range.e.c + 1 };
}

function toSheetCell(
  cell: XLSX.CellObject | undefined,
  row: number,
  column: number,
  budget: ExtractionBudget,
): SheetCell | undefined {
  if (!cell || cell.t === 'z') return undefined;
  let value: SheetCell['value'] = null;
  if (cell.t === 'n' || cell.t === 'b') value = cell.v as number | boolean;
  else if (cell.t === 's') value = budget.takeText(String(cell.v ?? ''));
  else if (cell.t === 'd') value = cell.v instanceof Date ? cell.v.toISOString() : String(cell.v);
  // 'e' (an error such as #DIV/0!) has no value; its text says which error.
  const text = cell.t === 's' ? (value as string) : (cell.w ?? (value === null ? '' : String(value)));
  if (value === null && text === '' && !cell.f) return undefined;
  const result: SheetCell = {
    address: XLSX.utils.encode_cell({ r: row, c: column }),
    row,
    column,
    value,
    text,
  };
  if (cell.f) result.formula = cell.f;
  return result;
}
