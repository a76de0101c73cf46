import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { analyseDocument } from '../analyst/analyse.ts';
import { extractPdf } from '../index.ts';
import { layoutPageText, type PositionedText } from './pdfjs-text.ts';

/** A text item as pdf.js gives it: `size`-point text at (x, y), 0.5 pt per point of size per character. */
function item(str: string, x: number, y: number, size = 10, hasEOL = false): PositionedText {
  return { str, transform: [size, 0, 0, size, x, y], width: str.length * size * 0.5, height: size, hasEOL };
}

/** The same item set upwards (a landscape table on a portrait page), its baseline at x = `x`. */
function upwards(str: string, along: number, x: number, size = 10): PositionedText {
  return { ...item(str, x, along, size), transform: [0, size, -size, 0, x, along] };
}

/**
 * An income statement set as 10-Ks set it, drawn column by column as their producers do: each
 * column's two-line header ("August 29," above "2021") before the next column, figures right-aligned,
 * the scale in the title, a footnote mark raised beside a label.
 */
function statementPdf(): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  doc.addPage({ size: 'LETTER', margin: 0 });
  doc.font('Helvetica').fontSize(9);
  doc.text('ACME WHOLESALE CORPORATION', 220, 80, { lineBreak: false });
  doc.text('CONSOLIDATED STATEMENTS OF INCOME', 210, 92, { lineBreak: false });
  doc.text('(amounts in millions, except per share data)', 205, 104, { lineBreak: false });
  doc.fontSize(8);
  const right = (text: string, end: number, y: number) =>
    doc.text(text, end - doc.widthOfString(text), y, { lineBreak: false });
  const columns = [
    { end: 340, date: 'August 29,', year: '2021' },
    { end: 440, date: 'August 30,', year: '2020' },
  ];
  for (const c of columns) right('52 Weeks Ended', c.end, 130);
  for (const c of columns) {
    right(c.date, c.end, 139);
    right(c.year, c.end, 147);
  }
  const rows = [
    ['Net sales', '192,052', '163,220'],
    ['Total revenue', '195,929', '166,761'],
    ['Net income', '5,007', '4,002'],
  ];
  rows.forEach(([label = '', ...figures], index) => {
    const y = 165 + index * 11;
    doc.fontSize(8).text(label, 40, y, { lineBreak: false });
    for (const [column, figure] of figures.entries()) right(figure, columns[column]?.end ?? 0, y);
  });
  doc.fontSize(5).text('(a)', 40 + doc.fontSize(8).widthOfString('Net income'), 165 + 2 * 11 - 3, {
    lineBreak: false,
  });
  doc
    .fontSize(8)
    .text('The accompanying notes are an integral part of these financial statements.', 40, 260, {
      lineBreak: false,
    });
  doc.end();
  return done;
}

describe('pdf.js text laid out like pdftotext -layout', () => {
  it('keeps a two-line column header over its figures, so the analyst reads the year and the scale', async () => {
    const document = await extractPdf(await statementPdf(), 'pdfjs');
    const text = document.pages[0]?.text ?? '';
    const lines = text.split('\n');
    const dates = lines.find((l) => l.includes('August 29,')) ?? '';
    const years = lines.find((l) => l.includes('2021')) ?? '';
    const revenue = lines.find((l) => l.includes('Total revenue')) ?? '';
    // one line per printed row, each cell in its column, the year ending where its figures end
    expect(dates).toMatch(/^ +August 29, {2,}August 30,$/);
    expect(years).toMatch(/^ +2021 {2,}2020$/);
    expect(revenue).toMatch(/^Total revenue {2,}195,929 {2,}166,761$/);
    expect(Math.abs(years.indexOf('2021') + 4 - (revenue.indexOf('195,929') + 7))).toBeLessThanOrEqual(2);
    // the raised footnote mark stays on its label's line
    expect(text).toMatch(/^Net income\(a\) {2,}5,007 {2,}4,002$/m);

    const analysis = analyseDocument(document, { filename: 'acme-10k.pdf' });
    expect(analysis.key_metrics.revenue).toMatchObject({
      value: 195_929_000_000,
      period: 'FY2021',
      source: { label: 'page 1', excerpt: 'Total revenue 195,929 166,761' },
    });
    expect(analysis.key_metrics.net_income).toMatchObject({ value: 5_007_000_000, period: 'FY2021' });
  });

  it('orders runs by their position, not by the order pdf.js gives them', () => {
    const items = [item('2021', 300, 680), item('August 29,', 280, 690), item('Revenue', 40, 670)];
    expect(layoutPageText(items).split('\n')).toEqual([
      `${' '.repeat(48)}August 29,`,
      `${' '.repeat(52)}2021`,
      'Revenue',
    ]);
  });

  it('joins runs that touch, keeps a word gap as one space and a column gap as two or more', () => {
    const items = [
      item('Reve', 40, 700),
      item('nue', 60, 700),
      item('from', 80, 700),
      item('sales', 105, 700),
      item('1,200', 300, 700),
    ];
    expect(layoutPageText(items)).toMatch(/^Revenue from sales {2,}1,200$/);
    expect(layoutPageText([item('Revenue', 40, 700), item('1,200', 85, 700)])).toBe('Revenue  1,200');
  });

  it('reads a table set sideways in its own direction, and text printed twice over once', () => {
    const sideways = [
      upwards('(35)', 300, 112),
      upwards('Revenue', 40, 100),
      upwards('Net income', 40, 112),
      upwards('1,200', 300, 100),
    ];
    expect(layoutPageText(sideways)).toMatch(/^Revenue {2,}1,200\nNet income {2,}\(35\)$/);
    const fakeBold = [item('Total', 40, 700), item('Total', 40.4, 700), item('9', 200, 700)];
    expect(layoutPageText(fakeBold)).toMatch(/^Total {2,}9$/);
  });

  it('places a run far off the page at a bounded column', () => {
    const text = layoutPageText([
      item('Revenue', 40, 700),
      item('12', 1e12, 700),
      item('off', 1e300 * 10, 690),
    ]);
    expect(text.length).toBeLessThan(1_000);
    expect(text).toMatch(/^Revenue {2,}12\n {2,}off$/);
  });

  it('leaves whitespace items out, marks a paragraph break with an empty line and ignores blank pages', () => {
    const items = [
      item('First line', 40, 700, 10, true),
      item(' ', 90, 700),
      item('Second line', 40, 688),
      item('New paragraph', 40, 650),
    ];
    expect(layoutPageText(items)).toBe('First line\nSecond line\n\nNew paragraph');
    expect(layoutPageText([item('  ', 40, 700), item('', 40, 680, 10, true)])).toBe('');
  });
});
