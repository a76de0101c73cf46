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

function candidateSentences(doc: ExtractedDocument): string[] {
  const out: string[] = [];
  for (const p of doc.pages.slice(0, 60)) {
    // Prose lines only: layout lines with wide gaps are table rows or side-by-side columns.
    const prose = p.text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 0 && !/\S\s{4,}\S/.test(l))
      .join('\n')
      .replace(/-\n(?=[a-z])/g, '')
      .replace(/\n(?!\n)/g, ' ');
    out.push(...splitSentences(prose));
  }
  for (const s of doc.sheets) {
    for (const c of s.cells)
      if (typeof c.value === 'string' && c.value.length > 60) out.push(...splitSentences(c.value));
  }
  return out;
}

function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z"“(])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 40 && s.length <= 320 && /[.!?]$/.test(s));
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
    const key = text.toLowerCase();
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
    content =
      names.length > 0
        ? `Workbook with ${names.length} sheet${names.length === 1 ? '' : 's'}: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}.`
        : '';
  }
  return { content_summary: content, suggested_folder: SUGGESTED_FOLDERS[documentType] };
}
