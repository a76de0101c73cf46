import { formatMonths } from '../../format.ts';
import { isKnown } from '../../numbers.ts';
import type { RedFlagRule } from '../types.ts';

/** A long CAC payback ties up cash in growth that comes back only after the facility amortises. */
export const longCacPayback: RedFlagRule = ({ metrics, thesis }) => {
  const payback = metrics.cac_payback_months;
  const max = thesis.financial_requirements.cac_payback_months.max;
  if (!isKnown(payback) || payback <= max) return null;
  return {
    severity: 'medium',
    flag_type: 'long_cac_payback',
    category: 'financial',
    description: `CAC payback is ${formatMonths(payback)}, above the thesis maximum of ${formatMonths(max)}.`,
  };
};
