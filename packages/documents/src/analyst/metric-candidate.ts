/** A figure found for a metric, with how surely it is the metric, and the readings both readers share. */
import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import type { ParsedAmount } from './amounts.ts';
import type { MetricRule } from './metric-rules.ts';
import type { Period } from './periods.ts';
import type { RowValue } from './tables.ts';

export interface Candidate {
  name: TKeyMetricName;
  metric: TKeyMetric;
  score: number;
  order: number;
  /** For revenue from a table: the same row's value a year earlier, to derive growth. */
  previous?: { value: number; period: Period };
  latestPeriod?: Period;
}

export function round(n: number): number {
  return Number(n.toPrecision(12));
}

/** The value of an amount in the rule's unit, or null when it is not that kind of figure. */
export function valueFor(
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
export function latestValue(values: RowValue[]): RowValue | null {
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
