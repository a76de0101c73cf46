import { formatPercent } from '../../format.ts';
import { isKnown } from '../../numbers.ts';
import type { RedFlagRule } from '../types.ts';

/** Venture debt is sized on revenue and growth; shrinking revenue removes both. */
export const decliningRevenue: RedFlagRule = ({ metrics }) => {
  const growth = metrics.revenue_growth;
  if (!isKnown(growth) || growth >= 0) return null;
  return {
    severity: 'high',
    flag_type: 'declining_revenue',
    category: 'financial',
    description: `Revenue is shrinking: growth is ${formatPercent(growth)} year on year.`,
  };
};
