import type { ExtractionBudget } from '../budget.ts';
import { UNREADABLE } from '../messages.ts';
import { hasPdfHeader } from '../signatures.ts';
import { type ExtractedDocument, type TextPage, UnreadableDocumentError } from '../types.ts';
import { pageLimitNotice, pdfDocument } from './pdf-result.ts';
import { runPoppler } from './poppler.ts';

/**
 * PDF text with poppler's pdftotext: one process for the whole document, bytes on stdin.
 * `-layout` keeps a table row on one line with its columns apart; `-htmlmeta` puts the title and
 * author in a small HTML head before the text (which stays raw inside <pre>), so no second process
 * is needed for them. Pages are split on the form feed pdftotext writes after each page. Only when
 * the page limit was reached does pdfinfo run, to tell how many pages the file has.
 */
export async function extractPdfWithPdftotext(
  bytes: Uint8Array,
  budget: ExtractionBudget,
): Promise<ExtractedDocument> {
  if (!hasPdfHeader(bytes)) throw new UnreadableDocumentError(UNREADABLE.notPdf);
  const { limits } = budget;
  const common = { bytes, maxMemoryMb: limits.maxMemoryMb };
  const output = await runPoppler({
    ...common,
    tool: 'pdftotext',
    args: ['-layout', '-htmlmeta', '-enc', 'UTF-8', '-l', String(limits.maxPages), '-', '-'],
    timeoutMs: Math.max(1, budget.msLeft),
    // UTF-8 needs at most 4 bytes a character; the budget cuts the text exactly afterwards.
    maxOutputBytes: limits.maxTextChars * 4 + 64 * 1024,
  });
  const { head, body } = splitHtmlMeta(output.stdout);

  const pieces = body.split('\f');
  if (!output.cut && pieces.at(-1)?.trim() === '') pieces.pop(); // a form feed ends every page, the last one too
  const pages: TextPage[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (budget.exhausted) break;
    pages.push({ number: index + 1, text: budget.takeText(trimLineEnds(piece).trimEnd()) });
  }
  if (output.cut) budget.cutText();

  let pageCount = pages.length;
  if (pages.length >= limits.maxPages || output.cut) {
    const info = await runPoppler({
      ...common,
      tool: 'pdfinfo',
      args: ['-enc', 'UTF-8', '-'],
      timeoutMs: Math.max(1, budget.msLeft),
      maxOutputBytes: 64 * 1024,
    }).catch(() => undefined); // pdftotext already read the file; the total is a detail
    pageCount = Math.max(pageCount, Number(/^Pages:\s*(\d+)/m.exec(info?.stdout ?? '')?.[1] ?? 0));
  }
  const notices = pageLimitNotice(pageCount, limits.maxPages);
  if (/syntax error/i.test(output.stderr) && pages.length > 0) {
    notices.push('The PDF is damaged; the text of some pages may be incomplete.');
  }
  return pdfDocument(
    pages,
    { title: metaField(head, 'title'), author: metaField(head, 'Author'), pageCount },
    [...notices, ...budget.notices],
  );
}

/**
 * Spaces and tabs at the end of each line removed, in one pass. The obvious `replace(/[ \t]+$/gm, '')`
 * backtracks through every run of spaces that -layout puts between columns: ~70 ms for a 1 MB
 * filing, more than 15 % of pdftotext's own time, to remove blanks that are rarely there.
 */
export function trimLineEnds(text: string): string {
  if (!/[ \t](\n|$)/.test(text)) return text;
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
      return line.slice(0, end);
    })
    .join('\n');
}

/** pdftotext -htmlmeta writes `<head>…</head><body>\n<pre>\n` + the text + `</pre>\n</body>\n</html>`. */
function splitHtmlMeta(output: string): { head: string; body: string } {
  const open = output.indexOf('<pre>\n');
  if (open < 0) return { head: '', body: output };
  const start = open + '<pre>\n'.length;
  const close = output.lastIndexOf('</pre>');
  return { head: output.slice(0, open), body: output.slice(start, close >= start ? close : undefined) };
}

function metaField(head: string, name: 'title' | 'Author'): string | undefined {
  const raw =
    name === 'title'
      ? /<title>([\s\S]*?)<\/title>/.exec(head)?.[1]
      : /<meta name="Author" content="([^"]*)"\/>/.exec(head)?.[1];
  const value = raw
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  return value || undefined;
}
