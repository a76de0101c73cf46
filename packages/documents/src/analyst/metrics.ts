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
import type { TDocumentType, TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import { convert, DEFAULT_FX_RATES, type FxRates } from './fx-rates.ts';
import { type Candidate, round } from './metric-candidate.ts';
import { METRIC_RULES, normaliseLabel } from './metric-rules.ts';
import { fromRow, growthFrom, singleDebtRow } from './metrics-from-rows.ts';
import { fromText, textUnits } from './metrics-from-text.ts';
import { deckCandidates, slideFigureReviewer } from './slide-figures.ts';
import { documentRows } from './tables.ts';
import { detectTemplate } from './templates.ts';

export interface FindMetricsOptions {
  baseCurrency?: string;
  fxRates?: FxRates;
  /** Diagnosis: called with every candidate considered, best first. */
  trace?: (candidate: { name: TKeyMetricName; metric: TKeyMetric; score: number }) => void;
}

export type KeyMetrics = Partial<Record<TKeyMetricName, TKeyMetric>>;

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
  // on slides, a figure read by the generic readers is reviewed with its slide's layout and words
  const deck = slides ? deckCandidates(doc) : [];
  const review = slides ? slideFigureReviewer(doc, deck) : null;
  const projections = new Map<TKeyMetricName, Candidate[]>();
  const offer = (offered: Candidate) => {
    const c = review ? review(offered) : offered;
    if (!c) return;
    if (c.metric.kind === 'projection') projections.set(c.name, [...(projections.get(c.name) ?? []), c]);
    if (options.trace) seen.push(c);
    const name = c.name;
    const current = best.get(name);
    if (!current || better(c, current)) best.set(name, c);
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

  // Slides: each figure with the words of its box, clause or month table (slide-figures.ts)
  for (const c of deck) offer(c);

  const revenue = best.get('revenue');
  const growth = revenue ? growthFrom(revenue) : null;
  if (growth) offer(growth);

  const fx = options.fxRates ?? DEFAULT_FX_RATES;
  const base = options.baseCurrency ?? fx.base;
  if (options.trace)
    for (const c of [...seen].sort((a, b) => b.score - a.score).slice(0, 400)) options.trace(c);
  const out: KeyMetrics = {};
  for (const [name, c] of best) {
    const others = slides ? otherProjections(c, projections.get(name) ?? []) : [];
    const metric = others.length > 0 ? { ...c.metric, projections: others } : c.metric;
    out[name] = inBaseCurrency(metric, base, fx);
  }
  return out;
}

type Projection = NonNullable<TKeyMetric['projections']>[number];

/**
 * The forecasts of a metric other than the one reported, one per value, in document order:
 * a deck's projections table or its targets, kept with their periods beside the actual.
 */
function otherProjections(chosen: Candidate, pool: Candidate[]): Projection[] {
  const key = (m: TKeyMetric) => String(m.value);
  const seen = new Set([key(chosen.metric)]);
  const out: Projection[] = [];
  for (const c of [...pool].sort((a, b) => a.order - b.order)) {
    const m = c.metric;
    if (seen.has(key(m)) || m.currency !== chosen.metric.currency || m.unit !== chosen.metric.unit) continue;
    seen.add(key(m));
    out.push({
      value: m.value,
      ...(m.value_low !== undefined && m.value_high !== undefined
        ? { value_low: m.value_low, value_high: m.value_high }
        : {}),
      period: m.period,
      ...(m.literal ? { literal: m.literal } : {}),
      source: m.source,
    });
    if (out.length === MAX_PROJECTIONS) break;
  }
  return out;
}

const MAX_PROJECTIONS = 8;

/** An actual beats a projection of the same metric; then the surer reading; then the first in the document. */
function better(c: Candidate, current: Candidate): boolean {
  const actual = (x: Candidate) => (x.metric.kind === 'projection' ? 0 : 1);
  if (actual(c) !== actual(current)) return actual(c) > actual(current);
  return c.score > current.score || (c.score === current.score && c.order < current.order);
}

function inBaseCurrency(m: TKeyMetric, base: string, fx: FxRates): TKeyMetric {
  if (m.unit !== 'currency' || !m.currency || m.currency === base || fx.base !== base) return m;
  const conv = convert(m.value, m.currency, fx);
  if (!conv) return m;
  // a range's ends and the other forecasts are converted at the same rate as the value
  const at = (v: number) => round(v * conv.rate);
  const ends =
    m.value_low !== undefined && m.value_high !== undefined
      ? { value_low: at(m.value_low), value_high: at(m.value_high) }
      : {};
  const projections = m.projections?.map((p) => ({
    ...p,
    value: at(p.value),
    ...(p.value_low !== undefined && p.value_high !== undefined
      ? { value_low: at(p.value_low), value_high: at(p.value_high) }
      : {}),
  }));
  return {
    ...m,
    ...ends,
    ...(projections ? { projections } : {}),
    value: conv.value,
    currency: base,
    original: { value: m.value, currency: m.currency, rate: conv.rate, rate_date: conv.rate_date },
  };
}
