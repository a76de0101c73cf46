import type { TInvestmentThesis } from '@atempo/contracts';
import { burnMultipleCalculation } from './burn-multiple.ts';
import { cacPaybackCalculation } from './cac-payback.ts';
import type { CalculationOutcome, CalculationValues } from './calculation.ts';
import { debtServiceCoverageCalculation } from './debt-service-coverage.ts';
import { facilitySizingCalculation } from './facility-sizing.ts';
import { ltvCacCalculation } from './ltv-cac.ts';
import { percentageOfCalculation } from './percentage-of.ts';
import { ruleOf40Calculation } from './rule-of-40.ts';
import { runwayCalculation } from './runway.ts';

export * from './calculation.ts';
export { MIN_COMFORTABLE_DSCR } from './debt-service-coverage.ts';
export {
  burnMultipleCalculation,
  cacPaybackCalculation,
  debtServiceCoverageCalculation,
  facilitySizingCalculation,
  ltvCacCalculation,
  percentageOfCalculation,
  ruleOf40Calculation,
  runwayCalculation,
};

export type CalculationName =
  | 'burn_multiple'
  | 'runway'
  | 'rule_of_40'
  | 'ltv_cac'
  | 'cac_payback'
  | 'debt_service_coverage'
  | 'facility_sizing'
  | 'percentage_of';

/**
 * The inputs each calculation reads, by name: what a caller may give, and what the server looks
 * up in a deal's or company's figures. Amounts in EUR, fractions as fractions (0.6 = 60 %),
 * `monthly_burn`, `arpa` per month, `net_burn` per year.
 */
export const CALCULATION_INPUTS: Record<CalculationName, readonly string[]> = {
  burn_multiple: [
    'net_burn',
    'monthly_burn',
    'net_new_arr',
    'arr',
    'arr_last_year',
    'revenue',
    'revenue_growth',
  ],
  runway: ['cash', 'monthly_burn'],
  rule_of_40: ['revenue_growth', 'ebitda_margin', 'fcf_margin', 'ebitda', 'free_cash_flow', 'revenue'],
  ltv_cac: ['ltv', 'arpa', 'gross_margin', 'monthly_churn', 'cac'],
  cac_payback: ['cac', 'arpa', 'gross_margin'],
  debt_service_coverage: ['cash_flow_available', 'debt_service'],
  facility_sizing: ['last_round_amount', 'arr', 'revenue', 'monthly_burn', 'cash', 'runway_months'],
  percentage_of: ['percent', 'amount'],
};

export const CALCULATION_LABELS: Record<CalculationName, string> = {
  burn_multiple: 'burn multiple',
  runway: 'runway',
  rule_of_40: 'Rule of 40',
  ltv_cac: 'LTV/CAC',
  cac_payback: 'CAC payback',
  debt_service_coverage: 'debt service coverage',
  facility_sizing: 'facility sizing',
  percentage_of: 'percentage of an amount',
};

export function calculate(
  name: CalculationName,
  values: CalculationValues,
  thesis: TInvestmentThesis,
): CalculationOutcome {
  switch (name) {
    case 'burn_multiple':
      return burnMultipleCalculation(values);
    case 'runway':
      return runwayCalculation(values);
    case 'rule_of_40':
      return ruleOf40Calculation(values);
    case 'ltv_cac':
      return ltvCacCalculation(values);
    case 'cac_payback':
      return cacPaybackCalculation(values);
    case 'debt_service_coverage':
      return debtServiceCoverageCalculation(values);
    case 'facility_sizing':
      return facilitySizingCalculation(values, thesis);
    case 'percentage_of':
      return percentageOfCalculation(values);
  }
}
