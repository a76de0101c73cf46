import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { sniffDocumentFormat } from './sniff.ts';
import {
  corpusDir,
  makeDocx,
  makeExecutable,
  makePdf,
  makeXls,
  makeXlsx,
  sampleDoc,
  sampleZip,
} from './testing/index.ts';

const SHEETS = [
  {
    name: 'P&L',
    rows: [
      ['Metric', 'FY2024'],
      ['Revenue', 4_200_000],
    ],
  },
];

/** A compound file holding one stream of each given name under its root. */
function compoundFile(streams: string[]): Uint8Array {
  const container = CFB.utils.cfb_new();
  for (const name of streams) CFB.utils.cfb_add(container, `/${name}`, new Uint8Array(600).fill(7));
  return Uint8Array.from(CFB.write(container, { type: 'array', fileType: 'cfb' }) as number[]);
}

describe('sniffDocumentFormat: files written by the libraries that write each format', () => {
  it('knows a PDF, an encrypted PDF, a .docx, an .xlsx, an .xls and a .doc', async () => {
    expect(sniffDocumentFormat(await makePdf(['Revenue FY2024: EUR 4.2m']))).toBe('pdf');
    expect(sniffDocumentFormat(await makePdf(['secret'], { userPassword: 'pw' }))).toBe('pdf');
    expect(sniffDocumentFormat(await makeDocx(['Revenue FY2024: EUR 4.2m']))).toBe('docx');
    expect(sniffDocumentFormat(makeXlsx(SHEETS))).toBe('xlsx');
    expect(sniffDocumentFormat(makeXls(SHEETS))).toBe('xls');
    expect(sniffDocumentFormat(sampleDoc())).toBe('doc');
  });

  it('knows every file of the shared corpus by its content', () => {
    const root = corpusDir();
    const folders = [
      ['documents/pdf', 'pdf'],
      ['financebench/pdfs', 'pdf'],
      ['documents/docx', 'docx'],
      ['documents/doc', 'doc'],
      ['documents/xlsx', 'xlsx'],
      ['documents/xls', 'xls'],
    ] as const;
    let seen = 0;
    for (const [folder, format] of folders) {
      let files: string[];
      try {
        files = readdirSync(path.join(root, folder));
      } catch {
        continue;
      }
      // The largest PDFs add nothing to what the first ones show.
      for (const file of files.slice(0, 3)) {
        expect(sniffDocumentFormat(readFileSync(path.join(root, folder, file))), file).toBe(format);
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(10);
  });
});

describe('sniffDocumentFormat: content that is not a supported document', () => {
  it('refuses an executable, text, HTML, an image and nothing at all', () => {
    const exe = makeExecutable();
    expect(sniffDocumentFormat(exe)).toBeNull();
    expect(sniffDocumentFormat(Buffer.from('Company,Revenue\nAcme,4200000\n'))).toBeNull();
    expect(sniffDocumentFormat(Buffer.from('<!doctype html><p>%PDF-1.7</p>'))).toBeNull();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(sniffDocumentFormat(png)).toBeNull();
    expect(sniffDocumentFormat(new Uint8Array())).toBeNull();
    expect(sniffDocumentFormat(Buffer.from('%PD'))).toBeNull();
  });

  it('refuses a zip unless it is a Word or Excel package', () => {
    expect(sniffDocumentFormat(sampleZip({ 'readme.txt': 'hello' }))).toBeNull();
    // The part without the package's content types is not OOXML.
    expect(sniffDocumentFormat(sampleZip({ 'word/document.xml': '<w:document/>' }))).toBeNull();
    // A PowerPoint package is OOXML, but neither Word nor Excel.
    expect(
      sniffDocumentFormat(sampleZip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' })),
    ).toBeNull();
    expect(
      sniffDocumentFormat(sampleZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' })),
    ).toBe('docx');
    expect(
      sniffDocumentFormat(sampleZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<w/>' })),
    ).toBe('xlsx');
  });

  it('refuses a truncated zip whose directory is missing', async () => {
    const docx = await makeDocx(['Revenue']);
    expect(sniffDocumentFormat(docx.subarray(0, Math.floor(docx.length / 2)))).toBeNull();
  });

  it('names a compound file by the stream it holds, and refuses others', () => {
    expect(sniffDocumentFormat(compoundFile(['WordDocument', '1Table']))).toBe('doc');
    expect(sniffDocumentFormat(compoundFile(['Workbook']))).toBe('xls');
    expect(sniffDocumentFormat(compoundFile(['Book']))).toBe('xls');
    // An Outlook message or a PowerPoint 97 deck is a compound file too.
    expect(sniffDocumentFormat(compoundFile(['PowerPoint Document']))).toBeNull();
    expect(sniffDocumentFormat(compoundFile(['__substg1.0_0037001F']))).toBeNull();
    const xls = makeXls(SHEETS);
    expect(sniffDocumentFormat(xls.subarray(0, 600))).toBeNull();
  });
});
