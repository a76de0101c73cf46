/**
 * Metrics from running text (pitch decks, board reports, updates): a phrase ("ARR of €2.4M",
 * "45 employees", "runway of 14 months") with the amount right next to it.
 */
import type { TFigureSource } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import { amountsOutsideRanges } from './amount-ranges.ts';
import { findAmounts, looksLikeYear, type ParsedAmount, parseAmountCell } from './amounts.ts';
import { type Candidate, valueFor } from './metric-candidate.ts';
import type { MetricRule } from './metric-rules.ts';
import { flowMonthsCovered, textMonthsCovered } from './months-covered.ts';
import { periodInText } from './periods.ts';
import { excerptAround, pageSource } from './source.ts';

interface TextUnit {
  text: string;
  /** Two or more figures in their own columns: a table row, not prose. */
  tableRow: boolean;
  source: (excerpt: string) => TFigureSource;
}

/** The text units figures are read from: lines of pages and text cells of sheets that hold a digit. */
export function textUnits(doc: ExtractedDocument, slides: boolean): TextUnit[] {
  const out: TextUnit[] = [];
  for (const p of doc.pages) {
    const source = (e: string) => pageSource(p.number, e, slides);
    const lines = p.text.split('\n');
    for (const [i, line] of lines.entries()) {
      if (!/\d/.test(line)) continue;
      out.push({ text: line.replace(/\s{2,}/g, '  ').trim(), tableRow: isTableLine(line), source });
      out.push(...captioned(line, lines.slice(i + 1).find((l) => l.trim().length > 0) ?? '', source));
    }
  }
  for (const s of doc.sheets) {
    for (const c of s.cells) {
      if (typeof c.value === 'string' && c.value.length > 6 && /\d/.test(c.value)) {
        out.push({
          text: c.value,
          tableRow: false,
          source: (e) => ({
            kind: 'cell',
            sheet: s.name,
            cell: c.address,
            label: rowSourceLabel(s.name, c.address),
            excerpt: e,
          }),
        });
      }
    }
  }
  return out;
}

/**
 * Slides print a big figure with its caption below ("€2.4M" over "ARR"), often several side by side.
 * A line of figures only, followed by a line with as many captions, gives "€2.4M ARR" units.
 */
function captioned(line: string, next: string, source: (e: string) => TFigureSource): TextUnit[] {
  const figures = line.trim().split(/\s{2,}|\t+/);
  if (figures.length === 0 || !figures.every((f) => parseAmountCell(f) !== null)) return [];
  const captions = next.trim().split(/\s{2,}|\t+/);
  if (
    captions.length !== figures.length ||
    captions.some((c) => c.length > 40 || parseAmountCell(c) !== null)
  )
    return [];
  return figures.map((f, i) => ({ text: `${f} ${captions[i]}`, tableRow: false, source }));
}

function isTableLine(line: string): boolean {
  return line.split(/\s{2,}|\t+/).filter((cell) => parseAmountCell(cell) !== null).length >= 2;
}

function rowSourceLabel(sheet: string, cell: string): string {
  return /^[\p{L}\d_&.]+$/u.test(sheet) ? `${sheet}!${cell}` : `'${sheet.replaceAll("'", "''")}'!${cell}`;
}

// Words and punctuation that may stand between a phrase and its amount. Each word must be followed by a
// separator, and punctuation is only in the separator class, so the pattern cannot backtrack badly.
const CONNECTOR =
  /^[\s:=\-–—(),~]*(?:(?:of|is|was|were|at|reached|stood|stands|totall?ed|totall?ing|to|about|approx(?:imately)?\.?|c\.|circa|around|over|nearly|almost|some|currently|now|the|our|a|an|in|by|\d{4}|FY\s?'?\d{2,4}|Q[1-4]\s?'?\d{2,4}|YTD|LTM|TTM|current|monthly|month|net|rate|period)(?=[\s:=\-–—(),~]|$)[\s:=\-–—(),~]*)*$/i;

