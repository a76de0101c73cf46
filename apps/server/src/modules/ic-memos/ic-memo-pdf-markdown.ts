import { Lexer, type Token, type Tokens } from 'marked';
import { inlineRuns, pdfSafe, type Run, runsText } from './ic-memo-pdf-text.ts';

/**
 * Draws a memo section's markdown into a pdfkit document: headings, paragraphs with bold, italics
 * and citation markers, bullet and numbered lists, tables, quotes and code. marked's lexer reads
 * the markdown; this file only lays its tokens out.
 */

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  code: 'Courier',
} as const;
export const COLOUR = {
  text: '#1f2933',
  muted: '#5f6b7a',
  accent: '#1d4ed8',
  rule: '#c9d1db',
  band: '#eef2f7',
};
export const BODY_SIZE = 10;

function fontOf(run: Run): string {
  if (run.code) return FONT.code;
  if (run.bold && run.italic) return FONT.boldItalic;
  if (run.bold) return FONT.bold;
  if (run.italic) return FONT.italic;
  return FONT.regular;
}

/** The page's writable area below the cursor. */
const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;
const leftOf = (doc: PDFKit.PDFDocument) => doc.page.margins.left;
export const contentWidth = (doc: PDFKit.PDFDocument) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page when fewer than `height` points are left, so a heading never ends a page. */
export function keepSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

/** Writes styled runs as one flowing paragraph at x with the given width. */
export function writeRuns(
  doc: PDFKit.PDFDocument,
  styled: Run[],
  box: { x: number; width: number; size?: number; align?: 'left' | 'right'; colour?: string },
): void {
  const size = box.size ?? BODY_SIZE;
  if (styled.length === 0) return;
  // pdfkit cannot right-align a line made of several runs: it overlaps them. One run it can.
  const runs = box.align === 'right' && styled.length > 1 ? [{ text: runsText(styled) }] : styled;
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    doc
      .font(fontOf(run))
      .fontSize(run.code ? size - 0.5 : size)
      .fillColor(run.footnote ? COLOUR.accent : (box.colour ?? COLOUR.text));
    const options = { continued, lineGap: 2 };
    if (index === 0) doc.text(run.text, box.x, doc.y, { ...options, width: box.width, align: box.align });
    else doc.text(run.text, options);
  });
  doc.fillColor(COLOUR.text);
}

interface BlockBox {
  x: number;
  width: number;
  /** financial_analysis and deal_terms: "**Label:** value" lists become two-column tables. */
  tabulateLabelLists: boolean;
}

/** Renders a section's markdown below the cursor. */
export function renderMarkdown(doc: PDFKit.PDFDocument, markdown: string, tabulateLabelLists: boolean): void {
  const tokens = Lexer.lex(markdown, { gfm: true });
  renderBlocks(doc, tokens, { x: leftOf(doc), width: contentWidth(doc), tabulateLabelLists });
}

function renderBlocks(doc: PDFKit.PDFDocument, tokens: Token[], box: BlockBox): void {
  for (const token of tokens) renderBlock(doc, token, box);
}

