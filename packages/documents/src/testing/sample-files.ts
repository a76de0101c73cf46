import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { Document, Packer, Paragraph } from 'docx';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';

/**
 * Real files for tests, written by the libraries that write these formats (pdfkit, docx, SheetJS),
 * so a test uploads what a person would. Legacy Word (.doc) has no maintained writer: it comes from
 * the shared corpus of public documents.
 */

export interface PdfOptions {
  /** Encrypts the file with this user password (a reader must ask for it). */
  userPassword?: string;
}

/** A PDF with one page per entry of `pages`, each page's text in lines. */
export function samplePdf(pages: string[], options: PdfOptions = {}): Promise<Buffer> {
  const pdf = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: '1.7ext3' } : {}),
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const text of pages) {
    pdf.addPage({ size: 'A4', margin: 50 });
    pdf.fontSize(11).text(text);
  }
  pdf.end();
  return done;
}

/** A .docx with one paragraph per entry of `paragraphs`. */
export function sampleDocx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }],
  });
  return Packer.toBuffer(document);
}

export type SheetRows = (string | number | null)[][];

function workbook(sheets: Record<string, SheetRows>): XLSX.WorkBook {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  }
  return book;
}

/** An .xlsx with the given sheets (rows of cells, the first row usually a header). */
export function sampleXlsx(sheets: Record<string, SheetRows>): Buffer {
  return XLSX.write(workbook(sheets), { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** An Excel 97-2003 .xls (BIFF8 in a compound file) with the given sheets. */
export function sampleXls(sheets: Record<string, SheetRows>): Buffer {
  return XLSX.write(workbook(sheets), { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** Where the shared corpus of public documents is: CORPUS_DIR, else shared/ beside the repository. */
export function corpusDir(): string {
  const repository = fileURLToPath(new URL('../../../../', import.meta.url));
  const candidates = [
    process.env.CORPUS_DIR,
    path.join(repository, '..', 'shared', 'corpus'),
    '/work/shared/corpus',
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`The shared corpus is missing; looked in ${candidates.join(', ')}`);
  return found;
}

/** A real Word 97-2003 document from the corpus (a blank partnership agreement, 67 KB). */
export function sampleDoc(): Buffer {
  return readFileSync(path.join(corpusDir(), 'documents', 'doc', 'partnership_agreement_form.doc'));
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/**
 * A .docx-shaped zip whose document part inflates to `inflatedBytes` of spaces from a few hundred
 * kilobytes: a zip bomb. Written in chunks so the test itself never holds the inflated size.
 */
export function zipBombDocx(inflatedBytes = 1024 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    const types = new ZipDeflate('[Content_Types].xml', { level: 9 });
    zip.add(types);
    types.push(new TextEncoder().encode(CONTENT_TYPES), true);
    const part = new ZipDeflate('word/document.xml', { level: 9 });
    zip.add(part);
    const block = new Uint8Array(4 * 1024 * 1024).fill(0x20);
    const blocks = Math.ceil(inflatedBytes / block.length);
    for (let index = 0; index < blocks; index++) part.push(block, index === blocks - 1);
    zip.end();
  });
}

/** A zip holding `entries` (name → text), e.g. an OOXML package missing its main part. */
export function sampleZip(entries: Record<string, string>): Buffer {
  const encoder = new TextEncoder();
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, encoder.encode(text)]))),
  );
}
