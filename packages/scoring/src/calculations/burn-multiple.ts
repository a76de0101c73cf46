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
  percent,
  round2,
} from './calculation.ts';

const FORMULA = 'Burn multiple = annual net burn ÷ net new ARR';

/**
 * Annual net burn is `net_burn`, or `monthly_burn` × 12. Net new ARR is `net_new_arr`, or
 * `arr` − `arr_last_year`, or (growth being year on year, ARR a year ago being arr ÷ (1 + growth))
 * `arr` × growth ÷ (1 + growth); annual revenue stands in for ARR when ARR is unknown.
 */
export function burnMultipleCalculation(values: CalculationValues): CalculationOutcome {
  const reader = new InputReader(values);
  const steps: string[] = [];
  const base = { unit: 'ratio' as const, formula: FORMULA };

  let annualBurn: number | null;
  if (reader.has('net_burn')) {
    annualBurn = reader.read('net_burn');
  } else {
    const monthly = reader.read('monthly_burn');
    annualBurn = monthly === null ? null : clean(monthly * 12);
    if (monthly !== null) steps.push(`Annual net burn = ${money(monthly)} × 12 = ${money(annualBurn!)}`);
  }
  if (annualBurn !== null && annualBurn <= 0) {
    return outcome(reader, {
      ...base,
      steps: [...steps, `Annual net burn is ${money(annualBurn)}: the company is not burning cash.`],
      interpretation: 'Not burning cash: the burn multiple does not apply (cash generative).',
    });
  }

  let netNew: number | null = null;
  if (reader.has('net_new_arr')) {
    netNew = reader.read('net_new_arr');
  } else if (reader.has('arr_last_year')) {
    const now = reader.read('arr');
    const before = reader.read('arr_last_year');
    if (now !== null && before !== null) {
      netNew = clean(now - before);
      steps.push(`Net new ARR = ${money(now)} − ${money(before)} = ${money(netNew)}`);
    }
  } else {
    const label = reader.has('arr') || !reader.has('revenue') ? 'arr' : 'revenue';
    const arr = reader.read(label);
    const growth = reader.read('revenue_growth');
    if (arr !== null && growth !== null) {
      const exact = (arr * growth) / (1 + growth);
      netNew = round2(clean(exact));
      const name = label === 'arr' ? 'ARR' : 'annual revenue';
      steps.push(
        `Net new ARR = ${name} × growth ÷ (1 + growth) = ${money(arr)} × ${percent(growth)} ÷ ${figure(clean(1 + growth))} ${equals(exact, netNew)} ${money(netNew)}`,
      );
    }
  }
  if (annualBurn === null || netNew === null) return outcome(reader, { ...base, steps });
  if (netNew <= 0) {
    return outcome(reader, {
      ...base,
      steps: [...steps, `Net new ARR is ${money(netNew)}: dividing by it gives no finite multiple.`],
      interpretation: 'The company burns cash without adding ARR: the burn multiple is unbounded.',
    });
  }
  const exact = annualBurn / netNew;
  const result = round2(clean(exact));
  steps.push(
    `Burn multiple = ${money(annualBurn)} ÷ ${money(netNew)} ${equals(exact, result)} ${figure(result)}`,
  );
  const { burn_multiple_medium: medium, burn_multiple_high: high } = RED_FLAG_THRESHOLDS;
  let interpretation = `${figure(result)}: each euro of new ARR costs ${money(result)} of burn, efficient growth.`;
  if (result > high) interpretation = `${figure(result)}, above ${high}: growth is costing too much cash.`;
  else if (result > medium) interpretation = `${figure(result)}, above ${medium}: growth is expensive.`;
  return outcome(reader, { ...base, result, steps, interpretation });
}
