import { ExtractionBudget } from './budget.ts';
import { resolveLimits } from './limits.ts';
import { UNREADABLE } from './messages.ts';
import { extractPdfWithPdfjs } from './pdf/pdfjs.ts';
import { extractPdfWithPdftotext } from './pdf/pdftotext.ts';
import { popplerAvailable } from './pdf/poppler.ts';
import { extractWorkbook } from './sheets/workbook.ts';
import {
  type DocumentFormat,
  type ExtractedDocument,
  type ExtractionLimits,
  UnreadableDocumentError,
} from './types.ts';
import { extractDoc } from './word/doc.ts';
import { extractDocx } from './word/docx.ts';

export type PdfEngine = 'pdftotext' | 'pdfjs';

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
): Promise<ExtractedDocument> {
  const budget = new ExtractionBudget(resolveLimits(limits));
  switch (format) {
    case 'pdf':
      return (await preferredPdfEngine()) === 'pdftotext'
        ? extractPdfWithPdftotext(bytes, budget)
        : extractPdfWithPdfjs(bytes, budget);
    case 'docx':
      return extractDocx(bytes, budget);
    case 'doc':
      return extractDoc(bytes, budget);
    case 'xlsx':
    case 'xls':
      return extractWorkbook(bytes, format, budget);
    default:
      throw new UnreadableDocumentError(UNREADABLE.unknownFormat);
  }
}

/** One PDF engine explicitly, for comparing the two (tests, bench/extraction.ts). */
export function extractPdf(
  bytes: Uint8Array,
  engine: PdfEngine,
  limits?: Partial<ExtractionLimits>,
): Promise<ExtractedDocument> {
  const budget = new ExtractionBudget(resolveLimits(limits));
  return engine === 'pdftotext' ? extractPdfWithPdftotext(bytes, budget) : extractPdfWithPdfjs(bytes, budget);
}
