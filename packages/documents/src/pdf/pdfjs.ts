import { getDocumentProxy } from 'unpdf';
import type { ExtractionBudget } from '../budget.ts';
import { UNREADABLE } from '../messages.ts';
import { hasPdfHeader } from '../signatures.ts';
import { type ExtractedDocument, type TextPage, UnreadableDocumentError } from '../types.ts';
import type { PageShare } from './page-share.ts';
import { pageLimitNotice, pdfDocument } from './pdf-result.ts';
import { isPositionedText, layoutPageText } from './pdfjs-text.ts';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * PDF text with pdf.js (through unpdf), page by page, in the calling thread. With a `share`, only
 * every share.count-th page from share.index + 1 is read: extractInSandbox gives each worker of its
 * pool one share of a long PDF and merges them (mergePdfShares), since pdf.js uses one core.
 */
export async function extractPdfWithPdfjs(
  bytes: Uint8Array,
  budget: ExtractionBudget,
  share: PageShare = { index: 0, count: 1 },
): Promise<ExtractedDocument> {
  if (!hasPdfHeader(bytes)) throw new UnreadableDocumentError(UNREADABLE.notPdf);
  const pdf = await openPdf(bytes);
  try {
    const pageCount = pdf.numPages;
    const readable = Math.min(pageCount, budget.limits.maxPages);
    const pages: TextPage[] = [];
    for (let number = 1 + share.index; number <= readable && !budget.exhausted; number += share.count) {
      budget.checkTime();
      const page = await pdf.getPage(number);
      // Marked content (tags for accessibility) is not text; leaving it out is pdf.js's default, said here on purpose.
      const content = await page.getTextContent({ includeMarkedContent: false });
      pages.push({
        number,
        text: budget.takeText(layoutPageText((content.items as unknown[]).filter(isPositionedText))),
      });
      page.cleanup();
    }
    const notices = pageLimitNotice(pageCount, budget.limits.maxPages);
    const info = await readInfo(pdf);
    return pdfDocument(pages, { ...info, pageCount }, [...notices, ...budget.notices]);
  } finally {
    await pdf.destroy();
  }
}

async function openPdf(bytes: Uint8Array): Promise<PdfProxy> {
  try {
    // pdf.js detaches the buffer it is given; give it a copy so the caller keeps its bytes. A plain
    // Uint8Array copy: a Node Buffer's slice() shares its memory, and pdf.js refuses a Buffer.
    return await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    });
  } catch (error) {
    throw pdfjsError(error);
  }
}

/** pdf.js names its failures; map them to a sentence for the person who uploaded the file. */
export function pdfjsError(error: unknown): UnreadableDocumentError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return new UnreadableDocumentError(UNREADABLE.pdfPassword);
  return new UnreadableDocumentError(UNREADABLE.pdfDamaged, { cause: error });
}

async function readInfo(pdf: PdfProxy): Promise<{ title?: string; author?: string }> {
  try {
    const { info } = (await pdf.getMetadata()) as unknown as { info?: Record<string, unknown> };
    return { title: nonEmpty(info?.Title), author: nonEmpty(info?.Author) };
  } catch {
    return {}; // the document info is optional; its absence is no reason to fail
  }
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
