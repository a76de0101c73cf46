import { RED_FLAG_THRESHOLDS } from '../red-flags/thresholds.ts';
import {
  type CalculationOutcome,
  type CalculationValues,
  clean,
  equals,
  figure,
  InputReader,
  money,
  outcome,
  round2,
} from './calculation.ts';

const FORMULA = 'Runway (months) = cash ÷ monthly net burn';

/** Months of cash at the current burn; a company that does not burn is not running out. */
export function runwayCalculation(values: CalculationValues): CalculationOutcome {
  const reader = new InputReader(values);
  const cash = reader.read('cash');
  const burn = reader.read('monthly_burn');
  if (burn !== null && burn <= 0) {
    return outcome(reader, {
      unit: 'months',
      formula: FORMULA,
      steps: [`Monthly net burn is ${money(burn)}: the company is not burning cash.`],
      interpretation: 'Not burning cash: runway is not limited by burn (cash generative).',
    });
  }
  if (cash === null || burn === null) return outcome(reader, { unit: 'months', formula: FORMULA });
  const exact = cash / burn;
  const result = round2(clean(exact));
  const { runway_critical_months: critical, runway_high_months: short } = RED_FLAG_THRESHOLDS;
  let interpretation = `${figure(result)} months of runway: enough to draw and repay a facility without new equity soon.`;
  if (result < critical) {
    interpretation = `${figure(result)} months of runway, under the ${critical}-month minimum: the company must raise equity or cut burn before it can service debt.`;
  } else if (result < short) {
    interpretation = `${figure(result)} months of runway, under ${short} months: new equity is needed within the life of a facility.`;
  }
  return outcome(reader, {
    result,
    unit: 'months',
    formula: FORMULA,
    steps: [
      `Runway = ${money(cash)} ÷ ${money(burn)} per month ${equals(exact, result)} ${figure(result)} months`,
    ],
    interpretation,
  });
}