function renderBlock(doc: PDFKit.PDFDocument, token: Token, box: BlockBox): void {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      const size = heading.depth <= 2 ? 12.5 : 11;
      keepSpace(doc, size * 4);
      doc.moveDown(0.4);
      writeRuns(doc, inlineRuns(heading.tokens, { bold: true }), { x: box.x, width: box.width, size });
      doc.moveDown(0.3);
      return;
    }
    case 'paragraph':
    case 'text': {
      const runs = inlineRuns(
        (token as Tokens.Paragraph).tokens ?? [{ type: 'text', raw: token.raw, text: token.raw }],
      );
      writeRuns(doc, runs, box);
      doc.moveDown(0.5);
      return;
    }
    case 'list':
      renderList(doc, token as Tokens.List, box);
      doc.moveDown(0.3);
      return;
    case 'table': {
      const table = token as Tokens.Table;
      drawTable(
        doc,
        table.header.map((cell) => inlineRuns(cell.tokens)),
        table.rows.map((row) => row.map((cell) => inlineRuns(cell.tokens))),
        box,
      );
      return;
    }
    case 'blockquote': {
      const startY = doc.y;
      const startPage = doc.bufferedPageRange().count;
      renderBlocks(doc, (token as Tokens.Blockquote).tokens, {
        ...box,
        x: box.x + 12,
        width: box.width - 12,
      });
      // The bar is drawn when the quote stayed on one page; a quote across pages is indented only.
      if (doc.bufferedPageRange().count === startPage) {
        doc
          .save()
          .rect(box.x, startY, 3, doc.y - startY - 4)
          .fill(COLOUR.rule)
          .restore();
      }
      return;
    }
    case 'code': {
      doc.font(FONT.code).fontSize(8.5).fillColor(COLOUR.text);
      doc.text(pdfSafe((token as Tokens.Code).text), box.x + 8, doc.y, { width: box.width - 8, lineGap: 1 });
      doc.moveDown(0.5);
      return;
    }
    case 'hr':
      keepSpace(doc, 12);
      doc
        .save()
        .moveTo(box.x, doc.y + 4)
        .lineTo(box.x + box.width, doc.y + 4)
        .strokeColor(COLOUR.rule)
        .stroke()
        .restore();
      doc.moveDown(0.8);
      return;
    case 'html':
      // Raw HTML in a memo is shown as the text it is, never interpreted.
      writeRuns(doc, [{ text: pdfSafe((token as Tokens.HTML).text.trim()) }], box);
      doc.moveDown(0.5);
      return;
    case 'space':
    case 'def':
      return;
    default:
      writeRuns(doc, [{ text: pdfSafe(token.raw) }], box);
      doc.moveDown(0.5);
  }
}

/** "**Label:** value" (or "**Label**: value") → [label, value runs], else null. */
function labelled(item: Tokens.ListItem): [Run[], Run[]] | null {
  const [first, ...others] = item.tokens;
  if (!first || others.some((token) => token.type !== 'space') || !('tokens' in first)) return null;
  const runs = inlineRuns(first.tokens);
  const boldEnd = runs.findIndex((run) => !run.bold);
  if (boldEnd <= 0) return null;
  const label = runsText(runs.slice(0, boldEnd)).trim();
  const rest = runs.slice(boldEnd);
  const restText = runsText(rest);
  const colonInLabel = label.endsWith(':');
  if (!colonInLabel && !restText.trimStart().startsWith(':')) return null;
  const value = rest.map((run, index) =>
    index === 0 ? { ...run, text: run.text.replace(/^\s*:?\s*/, '') } : run,
  );
  return [[{ text: label.replace(/:$/, ''), bold: true }], value.filter((run) => run.text.length > 0)];
}

function renderList(doc: PDFKit.PDFDocument, list: Tokens.List, box: BlockBox): void {
  if (box.tabulateLabelLists) {
    const pairs = list.items.map(labelled);
    if (pairs.length > 0 && pairs.every((pair) => pair !== null)) {
      drawTable(doc, null, pairs as [Run[], Run[]][], box, [0.42, 0.58]);
      return;
    }
  }
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, index) => {
    const marker = list.ordered ? `${start + index}.` : '•';
    keepSpace(doc, BODY_SIZE * 2);
    const y = doc.y;
    doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(COLOUR.text);
    doc.text(marker, box.x + 4, y, { width: 16, lineBreak: false });
    doc.y = y;
    const inner = { ...box, x: box.x + 20, width: box.width - 20 };
    for (const child of item.tokens) {
      if (child.type === 'text' || child.type === 'paragraph') {
        writeRuns(doc, inlineRuns((child as Tokens.Text).tokens ?? [child]), inner);
        doc.moveDown(0.15);
      } else renderBlock(doc, child, inner);
    }
  });
}

