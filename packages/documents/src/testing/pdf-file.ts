import { readFile } from 'node:fs/promises';
import { extractDocument } from '../extract.ts';
import type { ExtractedDocument } from '../types.ts';

/** Files already read in this process: a test that takes several ranges of a filing reads it once. */
const extractions = new Map<string, Promise<ExtractedDocument>>();

/**
 * Pages `first`..`last` (1-based, inclusive; every page without a range) of a real PDF file, read
 * as the upload pipeline reads it: extractDocument, so pdftotext when poppler is installed and
 * pdf.js otherwise. Pages without text are left out, as the pipeline indexes nothing for them.
 */
export async function readPdfFile(
  file: string,
  range?: { first: number; last: number },
): Promise<ExtractedDocument> {
  let extraction = extractions.get(file);
  if (!extraction) {
    extraction = readFile(file).then((bytes) => extractDocument(new Uint8Array(bytes), 'pdf'));
    extractions.set(file, extraction);
  }
  const document = await extraction;
  const pages = document.pages.filter(
    (page) =>
      page.text.trim().length > 0 && (!range || (page.number >= range.first && page.number <= range.last)),
  );
  return { ...document, pages, metadata: { ...document.metadata, pageCount: pages.length } };
}
