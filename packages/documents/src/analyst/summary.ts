/**
 * summariseDocument: an extractive summary, 3 to 5 sentences taken as written from the document
 * (never composed), chosen for what they tell a lender: sentences that name the business, its
 * figures, the facility; boilerplate, tables and legal cross-references score low. They are given
 * in document order. The suggested folder follows from the document type.
 */
import type { TDocumentType } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';

export const SUGGESTED_FOLDERS: Record<TDocumentType, string> = {
  pitch_deck: 'Company/Pitch Decks',
  financial_model: 'Financials/Models',
  financial_statements: 'Financials/Statements',
  annual_report: 'Financials/Annual Reports',
  term_sheet: 'Legal/Term Sheets',
  legal_agreement: 'Legal/Agreements',
  board_report: 'Reporting/Board Reports',
  other: 'General',
};

const INFORMATIVE =
  /\b(?:revenue|arr|mrr|growth|customers?|margin|ebitda|profit|loss|cash|runway|burn|facility|loan|interest|maturity|warrant|covenant|company|we\s+(?:are|build|help|provide|offer)|platform|founded|headquartered|employees|market|raised|round|valuation|purpose|agreement|borrower|lender|total|increase|decrease)\b/gi;
const BOILERPLATE =
  /\b(?:table\s+of\s+contents|forward[- ]looking\s+statements|incorporated\s+(?:herein\s+)?by\s+reference|pursuant\s+to|securities\s+exchange\s+act|check\s+mark|indicate\s+by|registrant|exchange\s+act|rule\s+\d|filer|hypothetical|see\s+note|page\s+\d+|copyright|all\s+rights\s+reserved|confidential(?:ity)?\s+notice|www\.|https?:)\b/i;

interface Scored {
  text: string;
  score: number;
  order: number;
}

/**
 * Paragraphs of a page: wrapped lines are joined, a short line without final punctuation (a heading,
 * a table caption) stands alone, and layout lines with wide gaps (table rows, side-by-side columns)
 * are left out.
 */
function paragraphs(text: string): string[] {
  const lines = text.split('\n').map((l) => l.trim());
  const out: string[] = [];
  let current = '';
  for (const line of lines) {
    if (line.length === 0 || /\S\s{4,}\S|\t/.test(line)) {
      if (current) out.push(current);
      current = '';
      continue;
    }
    const heading = line.length < 50 && !/[.!?:;,]$/.test(line);
    if (heading && !/^[a-z]/.test(line)) {
      if (current) out.push(current);
      out.push(line);
      current = '';
      continue;
    }
    current = current ? `${current.replace(/-$/, '')}${current.endsWith('-') ? '' : ' '}${line}` : line;
    if (/[.!?]$/.test(line) && line.length < 60) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

function candidateSentences(doc: ExtractedDocument): string[] {
  const out: string[] = [];
  for (const p of doc.pages.slice(0, 60))
    for (const para of paragraphs(p.text)) out.push(...splitSentences(para));
  for (const s of doc.sheets) {
    for (const c of s.cells)
      if (typeof c.value === 'string' && c.value.length > 60) out.push(...splitSentences(c.value));
  }
  return out;
}

/** The document's title: its first short lines, as written (for files with no sentences at all). */
function titleLines(doc: ExtractedDocument): string {
  const first = doc.pages[0]?.text ?? '';
  return first
    .split('\n')
    .map((l) => l.trim().replace(/\s{2,}/g, ' '))
    .filter(
      (l) =>
        l.length > 2 &&
        l.length < 80 &&
        /\p{L}{3}/u.test(l) &&
        (l.match(/\d/g) ?? []).length < l.length * 0.2,
    )
    .slice(0, 3)
    .join(' — ');
}

const ABBREVIATION =
  /\b(?:Mr|Mrs|Ms|Dr|Inc|Ltd|Co|Corp|No|Nos|St|vs|etc|e\.g|i\.e|U\.S|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$/;

function splitSentences(text: string): string[] {
  const parts = text.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=[A-Z"“(])/);
  // Re-join the pieces cut after an abbreviation ("Mr. Smith", "Acme Inc. reported")
  const joined: string[] = [];
  for (const part of parts) {
    const last = joined[joined.length - 1];
    if (last !== undefined && ABBREVIATION.test(last)) joined[joined.length - 1] = `${last} ${part}`;
    else joined.push(part);
  }
  return joined
    .map((s) => s.trim())
    .filter(
      (s) =>
        s.length >= 40 &&
        s.length <= 320 &&
        /[.!?]$/.test(s) &&
        /^[\p{Lu}"“(\d]/u.test(s) &&
        s.split(' ').length >= 6 &&
        !/\[\s*[●•]?\s*\]|_{3,}|\bclick\b|unprotect/i.test(s),
    );
}

function score(s: string, order: number): number {
  if (BOILERPLATE.test(s)) return -1;
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  if (letters / s.length < 0.6) return -1; // mostly numbers: a table line
  const informative = Math.min(4, (s.match(INFORMATIVE) ?? []).length);
  const figures = Math.min(
    2,
    (s.match(/[€£$]\s?\d|\d\s?%|\d+(?:\.\d+)?\s?(?:million|bn|m|k)\b/gi) ?? []).length,
  );
  const early = order < 15 ? 1.5 : order < 60 ? 0.5 : 0;
  const shouting = s === s.toUpperCase() ? -2 : 0;
  return informative + figures * 1.5 + early + shouting;
}

export interface Summary {
  content_summary: string;
  suggested_folder: string;
}

export function summariseDocument(doc: ExtractedDocument, documentType: TDocumentType): Summary {
  const seen = new Set<string>();
  const scored: Scored[] = [];
  for (const [order, text] of candidateSentences(doc).entries()) {
    const key = text.toLowerCase().replace(/[^\p{L}\d]+/gu, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const s = score(text, order);
    if (s > 0) scored.push({ text, score: s, order });
    if (scored.length > 3000) break;
  }
  const chosen = scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, 5)
    .filter((s, i) => i < 3 || s.score >= 3)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.text);
  let content = chosen.join(' ');
  if (content.length === 0) {
    // Nothing written as sentences (a workbook of figures): say what the file holds, in its own names.
    const names = doc.sheets.map((s) => s.name);
    content = titleLines(doc);
    if (content.length === 0)
      content =
        names.length > 0
          ? `Workbook with ${names.length} sheet${names.length === 1 ? '' : 's'}: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}.`
          : '';
  }
  return { content_summary: content, suggested_folder: SUGGESTED_FOLDERS[documentType] };
}
