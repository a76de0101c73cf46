import { formatPercent } from '../../format.ts';
import { isKnown } from '../../numbers.ts';
import type { RedFlagRule } from '../types.ts';

/** Revenue-based lending assumes revenue persists; high churn erodes the base that repays the loan. */
export const highChurn: RedFlagRule = ({ metrics, thesis }) => {
  const churn = metrics.monthly_churn;
  const max = thesis.financial_requirements.monthly_churn_max;
  if (!isKnown(churn) || churn <= max) return null;
  const yearly = 1 - (1 - Math.min(churn, 1)) ** 12;
  return {
    severity: 'high',
    flag_type: 'high_churn',
    category: 'financial',
    description: `Monthly churn is ${formatPercent(churn)} (about ${formatPercent(yearly, 0)} of customers a year), above the thesis maximum of ${formatPercent(max)}.`,
  };
};
