import { ExtractionBudget } from './budget.ts';
import { resolveLimits } from './limits.ts';
import { UNREADABLE } from './messages.ts';
import type { PageShare } from './pdf/page-share.ts';
import { popplerAvailable } from './pdf/poppler.ts';
import {
  type DocumentFormat,
  type ExtractedDocument,
  type ExtractionLimits,
  UnreadableDocumentError,
} from './types.ts';

export type { PageShare };

export type PdfEngine = 'pdftotext' | 'pdfjs';

export interface ExtractOptions {
  /** The PDF engine; by default pdftotext when installed (preferredPdfEngine). */
  pdfEngine?: PdfEngine;
  /** Read only this share of a PDF's pages (pdf.js only); the shares are merged by mergePdfShares. */
  pageShare?: PageShare;
}

/** pdftotext when poppler is installed (several times faster), pdf.js otherwise; decided once. */
export async function preferredPdfEngine(): Promise<PdfEngine> {
  return (await popplerAvailable()) ? 'pdftotext' : 'pdfjs';
}

/**
 * Bytes in, text with locations out, in the calling thread (the server calls extractInSandbox,
 * which runs this in a worker with a time and memory limit). A file that cannot be read ends with
 * an UnreadableDocumentError whose message is a sentence for the person who uploaded it; a file
 * larger than the limits is cut, with a notice saying what was left out.
 */
export async function extractDocument(
  bytes: Uint8Array,
  format: DocumentFormat,
  limits?: Partial<ExtractionLimits>,
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  const budget = new ExtractionBudget(resolveLimits(limits));
  // Each reader is imported when first needed: a sandbox worker that reads one PDF never loads
  // SheetJS or mammoth, which keeps its start short.
  switch (format) {
    case 'pdf':
      return readPdf(bytes, options.pdfEngine ?? (await preferredPdfEngine()), budget, options.pageShare);
    case 'docx':
      return (await import('./word/docx.ts')).extractDocx(bytes, budget);
    case 'doc':
      return (await import('./word/doc.ts')).extractDoc(bytes, budget);
    case 'xlsx':
    case 'xls':
      return (await import('./sheets/workbook.ts')).extractWorkbook(bytes, format, budget);
    default:
      throw new UnreadableDocumentError(UNREADABLE.unknownFormat);
  }
}

async function readPdf(
  bytes: Uint8Array,
  engine: PdfEngine,
  budget: ExtractionBudget,
  share?: PageShare,
): Promise<ExtractedDocument> {
  if (engine === 'pdftotext') {
    // pdftotext reads a document in one process; only pdf.js's pages are shared out.
    if (share && share.count > 1)
      throw new Error('pdftotext reads a whole document; page shares are for pdf.js');
    return (await import('./pdf/pdftotext.ts')).extractPdfWithPdftotext(bytes, budget);
  }
  return (await import('./pdf/pdfjs.ts')).extractPdfWithPdfjs(bytes, budget, share);
}

/** One PDF engine explicitly, for comparing the two (tests, bench/extraction.ts). */
export function extractPdf(
  bytes: Uint8Array,
  engine: PdfEngine,
  limits?: Partial<ExtractionLimits>,
): Promise<ExtractedDocument> {
  return readPdf(bytes, engine, new ExtractionBudget(resolveLimits(limits)));
}
