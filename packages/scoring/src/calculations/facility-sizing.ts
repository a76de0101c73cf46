import type { TFinancialMetrics, TInvestmentThesis } from '@atempo/contracts';
import { FACILITY_SIZING, suggestFacility } from '../facility.ts';
import { type CalculationOutcome, type CalculationValues, InputReader, outcome } from './calculation.ts';

const [equityLow, equityHigh] = FACILITY_SIZING.equity_round_share;
const [revenueLow, revenueHigh] = FACILITY_SIZING.revenue_share;
const [runwayLow, runwayHigh] = FACILITY_SIZING.runway_extension_months;
const pct = (fraction: number) => Math.round(fraction * 100);

const FORMULA = `Facility = median of ${pct(equityLow)}–${pct(equityHigh)}% of the last equity round, ${pct(revenueLow)}–${pct(revenueHigh)}% of ARR (or annual revenue), and ${runwayLow}–${runwayHigh} months of net burn; capped by the smallest of the equity and revenue limits and by the thesis deal-size range`;

/** The metrics facility sizing reads; ARR before revenue, as the sizing rules do. */
const SIZING_INPUTS = [
  'last_round_amount',
  'arr',
  'revenue',
  'monthly_burn',
  'cash',
  'runway_months',
] as const;

/**
 * An indicative venture-debt facility by the scoring engine's sizing rules (suggestFacility), with
 * its reasoning as the steps. The result is the range; `result` stays null.
 */
export function facilitySizingCalculation(
  values: CalculationValues,
  thesis: TInvestmentThesis,
): CalculationOutcome {
  const reader = new InputReader(values);
  const metrics: TFinancialMetrics = {};
  for (const name of SIZING_INPUTS) {
    // Revenue is only read when ARR is unknown: the sizing would not use it.
    if (name === 'revenue' && reader.has('arr')) continue;
    const value = reader.read(name, true);
    if (value !== null) metrics[name] = value;
  }
  const suggestion = suggestFacility({ financial_metrics: metrics }, thesis);
  const sized = suggestion.min !== null && suggestion.max !== null;
  if (!sized) reader.missing.push('last_round_amount', 'arr', 'monthly_burn');
  return outcome(reader, {
    unit: 'currency',
    formula: FORMULA,
    range: sized ? { min: suggestion.min!, max: suggestion.max! } : null,
    steps: suggestion.reasoning,
    interpretation: sized
      ? 'An indicative range for a first conversation, not a credit decision.'
      : 'No last equity round, ARR, revenue or burn is known, so no facility can be sized.',
  });
}
