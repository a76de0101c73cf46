import { describe, expect, it } from 'vitest';
import { extractDocument, UnreadableDocumentError } from '../index.ts';
import { makeDocx, makePdf, makeXlsx } from '../testing/index.ts';
import { SECTION_BLOCKS } from './sections.ts';

describe('.docx with mammoth', () => {
  it('keeps paragraphs in order and each table row on one line, two spaces between cells', async () => {
    const docx = await makeDocx([
      { heading: 'Term sheet' },
      'Borrower: Acme Robotics GmbH',
      {
        table: [
          ['', 'FY2023', 'FY2024'],
          ['Revenue', '1,200', '1,450'],
          ['Net burn', '(310)', '(220)'],
        ],
      },
      'Facility amount: EUR 5,000,000',
    ]);
    const document = await extractDocument(docx, 'docx');
    expect(document.format).toBe('docx');
    expect(document.sheets).toEqual([]);
    expect(document.notices).toEqual([]);
    expect(document.pages).toEqual([
      {
        number: 1,
        text: [
          'Term sheet',
          'Borrower: Acme Robotics GmbH',
          // Aligned columns, as pdftotext -layout writes a table (word/table-layout.ts).
          '          FY2023  FY2024',
          'Revenue    1,200   1,450',
          'Net burn   (310)   (220)',
          'Facility amount: EUR 5,000,000',
        ].join('\n'),
      },
    ]);
    expect(document.metadata.pageCount).toBe(1);
  });

  it('starts a section at each heading and page break', async () => {
    const docx = await makeDocx([
      { heading: 'Summary' },
      'First section text.',
      { heading: 'Financials' },
      'Revenue grew 21%.',
      { pageBreak: true },
      'After the page break.',
      { heading: 'Covenants', level: 2 },
      'Minimum cash EUR 1m.',
    ]);
    const { pages } = await extractDocument(docx, 'docx');
    expect(pages.map((page) => page.text)).toEqual([
      'Summary\nFirst section text.',
      'Financials\nRevenue grew 21%.',
      'After the page break.',
      'Covenants\nMinimum cash EUR 1m.',
    ]);
    expect(pages.map((page) => page.number)).toEqual([1, 2, 3, 4]);
  });

  it('cuts a long run of paragraphs into sections, and stops at maxPages with a notice', async () => {
    const paragraphs = Array.from({ length: SECTION_BLOCKS * 3 }, (_, index) => `Paragraph ${index + 1}.`);
    const docx = await makeDocx(paragraphs);
    const whole = await extractDocument(docx, 'docx');
    expect(whole.pages).toHaveLength(3);
    expect(whole.pages[1]?.text.split('\n')[0]).toBe(`Paragraph ${SECTION_BLOCKS + 1}.`);

    const cut = await extractDocument(docx, 'docx', { maxPages: 2 });
    expect(cut.pages).toHaveLength(2);
    expect(cut.notices).toEqual(['Only the first 2 sections of the document were read.']);
  });

  it('refuses what is not a .docx with a sentence', async () => {
    await expect(extractDocument(await makePdf(['x']), 'docx')).rejects.toThrow(
      new UnreadableDocumentError('The file is not a Word document (.docx), although it was given as one.'),
    );
    // A zip that is a workbook, not a Word document.
    await expect(extractDocument(makeXlsx([{ name: 'A', rows: [['x']] }]), 'docx')).rejects.toThrow(
      'The Word document is damaged and cannot be read.',
    );
  });
});

describe('.doc with word-extractor', () => {
  it('refuses what is not a Word 97-2003 file', async () => {
    await expect(extractDocument(await makeDocx(['x']), 'doc')).rejects.toThrow(
      'The file is not a Word 97-2003 document (.doc), although it was given as one.',
    );
  });
  // Reading a real .doc: corpus.test.ts (no maintained library writes .doc to generate one).
});
