import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { extractDocument, type Sheet } from '../index.ts';
import { makeDocx, makeXls, makeXlsx, type SheetSpec } from '../testing/index.ts';
import { rowsToRead } from './cell-estimate.ts';

const WORKBOOK: SheetSpec[] = [
  {
    name: 'P&L',
    rows: [
      ['EUR thousands', 'FY2023', 'FY2024'],
      ['Revenue', 1200, 1450],
      ['Cost of sales', -400, -430],
      ['Gross profit', null, null],
    ],
    // Cached values deliberately differ from what a recalculation would give: the cache is the truth.
    formulas: { B4: { formula: 'B2+B3', value: 800 }, C4: { formula: 'C2+C3', value: 1021 } },
  },
  { name: 'Empty', rows: [] },
  {
    name: 'Notes',
    rows: [
      ['Covenant', 'Minimum cash EUR 1m'],
      [null, 'Tested quarterly'],
    ],
  },
];

function cell(sheet: Sheet | undefined, address: string) {
  return sheet?.cells.find((candidate) => candidate.address === address);
}

describe.each([
  ['xlsx', makeXlsx],
  ['xls', makeXls],
] as const)('.%s with SheetJS', (format, make) => {
  it('reads every sheet in order with A1 addresses, values as stored and sizes', async () => {
    const document = await extractDocument(make(WORKBOOK), format);
    expect(document.format).toBe(format);
    expect(document.pages).toEqual([]);
    expect(document.notices).toEqual([]);
    expect(document.sheets.map((sheet) => sheet.name)).toEqual(['P&L', 'Empty', 'Notes']);
    expect(document.metadata.pageCount).toBe(3);

    const [pl, empty, notes] = document.sheets;
    expect(pl).toMatchObject({ rowCount: 4, columnCount: 3 });
    expect(cell(pl, 'A2')).toEqual({ address: 'A2', row: 1, column: 0, value: 'Revenue', text: 'Revenue' });
    expect(cell(pl, 'C3')).toMatchObject({ row: 2, column: 2, value: -430 });
    expect(cell(pl, 'B4')).toMatchObject({ value: 800 }); // cached, not recalculated (1200 - 400 = 800 by chance; C4 below is not)
    expect(cell(pl, 'C4')).toMatchObject({ value: 1021 });
    expect(empty).toEqual({ name: 'Empty', cells: [], rowCount: 0, columnCount: 0 });
    expect(cell(notes, 'B2')).toMatchObject({ value: 'Tested quarterly', row: 1, column: 1 });
    expect(cell(notes, 'A2')).toBeUndefined(); // only non-empty cells
    // Row-major order.
    expect(pl?.cells.map((c) => c.address)).toEqual([
      'A1',
      'B1',
      'C1',
      'A2',
      'B2',
      'C2',
      'A3',
      'B3',
      'C3',
      'A4',
      'B4',
      'C4',
    ]);
  });
});

describe('.xlsx specifics', () => {
  it('keeps the formula text and the text as Excel displays it', async () => {
    const document = await extractDocument(makeXlsx(WORKBOOK), 'xlsx');
    const pl = document.sheets[0];
    expect(cell(pl, 'C4')).toMatchObject({ value: 1021, formula: 'C2+C3' });
    expect(cell(pl, 'A2')?.formula).toBeUndefined();

    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([['Revenue', 1234567.891, 0.0514]]);
    sheet.B1 = { ...sheet.B1, z: '#,##0.00' } as XLSX.CellObject;
    sheet.C1 = { ...sheet.C1, z: '0.0%' } as XLSX.CellObject;
    XLSX.utils.book_append_sheet(book, sheet, 'Formats');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', cellStyles: true }));
    const formatted = (await extractDocument(bytes, 'xlsx')).sheets[0];
    expect(cell(formatted, 'B1')).toMatchObject({ value: 1234567.891, text: '1,234,567.89' });
    expect(cell(formatted, 'C1')).toMatchObject({ value: 0.0514, text: '5.1%' });
  });

  it('stops at maxCells across sheets, with a notice', async () => {
    const rows = Array.from({ length: 10 }, (_, row) =>
      Array.from({ length: 5 }, (_, column) => row * 5 + column),
    );
    const bytes = makeXlsx([
      { name: 'One', rows },
      { name: 'Two', rows },
    ]);
    const document = await extractDocument(bytes, 'xlsx', { maxCells: 70 });
    expect(document.sheets.map((sheet) => sheet.cells.length)).toEqual([50, 20]);
    expect(document.notices).toContain(
      'Only the first 70 cells of the workbook were read; the rest was left out.',
    );
  });

  it('refuses what is not a workbook with a sentence', async () => {
    await expect(extractDocument(await makeDocx(['x']), 'xls')).rejects.toThrow(
      'The file is not an Excel 97-2003 workbook (.xls), although it was given as one.',
    );
    await expect(extractDocument(new TextEncoder().encode('a,b\n1,2\n'), 'xlsx')).rejects.toThrow(
      'The file is not an Excel workbook (.xlsx), although it was given as one.',
    );
  });
});

describe('rowsToRead', () => {
  it('reads every row when the workbook fits, and about maxCells cells of the widest sheet when not', () => {
    expect(rowsToRead([{ cells: 100, rows: 10 }], 200)).toBe(0);
    expect(rowsToRead([{ cells: 1_000_000, rows: 50_000 }], 200_000)).toBe(10_000);
    expect(
      rowsToRead(
        [
          { cells: 1_000_000, rows: 1_000 },
          { cells: 10, rows: 10 },
        ],
        200_000,
      ),
    ).toBe(200_000);
  });
});
