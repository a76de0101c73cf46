/**
 * Test and bench support: the analyst's figures on the real pitch decks against their labels
 * (/work/shared/corpus/decks/documents.jsonl, checked by hand against the slides).
 *
 * Deck labels are named for what the slide says ("arr_run_rate", "revenue_2011_estimate",
 * "previous_round"); each is matched to the key metrics that can hold it. A label is
 * - correct: a key metric the label maps to holds its value (or its range) from its page (or a page its
 *   note names), with a projection reported as a projection;
 * - missing: no such figure.
 * Each reported figure is
 * - matched: it is one of the labels (value and page), or the other reading the label's note prints;
 * - misplaced: a labelled value read from another page than the label's;
 * - wrong: a value no label of its metrics gives, or a labelled projection reported as an actual — the
 *   label contradicts it (a wrong figure is worse than none);
 * - extra: a metric no label speaks of, or a further projection a metric carries that no label gives
 *   (another month's forecast): not checked, the deck may well state it.
 * Computed labels (not printed) are not scored: the analyst reports what is printed.
 */
import { readFileSync } from 'node:fs';
import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import { findAmounts } from '../amounts.ts';
import type { BuiltInAnalysis } from '../analyse.ts';
import { CORPUS_DIR } from './corpus.ts';

export interface DeckLabelMetric {
  value: number | null;
  value_low?: number;
  value_high?: number;
  currency: string | null;
  unit?: string;
  period: string;
  page: number;
  literal?: string;
  kind: 'extracted' | 'projection' | 'computed';
  note?: string;
}

export interface DeckLabel {
  file: string;
  company: string;
  pages: number;
  text_layer?: boolean;
  metrics: Record<string, DeckLabelMetric>;
}

export function loadDeckLabels(): DeckLabel[] {
  return readFileSync(`${CORPUS_DIR}/decks/documents.jsonl`, 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => {
      const d = JSON.parse(l) as DeckLabel;
      return { ...d, file: d.file.startsWith('decks/') ? d.file : `decks/${d.file}` };
    });
}

/**
 * Which key metrics can hold a deck label, by the label's name. Names no key metric fits (use of
 * funds, market sizes, unit economics other than LTV/CAC) map to nothing and are not scored.
 */
export function deckLabelMetrics(name: string): TKeyMetricName[] {
  const rules: Array<[RegExp, TKeyMetricName[]]> = [
    [/^raise_amount/, ['raise_amount']],
    [/^previous_round$/, ['last_round']],
    [/^(?:arr|arr_run_rate|arr_projection.*|arr_expected.*|arr_target.*)$/, ['arr']],
    [/^revenue_run_rate$/, ['arr', 'revenue']],
    [/^revenue_monthly$/, ['revenue', 'mrr']],
    [/^revenue_(?:\d{4}_estimate|projection.*|expected.*|target.*)$/, ['revenue']],
    [/^mrr(?:_projection.*)?$/, ['mrr']],
    [/^cash$/, ['cash']],
    [/^monthly_burn$/, ['net_burn']],
    [/^runway_months(?:_planned)?$/, ['runway_months']],
    [/^customers$/, ['customers']],
    [/^gross_margin$/, ['gross_margin']],
    [/^net_income(?:_\d{4}_estimate|_projection.*)?$/, ['net_income']],
    [/^ebitda(?:_projection(?!.*margin).*)?$/, ['ebitda']],
    [/^headcount(?:_projection.*)?$/, ['headcount']],
    [/^monthly_(?:user_)?churn$/, ['monthly_churn']],
    [/^valuation.*/, ['valuation']],
  ];
  for (const [re, names] of rules) if (re.test(name)) return names;
  return [];
}

export type DeckOutcome = 'correct' | 'missing';

export interface DeckLabelResult {
  file: string;
  label: string;
  outcome: DeckOutcome;
  expected: string;
  found: string | null;
}

export interface DeckFigureResult {
  file: string;
  metric: TKeyMetricName;
  outcome: 'matched' | 'misplaced' | 'wrong' | 'extra';
  found: string;
  /** Why a figure is wrong. */
  why?: string;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.5, Math.abs(b) * 1e-3);
}

/** The label's value in the analyst's units: percents as fractions. */
function inMetricUnits(label: DeckLabelMetric, v: number): number {
  return label.unit === 'percent' ? v / 100 : v;
}

function labelPages(label: DeckLabelMetric): number[] {
  const also = [...(label.note ?? '').matchAll(/\bpages?\s+(\d+)/gi)].map((m) => Number(m[1]));
  return [label.page, ...also];
}

type Reported = TKeyMetric & { kind?: string; value_low?: number; value_high?: number };

function stated(m: Reported): { value: number; low?: number; high?: number } {
  const rate = m.original ? m.original.value / m.value : 1;
  const scale = (v: number | undefined) =>
    v === undefined ? undefined : v * (Number.isFinite(rate) ? rate : 1);
  return { value: m.original?.value ?? m.value, low: scale(m.value_low), high: scale(m.value_high) };
}