const CELL_PAD = 4;
const NUMERIC_CELL = /^[\s(+\-–—€£$]*\d[\d.,\s]*(%|[kKmMbB]n?|x|×|pp|bps| ?months?)?\)?(\s*\[\d+\])*\s*$/;

/** A table that breaks across pages, repeating its header; figures align right. */
export function drawTable(
  doc: PDFKit.PDFDocument,
  header: Run[][] | null,
  rows: Run[][][],
  box: { x: number; width: number },
  fractions?: number[],
): void {
  const columns = Math.max(header?.length ?? 0, ...rows.map((row) => row.length), 1);
  const widths = columnWidths(header, rows, columns, box.width, fractions);
  // Figures align right in a table with a header when every filled cell of the column is one.
  const numericColumns = Array.from({ length: columns }, (_, index) => {
    const cells = rows.map((row) => runsText(row[index] ?? []).trim()).filter(Boolean);
    return header !== null && index > 0 && cells.length > 0 && cells.every((cell) => NUMERIC_CELL.test(cell));
  });
  const rowHeight = (cells: Run[][], bold: boolean) =>
    Math.max(
      BODY_SIZE + CELL_PAD * 2,
      ...cells.map((cell, index) => {
        doc.font(bold ? FONT.bold : FONT.regular).fontSize(BODY_SIZE - 1);
        return (
          doc.heightOfString(runsText(cell) || ' ', { width: widths[index]! - CELL_PAD * 2, lineGap: 1 }) +
          CELL_PAD * 2
        );
      }),
    );
  const drawRow = (cells: Run[][], isHeader: boolean, shaded: boolean) => {
    const height = rowHeight(cells, isHeader);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      if (header && !isHeader) drawRow(header, true, false);
    }
    const top = doc.y;
    if (isHeader || shaded) {
      doc
        .save()
        .rect(box.x, top, box.width, height)
        .fill(isHeader ? COLOUR.band : '#f8fafc')
        .restore();
    }
    let x = box.x;
    for (let index = 0; index < columns; index += 1) {
      const cell = cells[index] ?? [];
      doc.y = top + CELL_PAD;
      writeRuns(doc, isHeader ? cell.map((run) => ({ ...run, bold: true })) : cell, {
        x: x + CELL_PAD,
        width: widths[index]! - CELL_PAD * 2,
        size: BODY_SIZE - 1,
        align: numericColumns[index] ? 'right' : 'left',
      });
      x += widths[index]!;
    }
    doc
      .save()
      .moveTo(box.x, top + height)
      .lineTo(box.x + box.width, top + height)
      .lineWidth(0.5)
      .strokeColor(COLOUR.rule)
      .stroke()
      .restore();
    doc.x = box.x;
    doc.y = top + height;
  };
  keepSpace(doc, BODY_SIZE * 5);
  doc.moveDown(0.2);
  if (header) drawRow(header, true, false);
  rows.forEach((row, index) => {
    drawRow(row, false, index % 2 === 1);
  });
  doc.moveDown(0.8);
}

/** Widths by each column's longest text, none narrower than 12% of the table. */
function columnWidths(
  header: Run[][] | null,
  rows: Run[][][],
  columns: number,
  total: number,
  fractions?: number[],
): number[] {
  if (fractions && fractions.length === columns) return fractions.map((fraction) => fraction * total);
  const lengths = Array.from({ length: columns }, (_, index) =>
    Math.min(60, Math.max(4, ...[header ?? [], ...rows].map((row) => runsText(row[index] ?? []).length))),
  );
  const minimum = Math.min(0.12, 1 / columns);
  const sum = lengths.reduce((a, b) => a + b, 0);
  const raw = lengths.map((length) => Math.max(minimum, length / sum));
  const scale = raw.reduce((a, b) => a + b, 0);
  return raw.map((fraction) => (fraction / scale) * total);
}
