import { describe, expect, it } from 'vitest';
import { extractDocument, extractPdf, type PdfEngine } from '../index.ts';
import { popplerAvailable } from '../pdf/poppler.ts';
import { CORPUS_ABSENT_NOTE, CORPUS_PRESENT, corpusFile, corpusLabels } from './corpus.ts';

/** Real public documents (../shared/corpus) and the figures their labels state, page or cell. */

interface Metric {
  page_or_cell: string;
  literal?: string | null;
  cell_value?: number | null;
}
interface Label {
  file: string;
  format: 'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls';
  pages?: number;
  metrics?: Record<string, Metric>;
}

const labels = CORPUS_PRESENT
  ? [
      ...corpusLabels<Label>('financebench/documents.jsonl'),
      ...corpusLabels<Label>('documents/documents.jsonl'),
    ]
  : [];
const pdfs = labels.filter((label) => label.format === 'pdf');
const engines: PdfEngine[] = (await popplerAvailable()) ? ['pdftotext', 'pdfjs'] : ['pdfjs'];
/** pdf.js is slow on 2 shared cores: it reads the shorter filings, pdftotext all of them. */
const PDFJS_MAX_PAGES = 100;

describe.skipIf(!CORPUS_PRESENT)(
  `real corpus (${CORPUS_ABSENT_NOTE.replace('skipped: ', 'skipped when ')})`,
  () => {
    describe.each(engines)('FinanceBench PDFs with %s', (engine) => {
      const files = engine === 'pdfjs' ? pdfs.filter((label) => (label.pages ?? 0) <= PDFJS_MAX_PAGES) : pdfs;
      it.each(files.map((label) => [label.file, label] as const))(
        '%s: every labelled literal is on its stated page',
        async (_file, label) => {
          const document = await extractPdf(corpusFile(label.file), engine);
          expect(document.metadata.pageCount).toBe(label.pages);
          expect(document.pages).toHaveLength(label.pages ?? -1);
          let checked = 0;
          for (const [name, metric] of Object.entries(label.metrics ?? {})) {
            const page = /^page (\d+)$/.exec(metric.page_or_cell)?.[1];
            if (!page || !metric.literal) continue;
            expect(document.pages[Number(page) - 1]?.text, `${name} on page ${page}`).toContain(
              metric.literal,
            );
            checked += 1;
          }
          expect(checked).toBeGreaterThan(0);
        },
        120_000,
      );
    });

    const workbooks = labels.filter((label) => label.format === 'xlsx' || label.format === 'xls');
    it.each(workbooks.map((label) => [label.file, label] as const))(
      '%s: every labelled cell holds the stated value',
      async (_file, label) => {
        const document = await extractDocument(corpusFile(label.file), label.format);
        let checked = 0;
        for (const [name, metric] of Object.entries(label.metrics ?? {})) {
          const match = /^'(.+)'!([A-Z]+\d+)$/.exec(metric.page_or_cell);
          if (!match || metric.cell_value == null) continue;
          const sheet = document.sheets.find((candidate) => candidate.name === match[1]);
          const cell = sheet?.cells.find((candidate) => candidate.address === match[2]);
          expect(cell?.value, `${name} at ${metric.page_or_cell}`).toBe(metric.cell_value);
          checked += 1;
        }
        expect(checked).toBeGreaterThan(0);
      },
      60_000,
    );

    it('the EDGAR workbook: all 100 sheets, the sales figure at B4 with its row label in A4', async () => {
      const document = await extractDocument(
        corpusFile('documents/xlsx/AEIS_2022_10K_Financial_Report.xlsx'),
        'xlsx',
      );
      expect(document.sheets).toHaveLength(100);
      const sheet = document.sheets.find((candidate) => candidate.name === 'Consolidated Statements of Oper');
      expect(sheet?.cells.find((cell) => cell.address === 'B4')).toMatchObject({
        value: 1845422,
        row: 3,
        column: 1,
      });
      expect(sheet?.cells.find((cell) => cell.address === 'A4')?.text).toMatch(/^Sales, net/);
    });

    const wordFiles = labels.filter((label) => label.format === 'docx');
    it.each(wordFiles.map((label) => [label.file, label] as const))(
      '%s: each labelled table figure is on the line of its row label',
      async (_file, label) => {
        const document = await extractDocument(corpusFile(label.file), 'docx');
        const lines = document.pages.flatMap((page) => page.text.split('\n'));
        expect(lines.length).toBeGreaterThan(10);
        for (const [name, metric] of Object.entries(label.metrics ?? {})) {
          const row = /row "([^"]+)"/.exec(metric.page_or_cell)?.[1];
          if (!row || !metric.literal) continue;
          const line = lines.find(
            (candidate) => candidate.startsWith(row) && candidate.includes(metric.literal ?? ''),
          );
          expect(line, `${name}: "${row}" with ${metric.literal}`).toBeDefined();
        }
      },
      60_000,
    );

    it('the .doc partnership agreement reads as text in sections', async () => {
      const document = await extractDocument(
        corpusFile('documents/doc/partnership_agreement_form.doc'),
        'doc',
      );
      expect(document.format).toBe('doc');
      expect(document.pages.length).toBeGreaterThan(1);
      const text = document.pages.map((page) => page.text).join('\n');
      expect(text).toContain('PARTNERSHIP AGREEMENT');
      expect(text).toContain('Profit Allocation');
      expect(document.pages.map((page) => page.number)).toEqual(document.pages.map((_, index) => index + 1));
    });
  },
);
