/**
 * findFacilityTerms: the terms of a loan or credit facility as a term sheet, loan agreement or a
 * financial-statement note ("Line of Credit") states them. Each term is read from a sentence or a
 * "Label: value" line, keeps the words as written and points to its page or cell.
 */
import type {
  TDocumentType,
  TFacilityTerm,
  TFacilityTerms,
  TFigureSource,
  TSourcedText,
} from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import { findAmounts } from './amounts.ts';
import { convert, DEFAULT_FX_RATES, type FxRates } from './fx-rates.ts';
import { cellLabel, clip, excerptAround, pageSource } from './source.ts';
import { detectTemplate } from './templates.ts';

type TermName = keyof TFacilityTerms['terms'];

interface Passage {
  text: string;
  /** The page or cell text the passage belongs to. */
  group: string;
  source: (excerpt: string) => TFigureSource;
}

/** Sentences (or "Label: value" lines) of the document with where they are. */
export function passages(doc: ExtractedDocument, slides = false): Passage[] {
  const out: Passage[] = [];
  for (const p of doc.pages) {
    const src = (e: string) => pageSource(p.number, e, slides);
    // Layout lines "Facility Amount:      €5,000,000" keep label and value; prose is joined into sentences.
    const lines = p.text.split('\n');
    let prose = '';
    for (const raw of lines) {
      const line = raw.trim();
      if (line.length === 0) {
        if (prose) out.push(...sentences(prose, src, p.text));
        prose = '';
        continue;
      }
      if (/[^.\s](?:\s{2,}|\t)\S/.test(line) && line.length < 200) {
        if (prose) out.push(...sentences(prose, src, p.text));
        prose = '';
        out.push({ text: line.replace(/\s{2,}|\t+/g, ': ').replace(/::/g, ':'), group: p.text, source: src });
        continue;
      }
      prose = prose ? `${prose} ${line}` : line;
    }
    if (prose) out.push(...sentences(prose, src, p.text));
  }
  for (const s of doc.sheets) {
    const byRow = new Map<number, string[]>();
    for (const c of s.cells) {
      if (typeof c.value !== 'string') continue;
      const src = (e: string): TFigureSource => ({
        kind: 'cell',
        sheet: s.name,
        cell: c.address,
        label: cellLabel(s.name, c.address),
        excerpt: e,
      });
      if (c.value.length > 80) out.push(...sentences(c.value, src, c.value));
      const row = byRow.get(c.row) ?? [];
      row.push(c.value);
      byRow.set(c.row, row);
    }
    // Two-column term sheets in a workbook: "Facility amount" | "€5,000,000"
    const at = new Map(s.cells.map((c) => [`${c.row}:${c.column}`, c]));
    for (const c of s.cells) {
      if (typeof c.value !== 'string' || c.value.length > 60) continue;
      const right = at.get(`${c.row}:${c.column + 1}`);
      if (!right) continue;
      const src = (e: string): TFigureSource => ({
        kind: 'cell',
        sheet: s.name,
        cell: right.address,
        label: cellLabel(s.name, right.address),
        excerpt: e,
      });
      const text = `${c.value}: ${right.text || String(right.value)}`;
      out.push({ text, group: text, source: src });
    }
  }
  return out;
}

function sentences(text: string, source: (e: string) => TFigureSource, group: string): Passage[] {
  const parts = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.;!?])\s+(?=[A-Z(])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
  return parts.map((p) => ({ text: p, group, source }));
}

const BASE = String.raw`(?:(?:\d{1,2}[- ](?:month|day|week)\s+|one[- ]month\s+|three[- ]month\s+|30[- ]day\s+|overnight\s+)?(?:EURIBOR|SONIA|SOFR|LIBOR|ESTR|€STR|SARON|TONA|base\s+rate|prime(?:\s+rate)?|reference\s+rate))`;

const FACILITY_WORDS =
  /\b(?:(?<strong>facility\s+(?:amount|size|limit)|commitments?(?:\s+amount)?|loan\s+amount|principal\s+amount|aggregate\s+(?:principal\s+)?amount|maximum\s+amount)|(?:term\s+)?loan\s+facility|line\s+of\s+credit(?:\s+facility)?|credit\s+facility|revolving\s+(?:credit\s+)?facility|facility|tranche\s+[a-c1-3])\b/gi;
