import type { TCalculation } from '@atempo/contracts';
import { hasAny, type NormalisedQuestion } from '../question.ts';
import { CALCULATION_PHRASES } from '../vocabulary.ts';

/** The calculation the question asks for (runway, burn multiple, facility sizing…); null when none. */
export function findCalculation(question: NormalisedQuestion): TCalculation | null {
  for (const calculation of [
    'facility_sizing',
    'burn_multiple',
    'rule_of_40',
    'debt_service_coverage',
    'runway',
  ] as const) {
    if (hasAny(question, CALCULATION_PHRASES[calculation])) return calculation;
  }
  if (
    hasAny(question, ['calculate', 'compute', 'work out']) &&
    hasAny(question, ['ltv cac', 'ltv to cac', 'ltv'])
  )
    return 'ltv_cac';
  if (hasAny(question, ['calculate', 'compute', 'work out']) && hasAny(question, ['cac payback', 'payback']))
    return 'cac_payback';
  if (
    / facility /.test(question.padded) &&
    hasAny(question, ['size', 'sizing', 'how much', 'how big', 'how large'])
  ) {
    return 'facility_sizing';
  }
  return null;
}
