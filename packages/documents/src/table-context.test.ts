import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_CHARS, chunkDocument, TABLE_CONTEXT_MARK } from './chunks.ts';
import { tableContextOf } from './table-context.ts';

/** A statement page as pdftotext -layout writes it, long enough to be cut into several passages. */
function statementPage(rows: number): string {
  const lines = [
    'Table of Contents',
    'NORTHWIND HOLDINGS, INC.',
    'CONSOLIDATED STATEMENTS OF OPERATIONS',
    '(in millions, except per share data)',
    '                                        Years Ended December 31,',
    '                                       2024        2023        2022',
  ];
  for (let i = 0; i < rows; i++)
    lines.push(`Line item number ${i}                      ${1_000 + i}       ${900 + i}       ${800 + i}`);
  lines.push('Total net revenues                        9,999       8,888       7,777');
  return lines.join('\n');
}

describe('tableContextOf', () => {
  it('reads a statement table heading: company, title, scale, periods and years', () => {
    const context = tableContextOf(statementPage(6)) ?? '';
    expect(context).toContain('CONSOLIDATED STATEMENTS OF OPERATIONS');
    expect(context).toContain('(in millions, except per share data)');
    expect(context).toContain('Years Ended December 31,');
    expect(context).toContain('2024 2023 2022');
    expect(context).not.toContain('Table of Contents');
  });

  it('has nothing for prose, or a page with a figure or two', () => {
    expect(tableContextOf('Our revenue grew in 2024.\nWe employ 1,200 people in 14 countries.')).toBeNull();
    expect(
      tableContextOf(
        'The following table is recorded in the consolidated statements of income.\nRevenue  1,200  1,100',
      ),
    ).toBeNull();
  });

  it('leaves prose above a table out of its heading', () => {
    const page = `Property and equipment are recorded at cost in the consolidated statements of income.\n${statementPage(6)}`;
    expect(tableContextOf(page)).not.toContain('recorded at cost');
  });
});

describe('chunkDocument on a long table', () => {
  it('opens each later passage of the page with the table heading, within the passage size', () => {
    const text = statementPage(120);
    const chunks = chunkDocument({
      format: 'pdf',
      pages: [{ number: 7, text }],
      sheets: [],
      metadata: { pageCount: 1 },
      notices: [],
    });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]?.text.startsWith(TABLE_CONTEXT_MARK)).toBe(false);
    for (const chunk of chunks.slice(1)) {
      expect(
        chunk.text.startsWith(
          `${TABLE_CONTEXT_MARK}NORTHWIND HOLDINGS, INC. · CONSOLIDATED STATEMENTS OF OPERATIONS`,
        ),
      ).toBe(true);
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      expect(chunk.location.label).toBe('page 7');
    }
    // The total row, in the last passage, is found with the statement's title and years.
    const last = chunks.at(-1)?.text ?? '';
    expect(last).toContain('Total net revenues');
    expect(last).toContain('2024 2023 2022');
  });

  it('opens a sheet passage after the first with the sheet heading rows', () => {
    const cells = [
      { address: 'A1', row: 0, column: 0, value: 'Income Statement - USD ($) $ in Thousands', text: '' },
      { address: 'B2', row: 1, column: 1, value: '12 Months Ended Dec. 31, 2024', text: '' },
    ];
    for (let r = 2; r < 200; r++) {
      cells.push({ address: `A${r + 1}`, row: r, column: 0, value: `Expense line ${r}`, text: '' });
      cells.push({ address: `B${r + 1}`, row: r, column: 1, value: 1000 + r, text: '' } as never);
    }
    const chunks = chunkDocument({
      format: 'xlsx',
      pages: [],
      sheets: [{ name: 'IS', cells, rowCount: 200, columnCount: 2 }],
      metadata: { pageCount: 1 },
      notices: [],
    });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(1)) {
      expect(chunk.text).toMatch(/^⤷ Income Statement - USD \(\$\) \$ in Thousands · 12 Months Ended/);
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
    }
  });
});
