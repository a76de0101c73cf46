import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_CHARS, chunkDocument, columnName, TABLE_CONTEXT_MARK } from './chunks.ts';
import { corpusDir, readPdfFile } from './testing/index.ts';
import type { ExtractedDocument, SheetCell } from './types.ts';

const VERIZON = path.join(corpusDir(), 'financebench', 'pdfs', 'VERIZON_2022_10K.pdf');

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('chunkDocument', () => {
  it('cuts a real filing into passages of one page each, about 1,000–1,500 characters, losing no word', async () => {
    const doc = await readPdfFile(VERIZON, { first: 55, last: 58 });
    expect(doc.pages.map((page) => page.number)).toEqual([55, 56, 57, 58]);
    const chunks = chunkDocument(doc);
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      expect(chunk.location).toEqual({
        kind: 'page',
        page: chunk.location.page,
        label: `page ${chunk.location.page}`,
      });
    }
    for (const page of doc.pages) {
      const ofPage = chunks.filter((c) => c.location.page === page.number);
      expect(ofPage.length).toBeGreaterThan(0);
      // Every word of the page is in its passages, in order, and nowhere else (a table's heading
      // line, repeated at the top of its later passages, aside).
      const own = ofPage.map((c) =>
        c.text
          .split('\n')
          .filter((line) => !line.startsWith(TABLE_CONTEXT_MARK))
          .join('\n'),
      );
      expect(words(own.join('\n'))).toEqual(words(page.text));
      // Only a page's last passage may be short.
      for (const chunk of ofPage.slice(0, -1)) expect(chunk.text.length).toBeGreaterThanOrEqual(900);
    }
    const cashFlow = chunks.find((c) =>
      c.text.includes('Capital expenditures (including capitalized software)'),
    );
    expect(cashFlow?.location.label).toBe('page 57');
    expect(cashFlow?.text).toMatch(/\(23,087\)\s+\(20,286\)/);
  }, 60_000);

  it('cuts a paragraph without line breaks on words, and a word without spaces by length', () => {
    const sentence = 'Net revenue retention was 118 percent in the year. ';
    const longParagraph = sentence.repeat(80).trim();
    const noSpaces = 'x'.repeat(4_000);
    const doc: ExtractedDocument = {
      format: 'docx',
      pages: [{ number: 1, text: `Intro\n\n${longParagraph}\n\n${noSpaces}` }],
      sheets: [],
      metadata: { pageCount: 1 },
      notices: [],
    };
    const chunks = chunkDocument(doc);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      expect(chunk.location).toEqual({ kind: 'section', page: 1, label: 'section 1' });
    }
    const rejoined = chunks.map((c) => c.text).join('');
    expect(rejoined.replace(/\s+/g, '')).toBe(`Intro${longParagraph}${noSpaces}`.replace(/\s+/g, ''));
    // Word cuts fall between words.
    const vocabulary = new Set(['Intro', ...words(sentence)]);
    for (const chunk of chunks.filter((c) => c.text.includes('retention'))) {
      for (const word of words(chunk.text)) expect(vocabulary).toContain(word);
    }
  });

  it('renders sheets as "label  value  value" rows with the cell range in the location', () => {
    const cell = (row: number, column: number, value: string | number): SheetCell => ({
      address: `${columnName(column)}${row + 1}`,
      row,
      column,
      value,
      text: String(value),
    });
    const pl: SheetCell[] = [cell(0, 0, 'EUR k'), cell(0, 1, 'FY2023'), cell(0, 2, 'FY2024')];
    for (let r = 1; r <= 120; r++)
      pl.push(cell(r, 0, `Line item ${r}`), cell(r, 1, r * 10), cell(r, 2, r * 11));
    const doc: ExtractedDocument = {
      format: 'xlsx',
      pages: [],
      sheets: [
        { name: 'P&L', cells: pl, rowCount: 121, columnCount: 3 },
        { name: 'Cover', cells: [cell(1, 1, 'Acme Robotics model')], rowCount: 2, columnCount: 2 },
      ],
      metadata: { pageCount: 2 },
      notices: [],
    };
    const chunks = chunkDocument(doc);
    const first = chunks[0];
    expect(first?.text.split('\n').slice(0, 2)).toEqual(['EUR k  FY2023  FY2024', 'Line item 1  10  11']);
    expect(first?.location).toMatchObject({
      kind: 'cell',
      sheet: 'P&L',
      cell: expect.stringMatching(/^A1:C\d+$/),
    });
    const plChunks = chunks.filter((c) => c.location.sheet === 'P&L');
    expect(plChunks.length).toBeGreaterThan(1);
    // Consecutive ranges cover every row once.
    const rows = plChunks.map((c) =>
      c.location.cell
        ?.match(/^A(\d+):C(\d+)$/)
        ?.slice(1)
        .map(Number),
    );
    expect(rows[0]?.[0]).toBe(1);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.[0]).toBe((rows[i - 1]?.[1] ?? 0) + 1);
    expect(rows.at(-1)?.[1]).toBe(121);
    expect(plChunks.find((c) => c.text.includes('Line item 77  770  847'))?.location.label).toMatch(
      /^P&L!A\d+:C\d+$/,
    );
    expect(chunks.at(-1)).toMatchObject({
      text: 'Acme Robotics model',
      location: { kind: 'cell', sheet: 'Cover', cell: 'B2', label: 'Cover!B2' },
    });
  });

  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
