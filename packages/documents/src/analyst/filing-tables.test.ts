import { describe, expect, it } from 'vitest';
import { layoutTable } from '../word/table-layout.ts';
import { findKeyMetrics } from './metrics.ts';
import { statedValue } from './test-support/accuracy.ts';
import { pdf, sheet, workbook } from './test-support/fixtures.ts';

/**
 * Tables of filings, statements and models as issue 18 §6 names their classes: headers several
 * lines above the figures, a statement split across pages, "in millions" stated once, negatives in
 * parentheses, several periods side by side, Word tables with blank cells, sheets whose labels sit
 * in an indented column under a scale stated in the first row.
 */

const BALANCE_PAGE_1 = [
  'NORTHWIND HOLDINGS, INC.',
  'CONSOLIDATED BALANCE SHEETS',
  '(in millions, except per share data)',
  '',
  '                                                   As of December 31,',
  '',
  '                                                  2024          2023',
  'Assets',
  'Current assets:',
  '   Cash and cash equivalents                  $    1,250    $     980',
  '   Accounts receivable, net                          640          610',
  '   Inventories                                       410          395',
  '      Total current assets                         2,300        1,985',
  'Property and equipment, net                        3,100        2,900',
].join('\n');

const BALANCE_PAGE_2 = [
  'NORTHWIND HOLDINGS, INC.',
  '',
  'Goodwill                                           1,200        1,200',
  'Other assets                                         400          350',
  '      Total assets                            $    7,000    $   6,435',
  'Liabilities',
  '   Short-term borrowings                             300          250',
  '   Long-term debt                                  2,100        2,400',
  '      Total debt                                   2,400        2,650',
  'See accompanying notes to consolidated financial statements.',
].join('\n');

const CASH_FLOW_PAGE = [
  'NORTHWIND HOLDINGS, INC.',
  'CONSOLIDATED STATEMENTS OF CASH FLOWS',
  '(in millions)',
  '                                             Years Ended December 31,',
  '',
  '',
  '                                            2024        2023        2022',
  'Net income                                    410         380         350',
  'Depreciation and amortization                 220         205         190',
  'Net cash provided by operating activities     705         590         510',
  'Purchases of property and equipment          (330)       (295)       (260)',
  'See accompanying notes to consolidated financial statements.',
].join('\n');

describe('tables of a filing', () => {
  const doc = pdf([BALANCE_PAGE_1, BALANCE_PAGE_2, CASH_FLOW_PAGE]);
  const m = findKeyMetrics(doc, 'annual_report', { baseCurrency: 'USD' });

  it('ties figures to years printed several lines above them, scaled by "in millions" stated once', () => {
    expect(m.cash).toMatchObject({ value: 1_250_000_000, period: '2024-12-31' });
    expect(m.cash?.source.label).toBe('page 1');
  });

  it('keeps the headers and scale of a statement continued on the next page', () => {
    expect(m.total_assets).toMatchObject({ value: 7_000_000_000, period: '2024-12-31' });
    expect(m.total_assets?.source.label).toBe('page 2');
    expect(m.total_debt).toMatchObject({ value: 2_400_000_000, period: '2024-12-31' });
  });

  it('reads operating cash flow and capex (a negative in parentheses) from the latest of three years', () => {
    expect(m.operating_cash_flow).toMatchObject({ value: 705_000_000, period: 'FY2024' });
    expect(m.capital_expenditure).toMatchObject({ value: 330_000_000, period: 'FY2024' });
    expect(m.capital_expenditure?.source.excerpt).toContain('(330)');
  });

  it('leaves rows of a page that prints its own header out of the previous table', () => {
    // The cash-flow page has its own years; nothing of it takes the balance sheet's dates.
    expect(m.operating_cash_flow?.period).not.toContain('12-31');
  });

  it('does not read undated figures on the page after a table when no header came before', () => {
    const lone = findKeyMetrics(
      pdf(['Highlights', `Total assets                                   7,000        6,435`]),
      'annual_report',
      { baseCurrency: 'USD' },
    );
    // Two figures and no period: not knowing which is the latest, the analyst says nothing.
    expect(lone.total_assets).toBeUndefined();
  });
});

describe('a Word table with blank cells (a model)', () => {
  const lines = layoutTable(
    [
      ['PRO FORMA', 'Year 0', 'Year 1', 'Year 2', 'Year 3'],
      ['Total Enrolments', '', '500', '950', '1,755'],
      ['Total Revenue', '$6,620,000', '$12,437,500', '$17,314,500', '$29,109,200'],
      ['Total staff', '', '34', '51', '80'],
    ].map((row) => row.map((text) => ({ text, span: 1 }))),
  );

  it('writes aligned columns: a figure ends where its column header ends', () => {
    const end = (line: string, token: string) => line.indexOf(token) + token.length;
    expect(end(lines[1] ?? '', '500')).toBe(end(lines[0] ?? '', 'Year 1'));
    expect(end(lines[2] ?? '', '$12,437,500')).toBe(end(lines[0] ?? '', 'Year 1'));
  });

  it('reads the first projected year (Year 0 is the set-up period), not the column left of it', () => {
    const doc = { ...pdf([lines.join('\n')]), format: 'docx' as const };
    const m = findKeyMetrics(doc, 'financial_model', { baseCurrency: 'USD' });
    expect(m.revenue).toMatchObject({ value: 12_437_500, period: 'Year 1 (projection)' });
    expect(m.customers).toMatchObject({ value: 500, period: 'Year 1 (projection)' });
    expect(m.headcount).toMatchObject({ value: 34 });
  });

  it('spans a merged cell over its columns', () => {
    const [top, years] = layoutTable([
      [
        { text: '', span: 1 },
        { text: 'Actuals', span: 2 },
      ],
      [
        { text: 'Label', span: 1 },
        { text: '2023', span: 1 },
        { text: '2024', span: 1 },
      ],
    ]);
    expect((top ?? '').length).toBe((years ?? '').length);
  });
});

describe('a sheet with its scale in the first row and labels in an indented column', () => {
  const doc = workbook([
    sheet('Balance Sheet', [
      ['Balance Sheet - USD ($) $ in Thousands', null, null],
      [null, 'Dec. 31, 2024', 'Dec. 31, 2023'],
      ['Assets', null, null],
      [null, null, null],
      ['', 'Cash and cash equivalents', null],
    ]),
  ]);
  // The label sits in column B (indented under "Assets"), its figures in C and D.
  const indented = workbook([
    sheet('Balance Sheet', [
      ['Balance Sheet - USD ($) $ in Thousands', null, null, null],
      [null, null, 'Dec. 31, 2024', 'Dec. 31, 2023'],
      ['Assets', null, null, null],
      [null, 'Cash and cash equivalents', 3_082, 2_900],
      [null, 'Total assets', 296_190, 280_000],
    ]),
  ]);

  it('applies the scale to the figures and cites the cell', () => {
    const m = findKeyMetrics(indented, 'financial_statements', { baseCurrency: 'USD' });
    expect(m.cash).toMatchObject({ value: 3_082_000, period: '2024-12-31' });
    expect(m.cash?.source.label).toBe("'Balance Sheet'!C4");
    expect(m.total_assets && statedValue(m.total_assets)).toBe(296_190_000);
    expect(findKeyMetrics(doc, 'financial_statements').cash).toBeUndefined();
  });
});
