import * as XLSX from '@e965/xlsx';

export interface SheetSpec {
  name: string;
  rows: (string | number | null)[][];
  /** Formulas by A1 address, each with the value cached in the file as Excel would have saved it. */
  formulas?: Record<string, { formula: string; value: number | string }>;
}

function workbook(sheets: SheetSpec[]): XLSX.WorkBook {
  const book = XLSX.utils.book_new();
  for (const spec of sheets) {
    const sheet = XLSX.utils.aoa_to_sheet(spec.rows);
    for (const [address, { formula, value }] of Object.entries(spec.formulas ?? {})) {
      sheet[address] = { t: typeof value === 'number' ? 'n' : 's', v: value, f: formula };
      const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
      const cell = XLSX.utils.decode_cell(address);
      range.e.r = Math.max(range.e.r, cell.r);
      range.e.c = Math.max(range.e.c, cell.c);
      sheet['!ref'] = XLSX.utils.encode_range(range);
    }
    XLSX.utils.book_append_sheet(book, sheet, spec.name);
  }
  return book;
}

/** A real .xlsx (SheetJS) with the given sheets, cell values and formulas with cached values. */
export function makeXlsx(sheets: SheetSpec[]): Uint8Array {
  return new Uint8Array(
    XLSX.write(workbook(sheets), { type: 'buffer', bookType: 'xlsx', compression: true }),
  );
}

/**
 * The same workbook as Excel 97-2003 (.xls, BIFF8). SheetJS's BIFF8 writer stores values only, so a
 * formula comes back from this file as its cached value without the formula text.
 */
export function makeXls(sheets: SheetSpec[]): Uint8Array {
  return new Uint8Array(XLSX.write(workbook(sheets), { type: 'buffer', bookType: 'biff8' }));
}
