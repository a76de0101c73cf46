import type { ExtractionBudget } from '../budget.ts';
import { UNREADABLE } from '../messages.ts';
import { hasPdfHeader } from '../signatures.ts';
import { type ExtractedDocument, type TextPage, UnreadableDocumentError } from '../types.ts';
import { pageLimitNotice, pdfDocument } from './pdf-result.ts';
import { runPoppler } from './poppler.ts';

/**
 * PDF text with poppler's pdftotext: one process for the whole document (`-layout` keeps table
 * columns apart on one line), pages split on the form feed it writes after each page. pdfinfo runs
 * beside it for the page count, title and author.
 */
export async function extractPdfWithPdftotext(
  bytes: Uint8Array,
  budget: ExtractionBudget,
): Promise<ExtractedDocument> {
  if (!hasPdfHeader(bytes)) throw new UnreadableDocumentError(UNREADABLE.notPdf);
  const { limits } = budget;
  const common = { bytes, timeoutMs: Math.max(1, budget.msLeft), maxMemoryMb: limits.maxMemoryMb };
  const [text, info] = await Promise.all([
    runPoppler({
      ...common,
      tool: 'pdftotext',
      args: ['-layout', '-enc', 'UTF-8', '-l', String(limits.maxPages), '-', '-'],
      // UTF-8 needs at most 4 bytes a character; the budget cuts the text exactly afterwards.
      maxOutputBytes: limits.maxTextChars * 4 + 4096,
    }),
    runPoppler({ ...common, tool: 'pdfinfo', args: ['-enc', 'UTF-8', '-'], maxOutputBytes: 64 * 1024 }).catch(
      () => undefined, // pdftotext's own verdict decides; pdfinfo only adds the count and title
    ),
  ]);

  const pieces = text.stdout.split('\f');
  if (!text.cut && pieces.at(-1) === '') pieces.pop(); // a form feed ends every page, the last one too
  const pages: TextPage[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (budget.exhausted) break;
    pages.push({ number: index + 1, text: budget.takeText(piece.replace(/[ \t]+$/gm, '').trimEnd()) });
  }
  if (text.cut) budget.cutText();

  const fields = parseInfo(info?.stdout ?? '');
  const pageCount = fields.pages ?? pages.length;
  const notices = pageLimitNotice(pageCount, limits.maxPages);
  if (/syntax error/i.test(text.stderr) && pages.length > 0) {
    notices.push('The PDF is damaged; the text of some pages may be incomplete.');
  }
  return pdfDocument(pages, { title: fields.title, author: fields.author, pageCount }, [
    ...notices,
    ...budget.notices,
  ]);
}

function parseInfo(output: string): { pages?: number; title?: string; author?: string } {
  const field = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(output)?.[1]?.trim() || undefined;
  const pages = Number(field('Pages'));
  return {
    pages: Number.isInteger(pages) && pages > 0 ? pages : undefined,
    title: field('Title'),
    author: field('Author'),
  };
}
