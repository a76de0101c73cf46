/**
 * Test and bench support: compare the analyst's figures with the corpus labels
 * (/work/shared/corpus/*\/documents.jsonl, checked by hand against the files).
 *
 * Each labelled figure that is a key metric ends as one of:
 * - correct: the same value read from the labelled page or cell;
 * - alternative: a figure the label itself names as the other reading (the three-month column next to
 *   the nine-month one, "net income" next to "net income attributable to …"); not wrong, not the label's;
 * - misplaced: right value, read from another page or cell (e.g. a summary table repeating it);
 * - wrong: another value;
 * - missing: not reported.
 */
import { readFileSync } from 'node:fs';
import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import { findAmounts } from '../amounts.ts';
import type { BuiltInAnalysis } from '../analyse.ts';
import { CORPUS_DIR } from './corpus.ts';

export interface LabelMetric {
  value: number;
  currency: string | null;
  period: string;
  page_or_cell: string;
  note?: string;
  as_printed_scale?: string;
  as_stored_scale?: string;
}

export interface LabelledDocument {
  file: string;
  format: string;
  expected_type: string;
  acceptable_types: string[];
  metrics: Record<string, LabelMetric>;
  no_company_financials?: boolean;
  facility_terms?: unknown;
}

/** Label names → the analyst's key metric names (labels of other figures have no key metric). */
export const LABEL_TO_METRIC: Record<string, TKeyMetricName> = {
  revenue: 'revenue',
  net_income: 'net_income',
  cash: 'cash',
  total_debt: 'total_debt',
  capex: 'capital_expenditure',
  operating_cash_flow: 'operating_cash_flow',
  total_assets: 'total_assets',
  customers: 'customers',
  headcount: 'headcount',
};

export function loadLabels(): LabelledDocument[] {
  const read = (group: string, prefix: string) =>
    readFileSync(`${CORPUS_DIR}/${group}/documents.jsonl`, 'utf8')
      .split('\n')
      .filter((l) => l.trim().length > 0)
      .map((l) => {
        const d = JSON.parse(l) as LabelledDocument;
        return { ...d, file: d.file.startsWith(prefix) ? d.file : `${prefix}${d.file}` };
      });
  return [...read('financebench', ''), ...read('documents', '')];
}

export type Outcome = 'correct' | 'alternative' | 'misplaced' | 'wrong' | 'missing';

export interface MetricResult {
  file: string;
  metric: TKeyMetricName;
  outcome: Outcome;
  expected: { value: number; where: string; period: string };
  found: { value: number; where: string; period: string | null } | null;
}

const SCALE: Record<string, number> = { units: 1, thousands: 1e3, millions: 1e6, billions: 1e9 };

function close(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= Math.max(1, Math.abs(b) * 1e-6);
}

/** The figure as the document states it (before conversion to EUR). */
export function statedValue(m: TKeyMetric): number {
  return m.original?.value ?? m.value;
}

function sameRow(a: string, b: string): boolean {
  const split = (s: string) => /^(.*)!([A-Z]+)(\d+)$/.exec(s);
  const x = split(a);
  const y = split(b);
  return Boolean(x && y && x[1] === y[1] && x[3] === y[3]);
}

export function compareMetrics(label: LabelledDocument, analysis: BuiltInAnalysis): MetricResult[] {
  const out: MetricResult[] = [];
  for (const [labelName, expected] of Object.entries(label.metrics)) {
    const metric = LABEL_TO_METRIC[labelName];
    if (!metric) continue;
    const m = analysis.key_metrics[metric];
    const exp = { value: expected.value, where: expected.page_or_cell, period: expected.period };
    if (!m) {
      out.push({ file: label.file, metric, outcome: 'missing', expected: exp, found: null });
      continue;
    }
    const value = statedValue(m);
    const found = { value, where: m.source.label, period: m.period };
    const expectedValue = metric === 'capital_expenditure' ? Math.abs(expected.value) : expected.value;
    let outcome: Outcome;
    if (close(value, expectedValue))
      outcome = m.source.label === expected.page_or_cell ? 'correct' : 'misplaced';
    else {
      const scale = SCALE[expected.as_printed_scale ?? expected.as_stored_scale ?? 'units'] ?? 1;
      const alternatives = findAmounts(expected.note ?? '').map((a) => a.value * scale);
      outcome =
        alternatives.some((a) => close(value, a)) || sameRow(m.source.label, expected.page_or_cell)
          ? 'alternative'
          : 'wrong';
    }
    out.push({ file: label.file, metric, outcome, expected: exp, found });
  }
  return out;
}

export function tally(results: MetricResult[]): Record<Outcome, number> {
  const t: Record<Outcome, number> = { correct: 0, alternative: 0, misplaced: 0, wrong: 0, missing: 0 };
  for (const r of results) t[r.outcome]++;
  return t;
}
