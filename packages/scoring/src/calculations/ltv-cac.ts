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

const FORMULA = 'LTV/CAC = customer lifetime value ÷ customer acquisition cost';

/** LTV is `ltv` when given, else monthly revenue per customer (`arpa`) × gross margin ÷ monthly churn. */
export function ltvCacCalculation(values: CalculationValues): CalculationOutcome {
  const reader = new InputReader(values);
  const steps: string[] = [];
  const base = { unit: 'ratio' as const, formula: FORMULA };
  let ltv: number | null;
  if (reader.has('ltv')) {
    ltv = reader.read('ltv');
  } else {
    const arpa = reader.read('arpa');
    const margin = reader.read('gross_margin');
    const churn = reader.read('monthly_churn');
    ltv = null;
    if (arpa !== null && margin !== null && churn !== null) {
      if (churn <= 0) {
        return outcome(reader, {
          ...base,
          steps: [
            `Monthly churn is ${percent(churn)}: customers never leave, so lifetime value is unbounded.`,
          ],
          interpretation: 'With no churn the lifetime value, and so LTV/CAC, has no finite value.',
        });
      }
      const exact = (arpa * margin) / churn;
      ltv = round2(clean(exact));
      steps.push(
        `LTV = ${money(arpa)} per month × ${percent(margin)} gross margin ÷ ${percent(churn)} monthly churn ${equals(exact, ltv)} ${money(ltv)}`,
      );
    }
  }
  const cac = reader.read('cac');
  if (ltv === null || cac === null) return outcome(reader, { ...base, steps });
  if (cac <= 0) {
    return outcome(reader, {
      ...base,
      steps: [...steps, `CAC is ${money(cac)}: dividing by it gives no finite ratio.`],
      interpretation: 'A customer acquisition cost of zero or less gives no meaningful LTV/CAC.',
    });
  }
  const exact = ltv / cac;
  const result = round2(clean(exact));
  steps.push(`LTV/CAC = ${money(ltv)} ÷ ${money(cac)} ${equals(exact, result)} ${figure(result)}`);
  let interpretation = `${figure(result)}: a customer is worth ${figure(result)} times what acquiring them cost, healthy.`;
  if (result < 1)
    interpretation = `${figure(result)}, under 1: customers are worth less than they cost to acquire.`;
  else if (result < 3) interpretation = `${figure(result)}, under 3: unit economics are thin.`;
  return outcome(reader, { ...base, result, steps, interpretation });
}
