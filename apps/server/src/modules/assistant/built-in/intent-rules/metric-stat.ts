import { RECORD_METRICS } from '../../tools/metric-names.ts';
import type { MetricStat } from '../intents.ts';
import { hasAny } from '../question.ts';
import { findSector } from '../question-terms/find-place.ts';
import { METRIC_CONCEPTS } from '../vocabulary.ts';
import type { IntentRule } from './rule.ts';

const STAT_WORDS: [MetricStat, string[]][] = [
  ['median', ['median']],
  ['average', ['average', 'mean', 'avg', 'typical']],
  ['sum', ['total', 'sum', 'combined', 'aggregate', 'altogether', 'add up', 'adds up', 'in total']],
];

/**
 * "What is the total ARR across the portfolio?", "average gross margin of our companies", "median
 * cash": one recorded metric summed, averaged or its median over every company that has it — not a
 * ranking. Asked of one company ("Acme's total revenue"), the metrics rule answers instead.
 */
export const metricStatRule: IntentRule = ({ question, metrics, subject, sure }) => {
  if (metrics.length !== 1 || subject) return null;
  const stat = STAT_WORDS.find(([, words]) => hasAny(question, words))?.[0];
  if (!stat) return null;
  // "total revenue growth in our pipeline": a rate has no total, so the word means "overall" and
  // the companies are ranked by it (the ranking rule) rather than summed.
  if (stat === 'sum' && !isAmount(metrics[0]!)) return null;
  return sure({ kind: 'metric_stat', metric: metrics[0]!, stat, sector: findSector(question) }, 0.85);
};

/** A metric whose recorded values add up (an amount or a count), not a rate or a duration. */
function isAmount(metric: string): boolean {
  const names = METRIC_CONCEPTS.find((c) => c.key === metric)?.names ?? [];
  const unit = names.map((name) => RECORD_METRICS[name]?.unit).find(Boolean);
  return unit === 'currency' || unit === 'count';
}
