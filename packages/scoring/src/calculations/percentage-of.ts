import {
  type CalculationOutcome,
  type CalculationValues,
  clean,
  equals,
  InputReader,
  money,
  outcome,
  percent,
  round2,
} from './calculation.ts';

const FORMULA = 'Share = percentage × amount';

/**
 * A percentage of an amount ("15% of €4M"), the arithmetic a lender asks of figures they give
 * (a fee, an advance rate, a covenant headroom). `percent` is a fraction (0.15 = 15 %).
 */
export function percentageOfCalculation(values: CalculationValues): CalculationOutcome {
  const reader = new InputReader(values);
  const share = reader.read('percent');
  const amount = reader.read('amount');
  if (share === null || amount === null) return outcome(reader, { unit: 'currency', formula: FORMULA });
  const exact = share * amount;
  const result = round2(clean(exact));
  return outcome(reader, {
    result,
    unit: 'currency',
    formula: FORMULA,
    steps: [`${percent(share)} × ${money(amount)} ${equals(exact, result)} ${money(result)}`],
    interpretation: `${percent(share)} of ${money(amount)} is ${money(result)}.`,
  });
}
