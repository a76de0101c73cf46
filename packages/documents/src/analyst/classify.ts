/**
 * classifyDocument: which kind of document this is, from the words it uses, its shape (short
 * slides, long filings, workbooks) and its file name. Each type collects weighted evidence; the
 * confidence is the winner's share of the evidence, lowered when little evidence was found at all,
 * so a document with few telling words is reported as unsure rather than confidently wrong.
 */
import type { TDocumentType } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import { documentText } from './templates.ts';

interface Signal {
  re: RegExp;
  weight: number;
}

const SIGNALS: Record<Exclude<TDocumentType, 'other'>, Signal[]> = {
  pitch_deck: [
    { re: /\b(?:pitch\s+deck|investor\s+(?:deck|presentation))\b/i, weight: 6 },
    { re: /\bthe\s+problem\b|^\s*problem\s*$/im, weight: 2 },
    { re: /\b(?:our\s+)?solution\b/i, weight: 1 },
    {
      re: /\b(?:traction|go[- ]to[- ]market|business\s+model|why\s+now|competitive\s+landscape|competition)\b/i,
      weight: 1.5,
    },
    { re: /\b(?:TAM|SAM|SOM|market\s+(?:size|opportunity))\b/, weight: 2 },
    { re: /\b(?:the\s+ask|use\s+of\s+funds|we\s+are\s+raising|raising\s+[€£$])\b/i, weight: 3 },
    { re: /\b(?:ARR|MRR|NRR|CAC|LTV)\b/, weight: 1 },
    { re: /\b(?:meet\s+the\s+team|our\s+team|founders?)\b/i, weight: 1 },
  ],
  financial_model: [
    {
      re: /\b(?:financial\s+model|projections?|forecast|pro\s+forma|assumptions|scenario|sensitivity)\b/i,
      weight: 2,
    },
    { re: /\b(?:20\d\d|FY\d\d)\s?[EFB]\b/, weight: 2 },
    { re: /\b(?:base\s+case|upside\s+case|downside\s+case|budget)\b/i, weight: 1.5 },
    { re: /\b(?:cash\s+flow\s+forecast|opening\s+(?:cash\s+)?balance|closing\s+cash)\b/i, weight: 2 },
    { re: /\b(?:year\s+[1-9]|month\s+[1-9]|M[1-9]\b)/i, weight: 1 },
  ],
  financial_statements: [
    {
      re: /\b(?:balance\s+sheets?|statements?\s+of\s+(?:financial\s+position|financial\s+condition))\b/i,
      weight: 3,
    },
    {
      re: /\b(?:statements?\s+of\s+(?:operations|income|earnings|cash\s+flows?)|income\s+statement|profit\s+and\s+loss)\b/i,
      weight: 3,
    },
    {
      re: /\bnotes\s+to\s+(?:the\s+)?(?:condensed\s+)?(?:consolidated\s+)?financial\s+statements\b/i,
      weight: 2,
    },
    { re: /\b(?:form\s+10-Q|quarterly\s+report|management\s+accounts|interim\s+financial)\b/i, weight: 3 },
    { re: /\btotal\s+(?:assets|liabilities)\b/i, weight: 2 },
    { re: /\b(?:audited|independent\s+auditors?|report\s+of\s+independent)\b/i, weight: 1 },
  ],
  annual_report: [
    { re: /\b(?:annual\s+report|form\s+10-K|annual\s+report\s+pursuant\s+to\s+section\s+13)\b/i, weight: 5 },
    {
      re: /\b(?:letter\s+to\s+(?:our\s+)?shareholders|chairman'?s\s+statement|corporate\s+governance|directors'?\s+report)\b/i,
      weight: 2,
    },
    { re: /\b(?:fiscal\s+year\s+ended|for\s+the\s+fiscal\s+year)\b/i, weight: 1 },
    { re: /\b(?:risk\s+factors|management'?s\s+discussion\s+and\s+analysis)\b/i, weight: 1.5 },
  ],
  term_sheet: [
    { re: /\b(?:term\s+sheet|indicative\s+terms|summary\s+of\s+(?:principal\s+)?terms)\b/i, weight: 6 },
    { re: /\b(?:facility\s+amount|commitment\s+amount|loan\s+amount)\b/i, weight: 3 },
    { re: /\b(?:borrower|lender)\b/i, weight: 1 },
    {
      re: /\b(?:warrant\s+coverage|interest[- ]only\s+period|arrangement\s+fee|final\s+fee|end[- ]of[- ]term\s+fee|drawdown)\b/i,
      weight: 3,
    },
    { re: /\b(?:non-binding|indicative|subject\s+to\s+(?:due\s+diligence|credit\s+approval))\b/i, weight: 2 },
    { re: /\b(?:EURIBOR|SONIA|SOFR|LIBOR)\b/, weight: 1 },
  ],
  legal_agreement: [
    {
      re: /\b(?:this\s+)?(?:loan|facility|credit|partnership|shareholders'?|subscription|employment|purchase|services|letter)\s+agreement\b/i,
      weight: 4,
    },
    {
      re: /\b(?:whereas|hereby|hereinafter|hereto|thereof|witnesseth|in\s+witness\s+whereof)\b/i,
      weight: 1.5,
    },
    {
      re: /\b(?:governing\s+law|jurisdiction|indemnif|representations\s+and\s+warranties|events?\s+of\s+default)\b/i,
      weight: 1.5,
    },
    { re: /\bthe\s+parties\b|\bparty\s+(?:hereto|to\s+this)\b/i, weight: 1.5 },
    { re: /\bshall\b/i, weight: 0.5 },
    { re: /^\s*(?:article|section|clause)\s+\d+/im, weight: 1 },
  ],
  board_report: [
    {
      re: /\b(?:board\s+(?:meeting|pack|report|update|deck|of\s+directors\s+meeting)|investor\s+update|monthly\s+update|quarterly\s+update)\b/i,
      weight: 5,
    },
    { re: /\b(?:KPIs?|highlights|lowlights|asks?\s+of\s+the\s+board|decisions?\s+required)\b/i, weight: 1.5 },
    { re: /\b(?:vs\.?\s+budget|versus\s+budget|variance)\b/i, weight: 1.5 },
    { re: /\b(?:minutes\s+of|agenda)\b/i, weight: 1 },
  ],
};

/** Signals that make a document something none of the types describe (current reports, reference tables). */
const OTHER_SIGNALS: Signal[] = [
  { re: /\bform\s+8-K\b|\bcurrent\s+report\s+pursuant\s+to\s+section\s+13\b/i, weight: 8 },
  { re: /\b(?:request\s+list|checklist|questionnaire|due\s+diligence\s+request)\b/i, weight: 5 },
  { re: /\b(?:cost\s+of\s+capital|industry\s+(?:averages|name)|by\s+industry)\b/i, weight: 4 },
  { re: /\b(?:budget\s+de\s+l'[ée]tat|d[ée]penses|recettes|minist[eè]re)\b/i, weight: 4 },
];

const FILENAME_HINTS: Array<{ re: RegExp; type: TDocumentType; weight: number }> = [
  { re: /pitch|deck|investor[-_ ]?presentation/i, type: 'pitch_deck', weight: 5 },
  {
    re: /model|forecast|projection|budget|pro[-_ ]?forma|cash[-_ ]?flow/i,
    type: 'financial_model',
    weight: 3,
  },
  {
    re: /10-?q|financial[-_ ]?statements|accounts|balance|p&l|management[-_ ]accounts/i,
    type: 'financial_statements',
    weight: 3,
  },
  { re: /10-?k|annual[-_ ]?report/i, type: 'annual_report', weight: 5 },
  { re: /term[-_ ]?sheet|indicative[-_ ]?terms/i, type: 'term_sheet', weight: 6 },
  { re: /agreement|contract|facility|loan|nda|deed/i, type: 'legal_agreement', weight: 3 },
  { re: /board|investor[-_ ]?update|monthly[-_ ]?update/i, type: 'board_report', weight: 4 },
  { re: /8-?k\b|8K_/i, type: 'other', weight: 6 },
];

function count(re: RegExp, text: string, cap: number): number {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  return Math.min(cap, (text.match(g) ?? []).length);
}

export interface Classification {
  document_type: TDocumentType;
  confidence_score: number;
}

/** The weight of evidence for each type (exported for diagnosis). */
export function typeEvidence(doc: ExtractedDocument, filename: string): Map<TDocumentType, number> {
  const text = documentText(doc, 300_000);
  // The first pages say what a document is; weigh them, and the rest only lightly.
  const head =
    doc.pages.length > 0
      ? doc.pages
          .slice(0, 3)
          .map((p) => p.text)
          .join('\n')
      : text.slice(0, 20_000);
  const scores = new Map<TDocumentType, number>();
  const add = (t: TDocumentType, n: number) => scores.set(t, (scores.get(t) ?? 0) + n);

  for (const [type, signals] of Object.entries(SIGNALS) as Array<[TDocumentType, Signal[]]>) {
    for (const s of signals) {
      add(type, s.weight * (count(s.re, head, 3) * 1.0 + Math.log2(1 + count(s.re, text, 50)) * 0.5));
    }
  }
  for (const s of OTHER_SIGNALS)
    add('other', s.weight * Math.min(3, count(s.re, head, 3) + (count(s.re, text, 5) > 0 ? 0.5 : 0)));

  const base = filename.replace(/^.*[\\/]/, '');
  for (const h of FILENAME_HINTS) if (h.re.test(base)) add(h.type, h.weight);

  // Shape: slides are short pages; filings are long; workbooks of statements have statement sheets.
  const pages = doc.pages.length;
  if (doc.format === 'pdf' && pages >= 5 && pages <= 40) {
    const avg = doc.pages.reduce((n, p) => n + p.text.trim().split(/\s+/).length, 0) / pages;
    if (avg < 120) add('pitch_deck', 4);
  }
  if (pages > 60) add('annual_report', 2);
  if (doc.sheets.length > 0) {
    const names = doc.sheets.map((s) => s.name).join(' | ');
    if (/balance\s+sheet|statements?\s+of|income|operations|cash\s+flows?/i.test(names))
      add('financial_statements', 6);
    if (/assumptions|model|forecast|projection|scenario|p&l|dcf|budget/i.test(names))
      add('financial_model', 5);
    const formulas = doc.sheets.reduce((n, s) => n + s.cells.filter((c) => c.formula).length, 0);
    if (formulas > 50) add('financial_model', 2);
  }

  return scores;
}

export function classifyDocument(doc: ExtractedDocument, filename: string): Classification {
  const scores = typeEvidence(doc, filename);
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  const top = first?.[1] ?? 0;
  if (!first || top < 4)
    return { document_type: 'other', confidence_score: Number((0.3 + Math.min(0.2, top / 20)).toFixed(2)) };
  const runnerUp = second?.[1] ?? 0;
  const margin = (top - runnerUp) / top; // 0 = tie, 1 = nothing else
  const evidence = Math.min(1, top / 25); // little evidence → less sure
  const confidence = 0.35 + 0.6 * margin * (0.5 + 0.5 * evidence);
  return { document_type: first[0], confidence_score: Number(Math.min(0.95, confidence).toFixed(2)) };
}