const BASE_RE = new RegExp(BASE, 'i');
const BASE_PLUS_MARGIN = new RegExp(
  String.raw`${BASE}\s*(?:\+|plus)\s*(\d+(?:[.,]\d+)?\s?(?:%|bps|basis\s+points)(?:\s+per\s+annum|\s+p\.a\.)?)`,
  'i',
);
const MARGIN_OVER_BASE = new RegExp(
  String.raw`(\d+(?:[.,]\d+)?\s?(?:%|bps|basis\s+points))(?:\s+per\s+annum)?\s+(?:above|over|plus|in\s+excess\s+of)\s+(?:the\s+)?${BASE}`,
  'i',
);
const BASE_PLUS_AT_END = new RegExp(String.raw`${BASE}\s*(?:\+|plus)\s*$`, 'i');

function term(
  value: number | null,
  unit: TFacilityTerm['unit'],
  text: string,
  p: Passage,
  at: number,
  len: number,
): TFacilityTerm {
  return { value, unit, text: clip(text), source: p.source(excerptAround(p.text, at, len)) };
}

function pctValue(s: string): number | null {
  const m = /(-?\d+(?:[.,]\d+)?)\s?%/.exec(s);
  if (m?.[1]) return Number((Number(m[1].replace(',', '.')) / 100).toFixed(6));
  const bps = /(\d+(?:\.\d+)?)\s?(?:bps|basis\s+points)/i.exec(s);
  if (bps?.[1]) return Number((Number(bps[1]) / 10000).toFixed(6));
  return null;
}

function monthsValue(s: string): number | null {
  const m = /(\d{1,3})\s?(?:-\s?)?months?\b/i.exec(s);
  if (m?.[1]) return Number(m[1]);
  const y = /(\d{1,2}(?:\.\d)?|one|two|three|four|five)\s?(?:-\s?)?years?\b/i.exec(s);
  if (y?.[1]) {
    const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
    const n = words[y[1].toLowerCase()] ?? Number(y[1]);
    return Number.isFinite(n) ? n * 12 : null;
  }
  return null;
}

interface TermRule {
  name: TermName;
  find: (p: Passage, lendingDoc: boolean) => TFacilityTerm | null;
}

