import {
  IC_MEMO_SECTION_TITLES,
  IC_MEMO_SECTIONS,
  type TExportIcMemoPdfRequest,
  type TIcMemoFootnote,
  type TIcMemoSection,
} from '@atempo/contracts';
import PDFDocument from 'pdfkit';
import {
  BODY_SIZE,
  COLOUR,
  contentWidth,
  drawTable,
  FONT,
  keepSpace,
  renderMarkdown,
  writeRuns,
} from './ic-memo-pdf-markdown.ts';
import type { MemoForExport } from './ic-memo-pdf-source.ts';
import { summaryForCopy } from './ic-memo-pdf-summary.ts';
import { citedFootnotes, pdfSafe } from './ic-memo-pdf-text.ts';

/**
 * The IC memo as a PDF a committee reads on paper: a cover (company, deal, date, version), then
 * each section under its heading with its metrics and terms as tables, the section's citations as
 * numbered notes after it, and "Page n of N" on every page.
 */

export type PdfSectionFlags = Pick<
  TExportIcMemoPdfRequest,
  'include_financials' | 'include_risks' | 'include_recommendations'
>;

/** A section over this many characters is cut (and says so) so one runaway section cannot stall an export. */
export const MAX_SECTION_CHARS = 60_000;

/** The sections the flags leave out of this copy, in the memo's reading order. */
export function leftOutSections(flags: PdfSectionFlags): TIcMemoSection[] {
  const left = new Set<TIcMemoSection>();
  if (flags.include_financials === false) left.add('financial_analysis');
  if (flags.include_risks === false) left.add('risk_assessment');
  if (flags.include_recommendations === false) left.add('recommendation');
  return IC_MEMO_SECTIONS.filter((section) => left.has(section));
}

/** The sections the flags keep, in the memo's reading order. */
export function exportedSections(flags: PdfSectionFlags): TIcMemoSection[] {
  const left = leftOutSections(flags);
  return IC_MEMO_SECTIONS.filter((section) => !left.includes(section));
}

/**
 * The section's text as exported, cut at MAX_SECTION_CHARS; the executive summary without the
 * sentences that quote a left-out section (summaryForCopy).
 */
export function sectionMarkdown(
  memo: MemoForExport,
  section: TIcMemoSection,
  leftOut: readonly TIcMemoSection[],
): string | null {
  const markdown =
    section === 'executive_summary' ? summaryForCopy(memo.sections, leftOut) : memo.sections[section];
  if (markdown === undefined || markdown.trim() === '') return null;
  if (markdown.length <= MAX_SECTION_CHARS) return markdown;
  return `${markdown.slice(0, MAX_SECTION_CHARS)}\n\n*(This section is longer than the PDF shows; the rest is in the memo on screen.)*`;
}

const MARGINS = { top: 64, bottom: 64, left: 62, right: 62 };
const TABULATED: ReadonlySet<TIcMemoSection> = new Set(['financial_analysis', 'deal_terms']);

export const formatMemoDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

const formatEuros = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    amount,
  );

/** Renders the PDF and answers its bytes. */
export function renderIcMemoPdf(memo: MemoForExport, flags: PdfSectionFlags): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    info: {
      Title: pdfSafe(`IC memo: ${memo.companyName} (v${memo.version})`),
      Author: 'Atempo',
      Subject: pdfSafe(`Investment committee memo for deal #${memo.dealNumber}`),
      CreationDate: memo.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawCover(doc, memo, flags);
  const footnotes = new Map(memo.footnotes.map((note) => [note.n, note]));
  const leftOut = leftOutSections(flags);
  exportedSections(flags).forEach((section, index) => {
    drawSection(doc, memo, section, sectionMarkdown(memo, section, leftOut), footnotes, index === 0);
  });
  numberPages(doc, memo);
  doc.end();
  return done;
}

