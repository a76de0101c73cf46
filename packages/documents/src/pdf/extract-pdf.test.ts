import { describe, expect, it } from 'vitest';
import { extractDocument, extractPdf, type PdfEngine, preferredPdfEngine } from '../index.ts';
import { words } from '../test/corpus.ts';
import { makePdf } from '../testing/index.ts';
import { popplerAvailable } from './poppler.ts';

const PAGES = [
  'Acme Robotics GmbH\nAnnual report FY2024\nIncome statement (EUR thousands)\tFY2023\tFY2024\nRevenue\t1,200\t1,450\nNet income\t(35)\t120',
  'Balance sheet\nCash and cash equivalents\t2,000\t2,310\nTotal debt\t5,000\t4,500',
  'Outlook\nWe expect ARR of EUR 3.2m by Q3 2025.',
];

const hasPoppler = await popplerAvailable();
const engines: PdfEngine[] = hasPoppler ? ['pdftotext', 'pdfjs'] : ['pdfjs'];

describe.each(engines)('PDF text with %s', (engine) => {
  it('reads every page in order, each figure on its page, table rows on one line', async () => {
    const pdf = await makePdf(PAGES, { title: 'Acme annual report' });
    const document = await extractPdf(pdf, engine);

    expect(document.format).toBe('pdf');
    expect(document.pages.map((page) => page.number)).toEqual([1, 2, 3]);
    expect(document.metadata).toMatchObject({ pageCount: 3, title: 'Acme annual report' });
    expect(document.notices).toEqual([]);
    expect(document.sheets).toEqual([]);
    const [first, second, third] = document.pages.map((page) => page.text);
    // Label and figures stay on one line, columns apart by at least two spaces.
    expect(first).toMatch(/^Revenue {2,}1,200 {2,}1,450$/m);
    expect(first).toMatch(/^Net income {2,}\(35\) {2,}120$/m);
    expect(second).toMatch(/^Total debt {2,}5,000 {2,}4,500$/m);
    expect(second).not.toContain('Revenue');
    expect(third).toContain('We expect ARR of EUR 3.2m by Q3 2025.');
  });

  it('reads a Node Buffer (as HTTP bodies and mail attachments arrive), leaving its bytes as they were', async () => {
    const pdf = Buffer.from(await makePdf(['Read from a Buffer']));
    const before = Buffer.from(pdf);
    const document = await extractPdf(pdf, engine);
    expect(document.pages.map((page) => page.text)).toEqual(['Read from a Buffer']);
    expect(pdf.equals(before)).toBe(true);
  });

  it('cuts a long PDF at maxPages and says so', async () => {
    const pdf = await makePdf(Array.from({ length: 12 }, (_, index) => `Page number ${index + 1}`));
    const document = await extractPdf(pdf, engine, { maxPages: 5 });
    expect(document.pages.map((page) => page.text)).toEqual([1, 2, 3, 4, 5].map((n) => `Page number ${n}`));
    expect(document.metadata.pageCount).toBe(12);
    expect(document.notices).toEqual(['Only the first 5 of 12 pages were read.']);
  });

  it('cuts the text at maxTextChars and says so', async () => {
    const pdf = await makePdf(['A'.repeat(60), 'B'.repeat(60)]);
    const document = await extractPdf(pdf, engine, { maxTextChars: 80 });
    expect(document.pages.map((page) => page.text).join('')).toBe('A'.repeat(60) + 'B'.repeat(20));
    expect(document.notices).toEqual([
      'Only the first 80 characters of text were read; the rest of the file was left out.',
    ]);
  });

  it('says when a PDF has no text (a scan)', async () => {
    const document = await extractPdf(await makePdf(['', '']), engine);
    expect(document.pages).toHaveLength(2);
    expect(document.notices).toEqual([
      'No text was found in this PDF: its pages may be scanned images, which are not read.',
    ]);
  });
});

describe.skipIf(!hasPoppler)('pdf.js and pdftotext (skipped when poppler is not installed)', () => {
  it('agree on the words of every page of a generated PDF, and on its title', async () => {
    const pdf = await makePdf(PAGES, { title: 'Müller & Söhne — Q3 <draft>', author: 'O\'Brien "CFO"' });
    const [poppler, pdfjs] = await Promise.all([extractPdf(pdf, 'pdftotext'), extractPdf(pdf, 'pdfjs')]);
    expect(pdfjs.pages.map((page) => words(page.text))).toEqual(
      poppler.pages.map((page) => words(page.text)),
    );
    expect(pdfjs.metadata).toEqual(poppler.metadata);
    expect(poppler.metadata).toEqual({
      pageCount: 3,
      title: 'Müller & Söhne — Q3 <draft>',
      author: 'O\'Brien "CFO"',
    });
  });

  it('extractDocument uses pdftotext when it is installed', async () => {
    expect(await preferredPdfEngine()).toBe('pdftotext');
    const document = await extractDocument(await makePdf(PAGES), 'pdf');
    // -layout pads a label to the column of its figures.
    expect(document.pages[0]?.text).toMatch(/^Revenue {4,}1,200/m);
  });
});

describe('trimLineEnds (pdftotext pages)', () => {
  it('removes spaces and tabs at line ends only, as /[ \\t]+$/gm would, without its backtracking', async () => {
    const { trimLineEnds } = await import('./pdftotext.ts');
    const page = 'Revenue      1,200    1,450  \t\nNet income   (35)\n\n   Indented   \nLast  ';
    expect(trimLineEnds(page)).toBe(page.replace(/[ \t]+$/gm, ''));
    expect(trimLineEnds(page)).toBe('Revenue      1,200    1,450\nNet income   (35)\n\n   Indented\nLast');
    const wide = `${'Label'}${' '.repeat(20_000)}12\n`.repeat(50);
    const started = performance.now();
    expect(trimLineEnds(wide)).toBe(wide);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