const RULES: TermRule[] = [
  {
    name: 'facility_amount',
    find: (p, lendingDoc) => {
      // Every mention is tried: a heading ("Line of Credit") may come before the sentence that sizes it.
      for (const m of p.text.matchAll(FACILITY_WORDS)) {
        const strong = Boolean(m.groups?.strong);
        const after = p.text.slice(m.index + m[0].length, m.index + m[0].length + 140);
        const a = findAmounts(after).find(
          (x) => (x.currency !== null || x.scale !== null) && !x.percent && Math.abs(x.value) >= 10_000,
        );
        if (!a) continue;
        const gap = after.slice(0, a.index);
        // The amount belongs to the facility when only words stand between them ("up to", "of", ":").
        if (
          gap.length > 60 ||
          /[\d—–]|[.;]\s/.test(gap) ||
          /\b(?:outstanding|drawn|borrowed|balance|fee|interest|covenant|minimum|fair\s+value)\b/i.test(gap)
        )
          continue;
        // "Line of credit: $178,000" in a statement is the drawn balance; the size reads "up to", "amount of".
        const sized =
          /\b(?:up\s+to|amount\s+of|limit\s+of|size\s+of|maximum\s+of|totall?ing|aggregating)\b/i.test(gap);
        if (!strong && !sized && !(lendingDoc && /^[\s:(]*(?:of\s+)?$/i.test(gap))) continue;
        const upTo = /\bup\s+to\b/i.test(gap);
        const length = m[0].length + a.index + a.text.length;
        return term(a.value, 'currency', `${upTo ? 'up to ' : ''}${a.text}`, p, m.index, length);
      }
      return null;
    },
  },
  {
    name: 'margin_over_base',
    find: (p) => {
      const after = BASE_PLUS_MARGIN.exec(p.text);
      if (after?.[1]) return term(pctValue(after[1]), 'fraction', after[0], p, after.index, after[0].length);
      const before = MARGIN_OVER_BASE.exec(p.text);
      if (before?.[1])
        return term(pctValue(before[1]), 'fraction', before[0], p, before.index, before[0].length);
      const margin = /\bmargin\b[^.;]{0,30}?(\d+(?:[.,]\d+)?\s?(?:%|bps|basis\s+points))/i.exec(p.text);
      if (margin?.[1] && BASE_RE.test(p.text))
        return term(pctValue(margin[1]), 'fraction', margin[0], p, margin.index, margin[0].length);
      return null;
    },
  },
  {
    name: 'interest_rate',
    find: (p) => {
      const m =
        /\b(?:interest\s+rate|interest|coupon|cash\s+interest|fixed\s+rate)\b[^.;]{0,40}?(\d{1,2}(?:[.,]\d{1,3})?\s?%)(?:\s*(?:per\s+annum|p\.a\.|fixed|annual))?/i.exec(
          p.text,
        );
      if (!m?.[1]) return null;
      if (BASE_PLUS_AT_END.test(p.text.slice(0, p.text.indexOf(m[1], m.index)))) return null;
      if (/\b(?:default|penalty|late|overdue|floor|cap|coverage|ratio)\b/i.test(m[0])) return null;
      return term(pctValue(m[1]), 'fraction', m[0], p, m.index, m[0].length);
    },
  },
  {
    name: 'maturity_months',
    find: (p) => {
      const m =
        /\b(?:maturity(?:\s+date)?|term\s+of\s+(?:the\s+)?(?:loan|facility)|tenor|loan\s+term|final\s+repayment\s+date|matures?|expires?)\b[^.;]{0,80}?((?:\d{1,3}\s?(?:-\s?)?months?|\d{1,2}\s?(?:-\s?)?years?|(?:one|two|three|four|five)\s+years?)|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4})/i.exec(
          p.text,
        );
      if (!m?.[1]) return null;
      const months = monthsValue(m[1]);
      return term(months, months === null ? 'text' : 'months', m[0], p, m.index, m[0].length);
    },
  },
  {
    name: 'interest_only_months',
    find: (p) => {
      const m =
        /\binterest[- ]only(?:\s+period)?\b[^.;]{0,40}?(\d{1,2})\s?(?:-\s?)?months?|(\d{1,2})\s?(?:-\s?)?months?(?:\s+of)?\s+interest[- ]only/i.exec(
          p.text,
        );
      if (!m) return null;
      return term(Number(m[1] ?? m[2]), 'months', m[0], p, m.index, m[0].length);
    },
  },
  {
    name: 'amortisation',
    find: (p) => {
      const m =
        /\b(?:amorti[sz]ation|amorti[sz]ing|repayment(?:\s+schedule)?|repayable|repaid)\b[^.;]{0,100}?(\d{1,3})\s?(?:equal\s+)?(?:monthly|quarterly)?\s*(?:instal(?:l)?ments|months)/i.exec(
          p.text,
        );
      if (!m?.[1]) {
        const t = /\b(?:amorti[sz]ation|repayment)\s*:\s*([^.;]{3,80})/i.exec(p.text);
        return t?.[1]
          ? term(
              monthsValue(t[1]),
              monthsValue(t[1]) === null ? 'text' : 'months',
              t[0],
              p,
              t.index,
              t[0].length,
            )
          : null;
      }
      return term(Number(m[1]), 'months', m[0], p, m.index, m[0].length);
    },
  },
  {
    name: 'warrant_coverage',
    find: (p) => {
      const m =
        /\bwarrants?(?:\s+coverage)?\b[^.;]{0,80}?(\d{1,2}(?:[.,]\d{1,2})?\s?%)|(\d{1,2}(?:[.,]\d{1,2})?\s?%)\s+warrant\s+coverage/i.exec(
          p.text,
        );
      if (!m) return null;
      return term(pctValue(m[1] ?? m[2] ?? ''), 'fraction', m[0], p, m.index, m[0].length);
    },
  },
  {
    name: 'arrangement_fee',
    find: (p) => {
      const m =
        /\b(?:arrangement|upfront|up-front|origination|facility|commitment|closing)\s+fee\b[^.;]{0,40}?(\d{1,2}(?:[.,]\d{1,3})?\s?%|(?:€|£|\$|EUR|GBP|USD)\s?\d[\d,.]*\s?(?:k|m|million)?)/i.exec(
          p.text,
        );
      if (!m?.[1]) return null;
      const pct = pctValue(m[1]);
      const amount = pct === null ? (findAmounts(m[1])[0]?.value ?? null) : null;
      return term(pct ?? amount, pct !== null ? 'fraction' : 'currency', m[0], p, m.index, m[0].length);
    },
  },
  {
    name: 'final_fee',
    find: (p) => {
      const m =
        /\b(?:final|end[- ]of[- ]term|exit|back[- ]end|success)\s+(?:payment|fee)\b[^.;]{0,40}?(\d{1,2}(?:[.,]\d{1,3})?\s?%|(?:€|£|\$|EUR|GBP|USD)\s?\d[\d,.]*\s?(?:k|m|million)?)/i.exec(
          p.text,
        );
      if (!m?.[1]) return null;
      const pct = pctValue(m[1]);
      const amount = pct === null ? (findAmounts(m[1])[0]?.value ?? null) : null;
      return term(pct ?? amount, pct !== null ? 'fraction' : 'currency', m[0], p, m.index, m[0].length);
    },
  },
];