function drawCover(doc: PDFKit.PDFDocument, memo: MemoForExport, flags: PdfSectionFlags): void {
  const x = MARGINS.left;
  const width = contentWidth(doc);
  doc.save().rect(0, 0, doc.page.width, 8).fill(COLOUR.accent).restore();
  doc.y = 150;
  doc.font(FONT.regular).fontSize(11).fillColor(COLOUR.muted);
  doc.text('INVESTMENT COMMITTEE MEMO', x, doc.y, { width, characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.font(FONT.bold).fontSize(28).fillColor(COLOUR.text);
  doc.text(pdfSafe(memo.companyName.slice(0, 200)), x, doc.y, { width });
  doc.moveDown(1.2);
  const details: [string, string][] = [
    ['Deal', `#${memo.dealNumber} (${memo.stage.replace(/_/g, ' ')})`],
    ['Company', memo.companyName.slice(0, 200)],
    ['Amount requested', formatEuros(memo.amountRequested)],
    ['Date', formatMemoDate(memo.createdAt)],
    ['Version', `v${memo.version}`],
    ['Written by', memo.generatedBy.slice(0, 200)],
  ];
  const left = leftOutSections(flags).map((section) => IC_MEMO_SECTION_TITLES[section]);
  if (left.length > 0) details.push(['Left out of this copy', left.join(', ')]);
  drawTable(
    doc,
    null,
    details.map(([label, value]) => [[{ text: label, bold: true }], [{ text: pdfSafe(value) }]]),
    { x, width },
    [0.3, 0.7],
  );
  doc.moveDown(2);
  doc.font(FONT.italic).fontSize(9).fillColor(COLOUR.muted);
  doc.text(
    'Confidential. Every figure carries a numbered note naming its source; a section without data says what is missing.',
    x,
    doc.y,
    { width },
  );
}

function drawSection(
  doc: PDFKit.PDFDocument,
  memo: MemoForExport,
  section: TIcMemoSection,
  markdown: string | null,
  footnotes: Map<number, TIcMemoFootnote>,
  first: boolean,
): void {
  // Sections flow one after the other; a heading never sits alone at the foot of a page.
  if (first) doc.addPage();
  else {
    doc.moveDown(1.2);
    keepSpace(doc, 140);
  }
  const x = MARGINS.left;
  const width = contentWidth(doc);
  doc.font(FONT.bold).fontSize(17).fillColor(COLOUR.text);
  let title = IC_MEMO_SECTION_TITLES[section];
  if (section === 'deal_terms' && memo.termsAreProposal) title += ' (proposal)';
  doc.text(title, x, doc.y, { width });
  doc
    .save()
    .moveTo(x, doc.y + 2)
    .lineTo(x + width, doc.y + 2)
    .lineWidth(1)
    .strokeColor(COLOUR.accent)
    .stroke()
    .restore();
  doc.moveDown(0.8);
  if (markdown === null) {
    writeRuns(doc, [{ text: 'This section is not in the memo.', italic: true }], {
      x,
      width,
      colour: COLOUR.muted,
    });
    return;
  }
  renderMarkdown(doc, markdown, TABULATED.has(section));
  drawNotes(
    doc,
    citedFootnotes(markdown).sort((a, b) => a - b),
    footnotes,
  );
}

/** The section's citations, numbered as in the text. */
function drawNotes(doc: PDFKit.PDFDocument, cited: number[], footnotes: Map<number, TIcMemoFootnote>): void {
  if (cited.length === 0) return;
  const x = MARGINS.left;
  const width = contentWidth(doc);
  keepSpace(doc, 60);
  doc.moveDown(0.6);
  doc
    .save()
    .moveTo(x, doc.y)
    .lineTo(x + width / 3, doc.y)
    .lineWidth(0.5)
    .strokeColor(COLOUR.rule)
    .stroke()
    .restore();
  doc.moveDown(0.4);
  doc.font(FONT.bold).fontSize(8.5).fillColor(COLOUR.muted).text('Notes', x, doc.y, { width });
  doc.moveDown(0.2);
  for (const n of cited) {
    const note = footnotes.get(n);
    const text = note ? describeNote(note) : 'Source not recorded with this memo.';
    keepSpace(doc, 24);
    writeRuns(doc, [{ text: `[${n}] `, bold: true }, { text: pdfSafe(text) }], {
      x,
      width,
      size: BODY_SIZE - 1.5,
      colour: COLOUR.muted,
    });
    doc.moveDown(0.15);
  }
}

function describeNote(note: TIcMemoFootnote): string {
  const parts = [note.source];
  if (note.target.location && !note.source.includes(note.target.location)) parts.push(note.target.location);
  let text = parts.join(', ');
  const excerpt = note.content_excerpt.trim();
  if (excerpt) text += `: "${excerpt.length > 240 ? `${excerpt.slice(0, 240)}...` : excerpt}"`;
  if (note.date) text += ` (${formatMemoDate(new Date(note.date))})`;
  return text;
}

/** Footer on every page once all pages exist: what the memo is, and "Page n of N". */
function numberPages(doc: PDFKit.PDFDocument, memo: MemoForExport): void {
  const range = doc.bufferedPageRange();
  const label = pdfSafe(`${memo.companyName.slice(0, 80)}, IC memo v${memo.version}. Confidential`);
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    const width = contentWidth(doc);
    doc.font(FONT.regular).fontSize(8).fillColor(COLOUR.muted);
    if (index > range.start) doc.text(label, MARGINS.left, y, { width: width * 0.7, lineBreak: false });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGINS.left, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
