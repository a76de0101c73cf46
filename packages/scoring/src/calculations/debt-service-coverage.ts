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

const FORMULA =
  'Debt service coverage = cash flow available for debt service ÷ debt service (interest + principal)';

/** Lenders usually ask for at least this cover. */
export const MIN_COMFORTABLE_DSCR = 1.25;

export function debtServiceCoverageCalculation(values: CalculationValues): CalculationOutcome {
  const reader = new InputReader(values);
  const base = { unit: 'ratio' as const, formula: FORMULA };
  const available = reader.read('cash_flow_available');
  const service = reader.read('debt_service');
  if (available === null || service === null) return outcome(reader, base);
  if (service <= 0) {
    return outcome(reader, {
      ...base,
      steps: [`Debt service is ${money(service)}: dividing by it gives no finite ratio.`],
      interpretation: 'There is no debt service to cover.',
    });
  }
  const exact = available / service;
  const result = round2(clean(exact));
  let interpretation = `${figure(result)}×: cash flow covers debt service comfortably.`;
  if (result < 1) interpretation = `${figure(result)}×, under 1: cash flow does not cover debt service.`;
  else if (result < MIN_COMFORTABLE_DSCR) {
    interpretation = `${figure(result)}×, under ${MIN_COMFORTABLE_DSCR}×: cover is tight.`;
  }
  return outcome(reader, {
    ...base,
    result,
    steps: [
      `Debt service coverage = ${money(available)} ÷ ${money(service)} ${equals(exact, result)} ${figure(result)}×`,
    ],
    interpretation,
  });
}
