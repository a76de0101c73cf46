/**
 * Test and bench support: the real corpus files (see its README) as the extraction module reads
 * them, so the analyst is measured on exactly what the pipeline hands it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extractDocument, type PdfEngine } from '../../extract.ts';
import type { DocumentFormat, ExtractedDocument } from '../../types.ts';

export const CORPUS_DIR = process.env.ATEMPO_CORPUS_DIR ?? '/work/shared/corpus';
export const CORPUS_PRESENT = existsSync(`${CORPUS_DIR}/README.md`);

/** Reads a corpus file; PDFs with `pdfEngine`, or with the engine the pipeline would choose. */
export async function loadCorpusDocument(
  relative: string,
  pdfEngine?: PdfEngine,
): Promise<ExtractedDocument> {
  const format = relative.split('.').pop() as DocumentFormat;
  return extractDocument(new Uint8Array(readFileSync(`${CORPUS_DIR}/${relative}`)), format, undefined, {
    pdfEngine,
  });
}
