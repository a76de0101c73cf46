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

const FORMULA = 'Rule of 40 = revenue growth % + profit margin % (EBITDA or free-cash-flow margin)';

/**
 * The margin is `ebitda_margin` or `fcf_margin` when given, else EBITDA ÷ revenue, else free cash
 * flow ÷ revenue. Growth is year on year. The result is in percentage points.
 */
export function ruleOf40Calculation(values: CalculationValues): CalculationOutcome {
  const reader = new InputReader(values);
  const steps: string[] = [];
  const base = { unit: 'percent_points' as const, formula: FORMULA };
  const growth = reader.read('revenue_growth');

  let margin: number | null = null;
  let marginName = 'EBITDA margin';
  if (reader.has('ebitda_margin')) {
    margin = reader.read('ebitda_margin');
  } else if (reader.has('fcf_margin')) {
    margin = reader.read('fcf_margin');
    marginName = 'FCF margin';
  } else {
    const profitName = reader.has('ebitda') || !reader.has('free_cash_flow') ? 'ebitda' : 'free_cash_flow';
    if (profitName === 'free_cash_flow') marginName = 'FCF margin';
    const profit = reader.read(profitName);
    const revenue = reader.read('revenue');
    if (profit !== null && revenue !== null) {
      if (revenue <= 0) {
        return outcome(reader, {
          ...base,
          steps: [`Revenue is ${money(revenue)}: a margin cannot be computed from it.`],
          interpretation: 'Without positive revenue there is no margin, so no Rule of 40.',
        });
      }
      const exact = profit / revenue;
      margin = exact;
      const shown = round2(clean(exact * 100));
      steps.push(
        `${marginName} = ${profitName === 'ebitda' ? 'EBITDA' : 'free cash flow'} ÷ revenue = ${money(profit)} ÷ ${money(revenue)} ${equals(exact * 100, shown)} ${figure(shown)}%`,
      );
    }
  }
  if (growth === null || margin === null) return outcome(reader, { ...base, steps });
  const exact = growth * 100 + margin * 100;
  const result = round2(clean(exact));
  steps.push(
    `Rule of 40 = ${percent(growth)} growth ${margin < 0 ? '−' : '+'} ${percent(Math.abs(margin))} ${marginName} ${equals(exact, result)} ${figure(result)} points`,
  );
  const interpretation =
    result >= 40
      ? `${figure(result)} points: meets the Rule of 40, growth and profitability are balanced.`
      : `${figure(result)} points: ${figure(round2(clean(40 - result)))} points short of the Rule of 40.`;
  return outcome(reader, { ...base, result, steps, interpretation });
}