const COVENANT =
  /\b(?:covenants?|minimum\s+(?:cash|liquidity|revenue|arr|ebitda)|interest\s+coverage\s+ratio|(?:net\s+)?leverage\s+ratio|debt\s+service\s+coverage|(?:shall|must|will)\s+(?:at\s+all\s+times\s+)?maintain|financial\s+ratios?)\b/i;

/** A covenant a lender tests is about money: cash, ratios, revenue, debt. */
const FINANCIAL =
  /\b(?:cash|liquidity|revenues?|arr|ebitda|leverage|debt|interest|coverage|ratios?|net\s+worth|financial|capital\s+expenditure|gearing|borrowing|[€£$]\s?\d)/i;
/** Covenants of employment and sale agreements (not competing, not soliciting) are not a lender's. */
const NOT_FINANCIAL_COVENANT =
  /\b(?:restrictive\s+covenants?|non-?compet\w*|non-?solicit\w*|confidentiality)\b/i;
/** A loan or credit agreement (rather than an employment, partnership or services agreement). */
const LOAN_DOCUMENT =
  /\b(?:loan|credit|facility)\s+agreement\b|\bthe\s+(?:lender|borrower)s?\b|\bterm\s+loan\b|\brevolving\s+(?:credit\s+)?facility\b/i;

/** Does this document speak of a loan or credit facility at all? */
function mentionsFacility(text: string): boolean {
  return /\b(?:facility|line\s+of\s+credit|credit\s+agreement|loan\s+agreement|term\s+loan|venture\s+debt|borrower|revolving)\b/i.test(
    text,
  );
}

export interface FacilityOptions {
  fxRates?: FxRates;
}

export function findFacilityTerms(
  doc: ExtractedDocument,
  documentType: TDocumentType,
  options: FacilityOptions = {},
): TFacilityTerms | null {
  const all = passages(doc, documentType === 'pitch_deck');
  // An employment or partnership agreement is a legal agreement too, but it has no facility.
  const lendingDoc =
    documentType === 'term_sheet' ||
    (documentType === 'legal_agreement' &&
      LOAN_DOCUMENT.test(
        all
          .map((p) => p.text)
          .join('\n')
          .slice(0, 200_000),
      ));
  if (documentType === 'legal_agreement' && !lendingDoc) return null;
  // Outside term sheets and agreements, only passages about a facility count (a statement's note).
  const relevant = lendingDoc ? all : all.filter((p) => mentionsFacility(p.group));
  if (relevant.length === 0) return null;
  // A blank term sheet or form states no terms, only blanks and examples.
  if (detectTemplate(doc).isTemplate) return null;
  const terms: TFacilityTerms['terms'] = {};
  for (const rule of RULES) {
    for (const p of relevant) {
      const t = rule.find(p, lendingDoc);
      if (t) {
        terms[rule.name] = t;
        break;
      }
    }
  }
  // Amounts are EUR (decision 005): a facility stated in another currency is converted, the text keeps what was written.
  const amount = terms.facility_amount;
  if (amount && amount.value !== null) {
    const fx = options.fxRates ?? DEFAULT_FX_RATES;
    const stated = findAmounts(amount.text)[0]?.currency;
    if (stated && stated !== fx.base) {
      const conv = convert(amount.value, stated, fx);
      if (conv) {
        terms.facility_amount = {
          ...amount,
          value: conv.value,
          text: `${amount.text} (${fx.base} ${conv.value.toLocaleString('en-GB')} at the ${conv.rate_date} rate of ${conv.rate})`,
        };
      }
    }
  }
  // A percent that is the margin over a base is not also "the interest rate".
  if (
    terms.interest_rate &&
    terms.margin_over_base &&
    terms.interest_rate.value === terms.margin_over_base.value
  )
    delete terms.interest_rate;
  const covenants: TSourcedText[] = [];
  const seen = new Set<string>();
  for (const p of relevant) {
    if (
      !COVENANT.test(p.text) ||
      !FINANCIAL.test(p.text) ||
      NOT_FINANCIAL_COVENANT.test(p.text) ||
      p.text.length > 600
    )
      continue;
    const text = clip(p.text);
    if (seen.has(text)) continue;
    seen.add(text);
    covenants.push({ text, source: p.source(text) });
    if (covenants.length >= 10) break;
  }
  if (Object.keys(terms).length === 0 && covenants.length === 0) return null;
  // In statements and reports a facility note counts when it states the facility itself: its size and its price.
  if (!lendingDoc && !(terms.facility_amount && (terms.margin_over_base || terms.interest_rate))) return null;
  return { terms, covenants };
}
