import mammoth from 'mammoth';
import type { ExtractionBudget } from '../budget.ts';
import { UNREADABLE } from '../messages.ts';
import { isCompoundFile, isZipContainer } from '../signatures.ts';
import { type ExtractedDocument, UnreadableDocumentError } from '../types.ts';
import { guardZip } from '../zip/zip-guard.ts';
import { SectionBuilder, sectionLimitNotice } from './sections.ts';
import { type LayoutCell, layoutTable } from './table-layout.ts';

/**
 * .docx text with mammoth. mammoth's raw text puts every table cell on a line of its own, which
 * separates a label from its figure; so this walks mammoth's document model instead (read through
 * its documented `transformDocument` hook) and writes each table row as one line, its cells in
 * aligned columns as pdftotext -layout writes a table: "Total Revenue  1,200  1,450" (table-layout.ts).
 */

interface WordElement {
  type: string;
  value?: string;
  breakType?: string;
  styleId?: string | null;
  styleName?: string | null;
  /** Grid columns a table cell spans (Word's gridSpan). */
  colSpan?: number;
  children?: WordElement[];
}

const HEADING = /^(title|heading ?[1-3])$/i;

export async function extractDocx(bytes: Uint8Array, budget: ExtractionBudget): Promise<ExtractedDocument> {
  if (isCompoundFile(bytes)) throw new UnreadableDocumentError(UNREADABLE.officePassword);
  if (!isZipContainer(bytes)) throw new UnreadableDocumentError(UNREADABLE.notDocx);
  await guardZip(bytes, {
    maxInflatedBytes: budget.limits.maxInflatedBytes,
    checkTime: () => budget.checkTime(),
  });
  budget.checkTime();

  let body: WordElement | undefined;
  try {
    await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // Keep the model and hand mammoth an empty body: its HTML is not needed.
        transformDocument: (document: WordElement) => {
          body = document;
          return { ...document, children: [] };
        },
      },
    );
  } catch (error) {
    throw new UnreadableDocumentError(UNREADABLE.docxDamaged, { cause: error });
  }
  if (!body) throw new UnreadableDocumentError(UNREADABLE.docxDamaged);

  const sections = new SectionBuilder(budget);
  for (const block of body.children ?? []) {
    if (sections.full) break;
    writeBlock(block, sections);
  }
  const pages = sections.finish();
  return {
    format: 'docx',
    pages,
    sheets: [],
    metadata: { pageCount: pages.length },
    notices: [...sectionLimitNotice(sections, budget.limits.maxPages), ...budget.notices],
  };
}

function writeBlock(block: WordElement, sections: SectionBuilder): void {
  if (block.type === 'table') {
    sections.add(tableRows(block));
    return;
  }
  if (block.type !== 'paragraph') {
    // Other containers (a hyperlink or a text box at the top level) are read for their paragraphs.
    for (const child of block.children ?? []) writeBlock(child, sections);
    return;
  }
  if (HEADING.test(block.styleName ?? '') || HEADING.test(block.styleId ?? '')) sections.boundary();
  const { text, pageBreak } = inlineText(block);
  sections.add([text]);
  if (pageBreak) sections.boundary();
}

function tableRows(table: WordElement): string[] {
  const rows: LayoutCell[][] = [];
  for (const row of table.children ?? []) {
    if (row.type !== 'tableRow') continue;
    rows.push(
      (row.children ?? [])
        .filter((cell) => cell.type === 'tableCell')
        .map((cell) => ({ text: cellText(cell), span: Math.max(1, cell.colSpan ?? 1) })),
    );
  }
  return layoutTable(rows);
}

/** A cell's paragraphs (and any table nested in it) as one line. */
function cellText(cell: WordElement): string {
  const parts: string[] = [];
  for (const child of cell.children ?? []) {
    if (child.type === 'table') parts.push(tableRows(child).join(' '));
    else parts.push(inlineText(child).text);
  }
  return parts
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
}

function inlineText(element: WordElement): { text: string; pageBreak: boolean } {
  let text = '';
  let pageBreak = false;
  const visit = (node: WordElement) => {
    if (node.type === 'text') text += node.value ?? '';
    else if (node.type === 'tab') text += '\t';
    else if (node.type === 'break') {
      if (node.breakType === 'page') pageBreak = true;
      else text += '\n';
    } else for (const child of node.children ?? []) visit(child);
  };
  visit(element);
  return { text, pageBreak };
}
