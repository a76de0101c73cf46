import type { TInvestmentThesis } from '@atempo/contracts';
import { annualRevenue, estimateRunway } from './derived-metrics.ts';
import { formatMoney, formatMonths } from './format.ts';
import { isKnown, median } from './numbers.ts';
import { RED_FLAG_THRESHOLDS } from './red-flags/thresholds.ts';
import type { ScoringSubject } from './subject.ts';

/**
 * Venture-debt sizing rules of thumb: a facility of 25–35 % of the last equity round (the
 * sponsor's cash backs the loan), 30–50 % of ARR (revenue repays it), and enough to add 6–9
 * months of runway at the current burn (what the company needs to reach its next milestone).
 */
export const FACILITY_SIZING = {
  equity_round_share: [0.25, 0.35],
  revenue_share: [0.3, 0.5],
  runway_extension_months: [6, 9],
} as const;

export interface SizingBasis {
  /** The figure the basis starts from (round size, ARR or revenue, monthly burn). */
  from: number;
  min: number;
  max: number;
}

export interface FacilityBasis {
  equity_round: SizingBasis | null;
  revenue: (SizingBasis & { source: 'ARR' | 'revenue' }) | null;
  runway_extension: SizingBasis | null;
  /** The combination of the bases before the thesis range was applied. */
  combined: { min: number; max: number } | null;
  thesis_range: [number, number];
}

export interface FacilitySuggestion {
  /** Null (with the reason in `reasoning`) when nothing is known to size from. */
  min: number | null;
  max: number | null;
  currency: 'EUR';
  /** One sentence per step, with the numbers. */
  reasoning: string[];
  basis: FacilityBasis;
}

/** Facility amounts are indicative: round to €50k above €1M, €10k above €100k, else €1k. */
function roundAmount(amount: number): number {
  const step = amount >= 1e6 ? 50_000 : amount >= 1e5 ? 10_000 : 1_000;
  return Math.round(amount / step) * step;
}

const share = ([low, high]: readonly [number, number]) => `${low * 100}–${high * 100}%`;
const span = (min: number, max: number) =>
  min === max ? formatMoney(min) : `${formatMoney(min)}–${formatMoney(max)}`;

/**
 * The combination: the median of the available bases, never above the smallest cap (the
 * equity- and revenue-based limits are caps; the runway need is not), then kept inside the
 * thesis deal-size range from above.
 */
export function suggestFacility(subject: ScoringSubject, thesis: TInvestmentThesis): FacilitySuggestion {
  const metrics = subject.financial_metrics ?? {};
  const reasoning: string[] = [];
  const [thesisMin, thesisMax] = thesis.deal_size_range;
  const basis: FacilityBasis = {
    equity_round: null,
    revenue: null,
    runway_extension: null,
    combined: null,
    thesis_range: [thesisMin, thesisMax],
  };

  const round = metrics.last_round_amount;
  if (isKnown(round) && round > 0) {
    const [low, high] = FACILITY_SIZING.equity_round_share;
    basis.equity_round = { from: round, min: round * low, max: round * high };
    reasoning.push(
      `Last equity round ${formatMoney(round)}: ${share(FACILITY_SIZING.equity_round_share)} gives ${span(round * low, round * high)}.`,
    );
  }
  const revenue = annualRevenue(metrics);
  if (revenue && revenue.amount > 0) {
    const [low, high] = FACILITY_SIZING.revenue_share;
    basis.revenue = {
      from: revenue.amount,
      source: revenue.source,
      min: revenue.amount * low,
      max: revenue.amount * high,
    };
    const label = revenue.source === 'ARR' ? 'ARR' : 'Annual revenue';
    reasoning.push(
      `${label} ${formatMoney(revenue.amount)}: ${share(FACILITY_SIZING.revenue_share)} gives ${span(basis.revenue.min, basis.revenue.max)}.`,
    );
  }
  const burn = metrics.monthly_burn;
  if (isKnown(burn) && burn > 0) {
    const [low, high] = FACILITY_SIZING.runway_extension_months;
    basis.runway_extension = { from: burn, min: burn * low, max: burn * high };
    reasoning.push(
      `Monthly burn ${formatMoney(burn)}: ${low}–${high} more months of runway needs ${span(burn * low, burn * high)}.`,
    );
  }

  const bases = [basis.equity_round, basis.revenue, basis.runway_extension].filter(
    (item): item is SizingBasis => item !== null,
  );
  if (bases.length === 0) {
    reasoning.push('No last equity round, revenue or burn is known, so no facility can be sized.');
    return { min: null, max: null, currency: 'EUR', reasoning, basis };
  }

  let min = median(bases.map((item) => item.min));
  let max = median(bases.map((item) => item.max));
  if (bases.length > 1) reasoning.push(`Median of the ${bases.length} bases: ${span(min, max)}.`);
  const caps = [basis.equity_round, basis.revenue].filter((item): item is SizingBasis => item !== null);
  if (caps.length === 0) {
    reasoning.push(
      'No equity round or revenue is known to cap the runway need, so the range is indicative only.',
    );
  } else {
    const cap = Math.min(...caps.map((item) => item.max));
    if (max > cap) {
      max = cap;
      min = Math.min(min, cap);
      reasoning.push(`Capped at ${formatMoney(cap)}, the smallest of the equity- and revenue-based limits.`);
    }
  }
  basis.combined = { min, max };

  min = roundAmount(min);
  max = roundAmount(max);
  if (max > thesisMax) {
    max = thesisMax;
    min = Math.min(min, thesisMax);
    reasoning.push(`Capped at the thesis maximum deal size of ${formatMoney(thesisMax)}.`);
  }
  if (max < thesisMin) {
    reasoning.push(
      `This is below the thesis minimum deal size of ${formatMoney(thesisMin)}: the company may be too small for this mandate.`,
    );
  }
  const runway = estimateRunway(metrics);
  if (runway && runway.months < RED_FLAG_THRESHOLDS.runway_critical_months) {
    reasoning.push(
      `With ${formatMonths(runway.months)} of runway, lenders usually require new equity before a first drawdown.`,
    );
  }
  reasoning.push(`Suggested facility: ${span(min, max)}.`);
  return { min, max, currency: 'EUR', reasoning, basis };
}