function sameValue(label: DeckLabelMetric, m: Reported): boolean {
  const s = stated(m);
  if (label.value === null) {
    if (label.value_low === undefined || label.value_high === undefined) return false;
    return (
      s.low !== undefined &&
      s.high !== undefined &&
      close(s.low, inMetricUnits(label, label.value_low)) &&
      close(s.high, inMetricUnits(label, label.value_high))
    );
  }
  return close(s.value, inMetricUnits(label, label.value));
}

/** A reported metric and the other projections it carries, each as a figure of its own. */
function withProjections(m: Reported): Reported[] {
  const rate = m.original ? m.original.value / m.value : 1;
  const others = (m.projections ?? []).map(
    (p): Reported => ({
      ...m,
      ...p,
      kind: 'projection',
      projections: undefined,
      ...(m.original ? { original: { ...m.original, value: p.value * rate } } : {}),
    }),
  );
  return [m, ...others];
}

/** A figure the label's own note prints as the other reading ("title says \"Path to $52M Revenue\""). */
function inNote(label: DeckLabelMetric, m: Reported): boolean {
  const s = stated(m);
  return findAmounts(label.note ?? '').some((a) => a.scale !== null && close(s.value, a.value));
}

function describe(m: Reported): string {
  const s = stated(m);
  const v = s.low !== undefined ? `${s.low}–${s.high}` : `${s.value}`;
  return `${v} ${m.original?.currency ?? m.currency ?? m.unit} @ ${m.source.label} (${m.period ?? 'no period'}${m.kind === 'projection' ? ', projection' : ''})`;
}

export function compareDeck(
  deck: DeckLabel,
  analysis: BuiltInAnalysis,
): { labels: DeckLabelResult[]; figures: DeckFigureResult[] } {
  const metrics = analysis.key_metrics as Partial<Record<TKeyMetricName, Reported>>;
  const scored = Object.entries(deck.metrics).filter(
    ([name, l]) => l.kind !== 'computed' && deckLabelMetrics(name).length > 0,
  );
  const labels: DeckLabelResult[] = [];
  for (const [name, l] of scored) {
    const expected = `${l.value ?? `${l.value_low}–${l.value_high}`} ${l.currency ?? l.unit ?? ''} @ page ${l.page}${l.kind === 'projection' ? ' (projection)' : ''}`;
    let found: Reported | undefined;
    let ok = false;
    for (const metric of deckLabelMetrics(name)) {
      const reported = metrics[metric];
      if (!reported) continue;
      found ??= reported;
      for (const m of withProjections(reported)) {
        const projection = m.kind === 'projection';
        if (
          sameValue(l, m) &&
          labelPages(l).includes(m.source.page ?? -1) &&
          projection === (l.kind === 'projection')
        ) {
          ok = true;
          found = m;
        }
      }
    }
    labels.push({
      file: deck.file,
      label: name,
      outcome: ok ? 'correct' : 'missing',
      expected,
      found: found ? describe(found) : null,
    });
  }
  const figures: DeckFigureResult[] = [];
  const reportedFigures = (Object.entries(metrics) as Array<[TKeyMetricName, Reported]>).flatMap(
    ([metric, m]) => withProjections(m).map((x): [TKeyMetricName, Reported] => [metric, x]),
  );
  for (const [metric, m] of reportedFigures) {
    const candidates = scored.filter(([name]) => deckLabelMetrics(name).includes(metric));
    if (candidates.length === 0) {
      figures.push({ file: deck.file, metric, outcome: 'extra', found: describe(m) });
      continue;
    }
    const same = candidates.filter(([, l]) => sameValue(l, m) || inNote(l, m));
    let outcome: DeckFigureResult['outcome'] = 'matched';
    let why: string | undefined;
    if (same.length === 0 && m !== metrics[metric]) {
      // a further forecast the metric carries (another month, another year) that no label speaks of
      outcome = 'extra';
      why = 'a further projection, not labelled';
    } else if (same.length === 0) {
      outcome = 'wrong';
      why = `no label of ${metric} has this value (labels: ${candidates.map(([n]) => n).join(', ')})`;
    } else if (m.kind !== 'projection' && same.every(([, l]) => l.kind === 'projection')) {
      outcome = 'wrong';
      why = 'a projection reported as an actual';
    } else if (!same.some(([, l]) => labelPages(l).includes(m.source.page ?? -1))) {
      outcome = 'misplaced';
      why = 'labelled value, read from another page';
    }
    figures.push({ file: deck.file, metric, outcome, found: describe(m), ...(why ? { why } : {}) });
  }
  return { labels, figures };
}

export interface DeckTally {
  labelled: number;
  correct: number;
  missing: number;
  wrong: number;
  misplaced: number;
  extra: number;
}

export function tallyDeck(labels: DeckLabelResult[], figures: DeckFigureResult[]): DeckTally {
  return {
    labelled: labels.length,
    correct: labels.filter((l) => l.outcome === 'correct').length,
    missing: labels.filter((l) => l.outcome === 'missing').length,
    wrong: figures.filter((f) => f.outcome === 'wrong').length,
    misplaced: figures.filter((f) => f.outcome === 'misplaced').length,
    extra: figures.filter((f) => f.outcome === 'extra').length,
  };
}
