import { DEFAULT_CAC_PAYBACK_MONTHS } from '@atempo/contracts';
import {
  type CalculationOutcome,
  type CalculationValues,
  clean,
  equals,
  figure,
  InputReader,
  money,
  outcome,
  percent,
  round2,
} from './calculation.ts';

const FORMULA = 'CAC payback (months) = CAC ÷ (monthly revenue per customer × gross margin)';

/** Months of a customer's gross profit needed to earn back what acquiring them cost. */
export function cacPaybackCalculation(values: CalculationValues): CalculationOutcome {
  const reader = new InputReader(values);
  const base = { unit: 'months' as const, formula: FORMULA };
  const cac = reader.read('cac');
  const arpa = reader.read('arpa');
  const margin = reader.read('gross_margin');
  if (cac === null || arpa === null || margin === null) return outcome(reader, base);
  const monthlyProfit = clean(arpa * margin);
  const steps = [
    `Monthly gross profit per customer = ${money(arpa)} × ${percent(margin)} = ${money(monthlyProfit)}`,
  ];
  if (monthlyProfit <= 0) {
    return outcome(reader, {
      ...base,
      steps: [...steps, 'A customer earns no gross profit, so the acquisition cost is never paid back.'],
      interpretation: 'CAC is never paid back: customers earn no gross profit.',
    });
  }
  const exact = cac / monthlyProfit;
  const result = round2(clean(exact));
  steps.push(
    `CAC payback = ${money(cac)} ÷ ${money(monthlyProfit)} ${equals(exact, result)} ${figure(result)} months`,
  );
  let interpretation = `${figure(result)} months: acquisition cost is earned back within a year, efficient.`;
  if (result > DEFAULT_CAC_PAYBACK_MONTHS) {
    interpretation = `${figure(result)} months, above ${DEFAULT_CAC_PAYBACK_MONTHS}: growth ties up cash for long.`;
  } else if (result > 12) {
    interpretation = `${figure(result)} months: acceptable, within the ${DEFAULT_CAC_PAYBACK_MONTHS}-month limit.`;
  }
  return outcome(reader, { ...base, result, steps, interpretation });
}