export function fromText(rule: MetricRule, units: TextUnit[]): Candidate[] {
  if (!rule.phrases) return [];
  const out: Array<Candidate> = [];
  const phrase = new RegExp(rule.phrases.source, `${rule.phrases.flags.replace('g', '')}g`);
  let order = 1_000_000;
  for (const unit of units) {
    order++;
    const text = unit.text;
    // A table row ("Total Revenue  $6,620,000  $12,437,500 …") is read as a table, with its header, or not at all.
    if (unit.tableRow) continue;
    if (!phrase.test(text)) continue;
    phrase.lastIndex = 0;
    if (rule.phraseExclude?.test(text)) continue;
    if (rule.phraseRequire && !rule.phraseRequire.test(text)) continue;
    // "$12 - $13 million" is a range: neither end is a figure of its own (slides read ranges whole)
    const amounts = amountsOutsideRanges(text, findAmounts(text)).filter((a) => !looksLikeYear(a));
    for (let m = phrase.exec(text); m; m = phrase.exec(text)) {
      const kwStart = m.index;
      const kwEnd = m.index + m[0].length;
      const hit = amountNear(rule, text, amounts, kwStart, kwEnd);
      if (!hit) continue;
      let value = valueFor(rule, hit, null, true);
      if (value === null) continue;
      if (rule.unit === 'currency' && !hit.currency && hit.scale === null) continue;
      if (rule.name === 'net_income' && /net\s+loss/i.test(m[0]) && value > 0) value = -value;
      if (rule.absolute) value = Math.abs(value);
      const stated = periodInText(text);
      const monthsCovered = flowMonthsCovered(rule.name, () =>
        textMonthsCovered(text, { start: kwStart, end: kwEnd }, hit, stated),
      );
      // MRR and monthly churn are monthly by name; a burn or revenue only when the document says so.
      const monthlyByName = rule.name === 'mrr' || rule.name === 'monthly_churn' || monthsCovered === 1;
      const period = stated?.label ?? (monthlyByName ? 'monthly' : null);
      const from = Math.min(kwStart, hit.index);
      const to = Math.max(kwEnd, hit.index + hit.text.length);
      out.push({
        name: rule.name,
        metric: {
          value,
          unit: rule.unit,
          currency: rule.unit === 'currency' ? hit.currency : null,
          period,
          ...(monthsCovered !== undefined ? { months_covered: monthsCovered } : {}),
          source: unit.source(excerptAround(text, from, to - from)),
          literal: hit.text,
        },
        score: 60,
        order,
      });
      break;
    }
  }
  return out;
}

/** The amount that goes with a phrase: right after it ("ARR of €2.4M"), or right before ("€2.4M ARR", "45 employees"). */
function amountNear(
  rule: MetricRule,
  text: string,
  amounts: ParsedAmount[],
  kwStart: number,
  kwEnd: number,
): ParsedAmount | null {
  const fits = (a: ParsedAmount, after: boolean): boolean => {
    const tail = text.slice(a.index + a.text.length, a.index + a.text.length + 12);
    if (rule.unit === 'months') return /^\+?\s*(?:months?|mos?\.?)\b/i.test(tail);
    if (rule.unit === 'count') return a.currency === null && !a.percent && (after || true);
    if (rule.unit === 'fraction') return a.percent;
    if (rule.unit === 'ratio')
      return a.multiple || /^\s*(?:x|times)\b/i.test(tail) || /:\s*1\b/.test(tail) || after;
    return true;
  };
  for (const a of amounts) {
    if (a.index < kwEnd) continue;
    const gap = text.slice(kwEnd, a.index);
    if (gap.length > 40 || !CONNECTOR.test(gap)) break;
    // "Employees   6" is a contents line; a count after its word needs a connector ("Headcount: 38", "customers of 120")
    if (rule.unit === 'count' && gap.trim().length === 0) break;
    if (fits(a, true)) return a;
    break;
  }
  for (let i = amounts.length - 1; i >= 0; i--) {
    const a = amounts[i] as ParsedAmount;
    const end = a.index + a.text.length;
    if (end > kwStart) continue;
    const gap = text.slice(end, kwStart);
    if (rule.unit === 'months') {
      if (!/^\+?\s*(?:months?|mos?\.?)\s+(?:of\s+)?(?:cash\s+)?$/i.test(gap)) break;
      return a;
    }
    if (!/^\+?\s*(?:[-–:]\s*)?(?:in\s+|of\s+)?(?:total\s+|net\s+|paying\s+|active\s+)?$/i.test(gap)) break;
    if (fits(a, false)) return a;
    break;
  }
  return null;
}
