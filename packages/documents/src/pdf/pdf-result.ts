import { ExtractionBudget } from '../budget.ts';
import type { ExtractedDocument, ExtractionLimits, TextPage } from '../types.ts';

/** The one ExtractedDocument shape both PDF engines answer. */
export function pdfDocument(
  pages: TextPage[],
  metadata: { title?: string; author?: string; pageCount: number },
  notices: string[],
): ExtractedDocument {
  const meta: ExtractedDocument['metadata'] = { pageCount: metadata.pageCount };
  if (metadata.title) meta.title = metadata.title;
  if (metadata.author) meta.author = metadata.author;
  if (pages.length > 0 && pages.every((page) => page.text.trim() === '')) {
    notices.push('No text was found in this PDF: its pages may be scanned images, which are not read.');
  }
  return { format: 'pdf', pages, sheets: [], metadata: meta, notices };
}

export function pageLimitNotice(pageCount: number, maxPages: number): string[] {
  if (pageCount <= maxPages) return [];
  return [
    `Only the first ${maxPages.toLocaleString('en-US')} of ${pageCount.toLocaleString('en-US')} pages were read.`,
  ];
}

/**
 * One document from the shares of its pages that several workers read (extractPdfWithPdfjs with a
 * share). Each share was cut at the whole text limit on its own, so the text of the merged pages,
 * taken in page order through one budget, is exactly what a single reader would have kept.
 */
export function mergePdfShares(shares: ExtractedDocument[], limits: ExtractionLimits): ExtractedDocument {
  const metadata = shares[0]?.metadata ?? { pageCount: 0 };
  const budget = new ExtractionBudget(limits);
  const pages: TextPage[] = [];
  for (const page of shares.flatMap((share) => share.pages).sort((a, b) => a.number - b.number)) {
    if (budget.exhausted) break;
    pages.push({ number: page.number, text: budget.takeText(page.text) });
  }
  return pdfDocument(pages, metadata, [
    ...pageLimitNotice(metadata.pageCount, limits.maxPages),
    ...budget.notices,
  ]);
}
