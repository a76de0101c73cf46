import { formatPercent } from '../../format.ts';
import { isKnown } from '../../numbers.ts';
import { RED_FLAG_THRESHOLDS } from '../thresholds.ts';
import type { RedFlagRule } from '../types.ts';

/** NRR under 90 % means the existing customer base shrinks each year without new sales. */
export const lowNetRevenueRetention: RedFlagRule = ({ metrics }) => {
  const nrr = metrics.net_revenue_retention;
  const min = RED_FLAG_THRESHOLDS.net_revenue_retention_min;
  if (!isKnown(nrr) || nrr >= min) return null;
  return {
    severity: 'medium',
    flag_type: 'low_net_revenue_retention',
    category: 'financial',
    description: `Net revenue retention is ${formatPercent(nrr)}, below ${formatPercent(min)}: existing customers are spending less each year.`,
  };
};
