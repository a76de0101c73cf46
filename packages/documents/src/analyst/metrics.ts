/**
 * findKeyMetrics: every key metric the document states, each with its period and its source.
 *
 * Two ways in, both kept to what is printed:
 * - tables (PDF layout lines and sheet rows): a row whose label names the metric; the number of the
 *   latest actual period column is taken, scaled by the header's "in thousands / millions";
 * - running text (pitch decks, board reports, updates): a phrase ("ARR of €2.4M", "45 employees",
 *   "runway of 14 months") with the amount right next to it.
 * Candidates are ranked by how surely the label names the metric and whether it sits in the statement
 * it belongs to (revenue on the income statement, cash on the balance sheet); ties go to the first in
 * the document. Amounts in another currency than the organisation's are converted with the FX table,
 * keeping the original. Templates and blank forms yield nothing.
 */
import type { TDocumentType, TFigureSource, TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import { findAmounts, looksLikeYear, type ParsedAmount, parseAmountCell } from './amounts.ts';
import { convert, DEFAULT_FX_RATES, type FxRates } from './fx-rates.ts';
import {
  METRIC_RULES,
  type MetricRule,
  normaliseLabel,
  SECTION_PATTERNS,
  STATEMENT_TITLE,
} from './metric-rules.ts';
import { flowMonthsCovered, rowMonthsCovered, textMonthsCovered } from './months-covered.ts';
import { type Period, periodInText } from './periods.ts';
import { excerptAround, pageSource, rowSource } from './source.ts';
import { documentRows, type RowValue, type TableRow } from './tables.ts';
import { detectTemplate } from './templates.ts';

export interface FindMetricsOptions {
  baseCurrency?: string;
  fxRates?: FxRates;
  /** Diagnosis: called with every candidate considered, best first. */
  trace?: (candidate: { name: TKeyMetricName; metric: TKeyMetric; score: number }) => void;
}

export type KeyMetrics = Partial<Record<TKeyMetricName, TKeyMetric>>;

interface Candidate {
  name: TKeyMetricName;
  metric: TKeyMetric;
  score: number;
  order: number;
  /** For revenue from a table: the same row's value a year earlier, to derive growth. */
  previous?: { value: number; period: Period };
  latestPeriod?: Period;
}

const NON_NEGATIVE: ReadonlySet<TKeyMetricName> = new Set([
  'revenue',
  'arr',
  'mrr',
  'cash',
  'customers',
  'headcount',
  'total_debt',
]);

/** Document types whose running text states a company's metrics (not legal terms or thresholds). */
const TEXT_TYPES: ReadonlySet<TDocumentType> = new Set([
  'pitch_deck',
  'board_report',
  'other',
  'financial_model',
]);
/** In formal statements only these metrics are read from prose (the rest come from the statements). */
const FORMAL_TEXT_METRICS: ReadonlySet<TKeyMetricName> = new Set(['headcount']);

export function findKeyMetrics(
  doc: ExtractedDocument,
  documentType: TDocumentType,
  options: FindMetricsOptions = {},
): KeyMetrics {
  if (detectTemplate(doc).isTemplate) return {};
  const slides = documentType === 'pitch_deck';
  const rows = documentType === 'legal_agreement' ? [] : documentRows(doc);
  const best = new Map<TKeyMetricName, Candidate>();
  const seen: Candidate[] = [];
  const offer = (c: Candidate) => {
    if (options.trace) seen.push(c);
    const name = c.name;
    const current = best.get(name);
    if (!current || c.score > current.score || (c.score === current.score && c.order < current.order))
      best.set(name, c);
  };

  let order = 0;
  for (const row of rows) {
    order++;
    const label = normaliseLabel(row.label);
    for (const rule of METRIC_RULES) {
      const c = fromRow(rule, row, label, slides, order);
      if (c) offer(c);
    }
  }
  const debt = singleDebtRow(rows, slides);
  if (debt) offer(debt);

  const textTypes = TEXT_TYPES.has(documentType);
  const formal = documentType === 'annual_report' || documentType === 'financial_statements';
  if (textTypes || formal) {
    const units = textUnits(doc, slides);
    for (const rule of METRIC_RULES) {
      if (!rule.phrases) continue;
      if (formal && !FORMAL_TEXT_METRICS.has(rule.name)) continue;
      for (const c of fromText(rule, units)) offer(c);
    }
  }

  const revenue = best.get('revenue');
  const growth = revenue ? growthFrom(revenue) : null;
  if (growth) offer(growth);

  const fx = options.fxRates ?? DEFAULT_FX_RATES;
  const base = options.baseCurrency ?? fx.base;
  if (options.trace)
    for (const c of [...seen].sort((a, b) => b.score - a.score).slice(0, 400)) options.trace(c);
  const out: KeyMetrics = {};
  for (const [name, c] of best) out[name] = inBaseCurrency(c.metric, base, fx);
  return out;
}

function inBaseCurrency(m: TKeyMetric, base: string, fx: FxRates): TKeyMetric {
  if (m.unit !== 'currency' || !m.currency || m.currency === base || fx.base !== base) return m;
  const conv = convert(m.value, m.currency, fx);
  if (!conv) return m;
  return {
    ...m,
    value: conv.value,
    currency: base,
    original: { value: m.value, currency: m.currency, rate: conv.rate, rate_date: conv.rate_date },
  };
}

function round(n: number): number {
  return Number(n.toPrecision(12));
}

/** The value of an amount in the rule's unit, or null when it is not that kind of figure. */
function valueFor(
  rule: MetricRule,
  a: ParsedAmount,
  rowScale: number | null,
  labelHasPercent: boolean,
): number | null {
  switch (rule.unit) {
    case 'currency':
      if (a.percent || a.multiple) return null;
      return round(a.value * (a.scale === null ? (rowScale ?? 1) : 1));
    case 'fraction':
      if (a.percent) return round(a.value / 100);
      if (labelHasPercent && !a.currency && Math.abs(a.value) <= 300)
        return round(Math.abs(a.value) <= 3 && !Number.isInteger(a.value) ? a.value : a.value / 100);
      return null;
    case 'months':
      if (a.percent || a.currency || a.scale !== null) return null;
      return a.value >= 0 && a.value < 600 ? round(a.value) : null;
    case 'count':
      if (a.percent || a.currency || a.multiple) return null;
      return a.value >= 0 && Number.isInteger(a.value * (a.scale ?? 1)) ? a.value : null;
    case 'ratio':
      if (a.percent || a.currency) return null;
      return a.value > 0 && a.value < 100 ? round(a.value) : null;
  }
}

/** The value of the latest actual period; when every column is a forecast, the nearest one. */
function latestValue(values: RowValue[]): RowValue | null {
  const dated = values.filter((v) => v.period !== null);
  if (dated.length === 0) return values.length === 1 ? (values[0] ?? null) : null;
  const actual = dated.filter((v) => !v.period?.forecast);
  const pool = actual.length > 0 ? actual : dated;
  let best: RowValue | null = null;
  for (const v of pool) {
    const key = v.period?.endKey ?? 0;
    const bestKey = best?.period?.endKey ?? -1;
    if (actual.length > 0 ? key > bestKey : best === null || key < bestKey) best = v;
  }
  return best;
}

function fromRow(
  rule: MetricRule,
  row: TableRow,
  label: string,
  slides: boolean,
  order: number,
): Candidate | null {
  if (rule.exclude?.test(label)) return null;
  // A label starting in lower case continues the line above ("… deposits from customers(a)").
  if (row.kind === 'page' && /^[a-z]/.test(row.label.trim())) return null;
  // Counts are not read from tables stated in thousands or millions of money.
  if (rule.unit === 'count' && row.scale !== null && row.scale > 1) return null;
  let labelScore = 0;
  for (const l of rule.labels) if (l.re.test(label) && l.score > labelScore) labelScore = l.score;
  if (labelScore === 0) return null;
  const v = latestValue(row.values);
  if (!v) return null;
  const labelHasPercent = /%|percent/.test(label) || /margin|retention|churn|growth/.test(label);
  let value = valueFor(rule, v.amount, row.scale, labelHasPercent);
  if (value === null) return null;
  if (rule.name === 'net_income' && /^net loss\b/.test(label) && value > 0 && !/income/.test(label))
    value = -value;
  if (rule.absolute) value = Math.abs(value);
  // Revenue, cash, counts and recurring revenue are never negative: such a row is a segment or an adjustment.
  if (value < 0 && NON_NEGATIVE.has(rule.name) && !(rule.name === 'cash' && /closing|end of/.test(label)))
    return null;
  if (rule.name === 'monthly_churn' && !/monthly/.test(label) && v.period?.months !== 1) return null;
  // The statement's own page or sheet beats a summary table elsewhere that repeats the figure.
  const inSection = rule.section?.test(row.heading) ?? false;
  // Summaries and analyses repeat a statement's lines; segment and average tables look like them.
  const summaryTable =
    /\b(?:selected|summary|highlights|history|discussion|overview|average|segments?|quarterly\s+results)\b|\b(?:financial|operations|statements?|income\s+statement|balance\s+sheet)\s+data\b/i.test(
      row.heading,
    );
  const sectionBonus = inSection
    ? (STATEMENT_TITLE.test(row.heading) && !summaryTable ? 30 : 15) + (row.statementPage ? 10 : 0)
    : 0;
  // Rows with change columns ("$ 10,482  25 %") are comparison tables of a discussion, not the statement.
  const comparison =
    rule.unit === 'currency' &&
    (/\d\s?%/.test(row.line) || row.values.some((o) => o.period === null)) &&
    row.values.length > 1
      ? 10
      : 0;
  const score = 50 + labelScore * 10 + sectionBonus - comparison + (v.period ? 5 : 0);
  const monthsCovered = flowMonthsCovered(rule.name, () => rowMonthsCovered(label, v.period));
  const metric: TKeyMetric = {
    value,
    unit: rule.unit,
    currency: rule.unit === 'currency' ? (v.amount.currency ?? row.currency) : null,
    period: v.period?.label ?? (/\bmonthly\b|\bmrr\b/.test(label) ? 'monthly' : null),
    ...(monthsCovered !== undefined ? { months_covered: monthsCovered } : {}),
    source: rowSource(row, v.cell, slides),
  };
  const c: Candidate = { name: rule.name, metric, score, order };
  if (rule.name === 'revenue' && v.period) {
    const prev = row.values.find(
      (o) =>
        o !== v &&
        o.period &&
        !o.period.forecast &&
        o.period.months === v.period?.months &&
        Math.abs((v.period?.endKey ?? 0) - o.period.endKey - 10000) <= 100,
    );
    const prevValue = prev ? valueFor(rule, prev.amount, row.scale, false) : null;
    if (prev?.period && prevValue !== null) c.previous = { value: prevValue, period: prev.period };
    c.latestPeriod = v.period;
  }
  return c;
}

/** Revenue growth from the revenue row itself: this period against the same period a year earlier. */
function growthFrom(revenue: Candidate): Candidate | null {
  if (!revenue.previous || !revenue.latestPeriod || revenue.previous.value <= 0) return null;
  const latest = revenue.metric.original?.value ?? revenue.metric.value;
  const value = Number((latest / revenue.previous.value - 1).toFixed(4));
  return {
    name: 'revenue_growth',
    metric: {
      value,
      unit: 'fraction',
      currency: null,
      period: `${revenue.latestPeriod.label} vs ${revenue.previous.period.label}`,
      source: revenue.metric.source,
    },
    score: 40,
    order: revenue.order,
  };
}

const DEBT_ROW =
  /^(?:line of credit|lines of credit|revolving (?:credit )?(?:facility|loan)|borrowings?|bank (?:loans?|borrowings)|term loans?|notes payable|debt|loans and borrowings|senior (?:secured )?notes)$/;
const DEBT_WORD =
  /\b(?:debt|borrowings?|line of credit|bank loans?|loans? payable|notes payable|term loan|credit facility|senior notes)\b/;
const NOT_DEBT =
  /receivable|issuance|costs|interest|investments?|securities|forgiveness|ratio|%|equity|convertible preferred|assets/;

/**
 * A balance sheet with exactly one borrowing line (e.g. "Line of credit") states the total debt. With
 * two or more (current and long-term portions) the total would be a sum we do not print, so none.
 */
function singleDebtRow(rows: TableRow[], slides: boolean): Candidate | null {
  const byStatement = new Map<string, TableRow[]>();
  let runStart = -10;
  let lastPage = -10;
  for (const r of rows) {
    if (!SECTION_PATTERNS.BALANCE.test(r.heading)) continue;
    // A balance sheet printed over two pages is one statement.
    if (r.kind === 'page' && (r.page ?? 0) > lastPage + 1) runStart = r.page ?? 0;
    if (r.kind === 'page') lastPage = r.page ?? 0;
    const key = r.kind === 'page' ? `p${runStart}` : `s${r.sheet}`;
    const list = byStatement.get(key) ?? [];
    list.push(r);
    byStatement.set(key, list);
  }
  for (const list of byStatement.values()) {
    const debtRows = list.filter((r) => {
      const l = normaliseLabel(r.label);
      return DEBT_WORD.test(l) && !NOT_DEBT.test(l);
    });
    if (debtRows.length !== 1) continue;
    const row = debtRows[0] as TableRow;
    if (!DEBT_ROW.test(normaliseLabel(row.label))) continue;
    const v = latestValue(row.values);
    if (!v || v.amount.percent) continue;
    const value = round(Math.abs(v.amount.value * (v.amount.scale === null ? (row.scale ?? 1) : 1)));
    return {
      name: 'total_debt',
      metric: {
        value,
        unit: 'currency',
        currency: v.amount.currency ?? row.currency,
        period: v.period?.label ?? null,
        source: rowSource(row, v.cell, slides),
      },
      score: 60,
      order: 0,
    };
  }
  return null;
}

interface TextUnit {
  text: string;
  /** Two or more figures in their own columns: a table row, not prose. */
  tableRow: boolean;
  source: (excerpt: string) => TFigureSource;
}

/** The text units figures are read from: lines of pages and text cells of sheets that hold a digit. */
function textUnits(doc: ExtractedDocument, slides: boolean): TextUnit[] {
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

function fromText(rule: MetricRule, units: TextUnit[]): Candidate[] {
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
    const amounts = findAmounts(text).filter((a) => !looksLikeYear(a));
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
