/**
 * Test-only ExtractedDocument fixtures with known figures: what the extraction step hands the analyst
 * for a pitch deck, a profit-and-loss table (PDF layout text and a sheet), a term sheet, a loan
 * agreement and a blank template.
 */
import type { ExtractedDocument, Sheet, SheetCell } from '../../types.ts';

export function pdf(pages: string[]): ExtractedDocument {
  return {
    format: 'pdf',
    pages: pages.map((text, i) => ({ number: i + 1, text })),
    sheets: [],
    metadata: { pageCount: pages.length },
    notices: [],
  };
}

function columnName(c: number): string {
  let n = c + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** A sheet from rows of values; `text` is the displayed value (e.g. "72.0%" for 0.72). */
export function sheet(
  name: string,
  rows: Array<Array<number | string | null | { v: number; t: string }>>,
): Sheet {
  const cells: SheetCell[] = [];
  for (const [r, row] of rows.entries()) {
    for (const [c, raw] of row.entries()) {
      if (raw === null || raw === '') continue;
      const value = typeof raw === 'object' ? raw.v : raw;
      const text =
        typeof raw === 'object' ? raw.t : typeof raw === 'number' ? raw.toLocaleString('en-US') : raw;
      cells.push({ address: `${columnName(c)}${r + 1}`, row: r, column: c, value, text });
    }
  }
  return { name, cells, rowCount: rows.length, columnCount: Math.max(...rows.map((r) => r.length)) };
}

export function workbook(sheets: Sheet[]): ExtractedDocument {
  return { format: 'xlsx', pages: [], sheets, metadata: { pageCount: sheets.length }, notices: [] };
}

export const PITCH_DECK = pdf([
  'Acme Analytics\n\nAI-powered invoice reconciliation for European SMEs\n\nInvestor presentation – September 2025',
  'The problem\n\nFinance teams at small companies spend 40% of their month closing the books by hand.\nReconciliation errors cost European SMEs billions every year.',
  'Traction\n\nARR of €2.4M as of Q3 2025\n120 paying customers\nNet revenue retention 118%\nMonthly churn 1.2%\nGross margin 72%',
  'Our solution\n\nAcme connects to the bank feeds and the ledger and matches every invoice automatically.\nCustomers close their books in two days instead of ten.',
  'Unit economics\n\nCAC payback of 14 months\nLTV/CAC 4.2x',
  'Team\n\n45 employees across Berlin and Lisbon\nFounded in 2021 by former finance leads of two fintechs.',
  'Financials\n\nMonthly net burn: €180k\nCash in bank: €2.1M (September 2025)\nRunway: 11 months',
  'Funding\n\nRaised €5M Series A in March 2024\nPre-money valuation of €20M at the Series A\nThe ask: we are raising €3M of venture debt to reach break-even.',
]);

const PNL_LAYOUT = [
  '                             ACME GMBH',
  '              CONSOLIDATED STATEMENT OF PROFIT AND LOSS',
  '                          (€ in thousands)',
  '',
  '                                              FY2024          FY2023          FY2022',
  'Revenue                                       12,480           9,310           6,020',
  'Cost of revenue                               (3,494)         (2,793)         (1,987)',
  'Gross profit                                   8,986           6,517           4,033',
  'EBITDA                                         1,250            (420)         (1,310)',
  'Net income (loss)                                640            (910)         (1,750)',
  '',
].join('\n');

const BALANCE_LAYOUT = [
  '                             ACME GMBH',
  '                    CONSOLIDATED BALANCE SHEET',
  '                          (€ in thousands)',
  'As of December 31,                                   2024            2023',
  'Cash and cash equivalents                           3,150           4,020',
  'Trade receivables                                   1,870           1,410',
  'Total assets                                       11,905          10,230',
  'Bank loans                                          2,500           3,000',
  'Total equity                                        6,480           5,840',
].join('\n');

export const FINANCIALS_PDF = pdf([PNL_LAYOUT, BALANCE_LAYOUT]);

/** The same P&L as a sheet, years ascending left to right (the latest is the rightmost column). */
export const FINANCIALS_SHEET = workbook([
  sheet('P&L', [
    ['Acme GmbH – Profit and loss (€k)'],
    [null, 2022, 2023, 2024],
    ['Revenue', 6020, 9310, 12480],
    ['Cost of revenue', -1987, -2793, -3494],
    ['Gross margin %', { v: 0.67, t: '67.0%' }, { v: 0.7, t: '70.0%' }, { v: 0.72, t: '72.0%' }],
    ['EBITDA', -1310, -420, 1250],
    ['Net income', -1750, -910, 640],
  ]),
  sheet('Balance sheet', [
    ['Acme GmbH – Balance sheet (€k)'],
    [null, 'Dec 31, 2023', 'Dec 31, 2024'],
    ['Cash and cash equivalents', 4020, 3150],
    ['Total assets', 10230, 11905],
  ]),
]);

/** A US company's statement in USD millions: figures are converted to EUR, the original kept. */
export const USD_STATEMENT = pdf([
  [
    '                      GLOBEX INC.',
    '            CONSOLIDATED STATEMENTS OF OPERATIONS',
    '                  (In millions of US dollars)',
    'Years Ended December 31,                  2024         2023',
    'Total revenues                        $   103.9    $    88.0',
    'Net income                            $    10.4    $     7.5',
  ].join('\n'),
]);

export const TERM_SHEET = pdf([
  [
    'INDICATIVE TERM SHEET',
    'Venture debt facility for Acme Analytics GmbH',
    '',
    'This term sheet is non-binding and subject to credit approval and due diligence.',
    '',
    'Borrower:                 Acme Analytics GmbH',
    'Lender:                   Atempo Capital Fund I',
    'Facility Amount:          €5,000,000, in two tranches of €2,500,000',
    'Interest Rate:            3-month EURIBOR + 7.5% per annum',
    'Maturity:                 36 months from the first drawdown',
    'Interest-Only Period:     12 months from the first drawdown',
    'Amortisation:             24 equal monthly instalments after the interest-only period',
    'Warrants:                 Warrant coverage of 10% of the Facility Amount',
    'Arrangement Fee:          1.5% of the Facility Amount, payable at signing',
    'Final Fee:                3% of the amounts drawn, payable at repayment',
    'Financial Covenants:      Minimum cash of €1,000,000 at all times',
  ].join('\n'),
]);

export const LOAN_AGREEMENT = pdf([
  [
    'TERM LOAN AGREEMENT',
    '',
    'THIS LOAN AGREEMENT is made on 1 March 2025 between Widget Ltd (the "Borrower") and Northern Bank plc',
    '(the "Lender"). WHEREAS the Borrower wishes to borrow and the Lender agrees to lend on the terms below.',
    '',
    '1. The Facility. The Lender hereby makes available to the Borrower a term loan facility in an aggregate',
    'amount of £2,000,000 (the "Facility").',
    '',
    '2. Interest. Interest shall accrue on the Loan at 650 basis points above SONIA, payable monthly in arrears.',
  ].join('\n'),
  [
    '3. Repayment. The final maturity date of the Facility is the date falling 48 months after the Utilisation Date.',
    'The Loan shall be repaid in 36 equal monthly instalments starting in month 13.',
    '',
    '4. Financial covenants. The Borrower shall at all times maintain a minimum cash balance of £500,000.',
    'The Borrower shall ensure that the leverage ratio does not exceed 3.0x on each test date.',
    '',
    '5. Governing law. This Agreement shall be governed by the laws of England and Wales.',
    '',
    'IN WITNESS WHEREOF the parties hereto have executed this Agreement.',
  ].join('\n'),
]);

export const TEMPLATE = pdf([
  [
    'TERM SHEET TEMPLATE',
    '',
    'Borrower:                 [Company Name]',
    'Facility Amount:          €[●]',
    'Interest Rate:            [●]% per annum',
    'Maturity:                 [●] months',
    'ARR:                      €[insert amount]',
    'Customers:                [●]',
    '',
    'Example: a company with ARR of €2.4M and 120 customers would qualify for a facility of up to €1,000,000.',
    'Signed: ______________________   Date: ______________',
  ].join('\n'),
]);
