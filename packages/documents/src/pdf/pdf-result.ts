import type { ExtractedDocument, TextPage } from '../types.ts';

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
