import type { TFinancialMetrics, TInvestmentThesis } from '@atempo/contracts';
import { burnMultiple, estimateRunway } from '../derived-metrics.ts';
import { formatMonths, formatNumber, formatPercent } from '../format.ts';
import { isKnown, ramp, toScore } from '../numbers.ts';
import type { GrossMarginThreshold } from '../thresholds.ts';
import { type ComponentScore, MISSING_DATA_SCORE } from '../weights.ts';

/** How much each metric counts in financial health; runway matters most to a lender. */
export const FINANCIAL_HEALTH_WEIGHTS = {
  runway: 0.25,
  gross_margin: 0.2,
  revenue_growth: 0.2,
  monthly_churn: 0.1,
  net_revenue_retention: 0.1,
  burn_multiple: 0.1,
  cac_payback: 0.05,
} as const;
type HealthMetric = keyof typeof FINANCIAL_HEALTH_WEIGHTS;

const LABELS: Record<HealthMetric, string> = {
  runway: 'runway',
  gross_margin: 'gross margin',
  revenue_growth: 'growth',
  monthly_churn: 'churn',
  net_revenue_retention: 'NRR',
  burn_multiple: 'burn multiple',
  cac_payback: 'CAC payback',
};

interface MetricScore {
  score: number;
  shown: string;
}

/** Each metric's curve: monotone, 0–10, anchored on the thesis thresholds where there is one. */
function scoreMetrics(
  metrics: TFinancialMetrics,
  thesis: TInvestmentThesis,
  margin: GrossMarginThreshold,
): Partial<Record<HealthMetric, MetricScore>> {
  const scores: Partial<Record<HealthMetric, MetricScore>> = {};
  const runway = estimateRunway(metrics);
  if (runway) {
    scores.runway = {
      score: ramp(runway.months, [
        [0, 0],
        [6, 2],
        [12, 5],
        [18, 7.5],
        [24, 10],
      ]),
      shown: Number.isFinite(runway.months) ? formatMonths(runway.months) : 'unlimited (cash generative)',
    };
  }
  if (isKnown(metrics.gross_margin)) {
    const min = margin.value;
    scores.gross_margin = {
      score: ramp(metrics.gross_margin, [
        [0, 0],
        [min, 6],
        [min + 0.2, 10],
      ]),
      shown: formatPercent(metrics.gross_margin),
    };
  }
  if (isKnown(metrics.revenue_growth)) {
    scores.revenue_growth = {
      score: ramp(metrics.revenue_growth, [
        [-0.3, 0],
        [0, 3],
        [0.2, 5],
        [0.5, 7.5],
        [1, 10],
      ]),
      shown: formatPercent(metrics.revenue_growth),
    };
  }
  if (isKnown(metrics.monthly_churn)) {
    // A thesis maximum of 0 would collapse the curve; a tenth of a percent keeps it ordered.
    const max = Math.max(thesis.financial_requirements.monthly_churn_max, 0.001);
    scores.monthly_churn = {
      score: ramp(metrics.monthly_churn, [
        [0, 10],
        [max, 6],
        [2 * max, 2],
        [3 * max, 0],
      ]),
      shown: `${formatPercent(metrics.monthly_churn)} a month`,
    };
  }
  if (isKnown(metrics.net_revenue_retention)) {
    scores.net_revenue_retention = {
      score: ramp(metrics.net_revenue_retention, [
        [0.7, 0],
        [0.9, 4],
        [1, 6.5],
        [1.2, 10],
      ]),
      shown: formatPercent(metrics.net_revenue_retention),
    };
  }
  const efficiency = burnEfficiency(metrics);
  if (efficiency) scores.burn_multiple = efficiency;
  if (isKnown(metrics.cac_payback_months)) {
    const max = thesis.financial_requirements.cac_payback_months.max;
    scores.cac_payback = {
      score: ramp(metrics.cac_payback_months, [
        [max / 3, 10],
        [max, 6],
        [2 * max, 1],
      ]),
      shown: formatMonths(metrics.cac_payback_months),
    };
  }
  return scores;
}

/** Burn multiple scored 10 at ≤1 down to 0 at ≥5; not burning is best, burning without adding ARR worst. */
function burnEfficiency(metrics: TFinancialMetrics): MetricScore | null {
  const burn = metrics.monthly_burn;
  if (!isKnown(burn)) return null;
  if (burn <= 0) return { score: 10, shown: 'none (cash generative)' };
  const result = burnMultiple(metrics);
  if (!result) return null;
  return {
    score: ramp(result.multiple, [
      [1, 10],
      [2, 6],
      [3, 3],
      [5, 0],
    ]),
    shown: Number.isFinite(result.multiple) ? formatNumber(result.multiple) : 'unbounded (no ARR added)',
  };
}

/**
 * Financial health 0–10: the weighted mean of the metrics known, pulled toward the neutral-low
 * score when fewer than half of them (by weight) are known, so thin data cannot look excellent.
 */
export function scoreFinancialHealth(
  metrics: TFinancialMetrics | null | undefined,
  thesis: TInvestmentThesis,
  margin: GrossMarginThreshold,
): ComponentScore {
  const scores = metrics ? scoreMetrics(metrics, thesis, margin) : {};
  const known = (Object.keys(FINANCIAL_HEALTH_WEIGHTS) as HealthMetric[]).filter((key) => scores[key]);
  if (known.length === 0) {
    return { score: MISSING_DATA_SCORE, reason: 'No financial metrics available, so scored neutral-low.' };
  }
  const totalWeight = Object.values(FINANCIAL_HEALTH_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  const knownWeight = known.reduce((sum, key) => sum + FINANCIAL_HEALTH_WEIGHTS[key], 0);
  const mean =
    known.reduce((sum, key) => sum + FINANCIAL_HEALTH_WEIGHTS[key] * scores[key]!.score, 0) / knownWeight;
  const confidence = Math.min(1, 0.5 + knownWeight / totalWeight);
  const score = toScore(MISSING_DATA_SCORE + (mean - MISSING_DATA_SCORE) * confidence);

  const weakest = known.reduce((worst, key) => (scores[key]!.score < scores[worst]!.score ? key : worst));
  const missing = (Object.keys(FINANCIAL_HEALTH_WEIGHTS) as HealthMetric[]).filter((key) => !scores[key]);
  const parts = [`Based on ${known.map((key) => `${LABELS[key]} ${scores[key]!.shown}`).join(', ')}`];
  if (known.length > 1) parts.push(`weakest: ${LABELS[weakest]}`);
  if (missing.length > 0) parts.push(`missing: ${missing.map((key) => LABELS[key]).join(', ')}`);
  return { score, reason: `${parts.join('; ')}.` };
}
