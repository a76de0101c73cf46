import { burnMultiple } from '../../derived-metrics.ts';
import { formatMoney, formatNumber, formatPercent } from '../../format.ts';
import { RED_FLAG_THRESHOLDS } from '../thresholds.ts';
import type { RedFlagRule } from '../types.ts';

/**
 * Burn multiple (net burn ÷ net new ARR) measures how much cash each euro of new ARR costs.
 * Above 2 growth is expensive; above 3 the equity story, and so the lender's refinancing
 * path, is at risk. Burning without adding ARR at all is the unbounded worst case (high).
 */
export const highBurnMultiple: RedFlagRule = ({ metrics }) => {
  const result = burnMultiple(metrics);
  if (!result) return null;
  const { burn_multiple_medium: medium, burn_multiple_high: high } = RED_FLAG_THRESHOLDS;
  if (result.multiple <= medium) return null;
  if (!Number.isFinite(result.multiple)) {
    return {
      severity: 'high',
      flag_type: 'high_burn_multiple',
      category: 'financial',
      description: `The company burns ${formatMoney(result.annual_burn)} a year without adding ARR (growth ${formatPercent(metrics.revenue_growth ?? 0)}): the burn multiple is unbounded.`,
    };
  }
  const severity = result.multiple > high ? 'high' : 'medium';
  return {
    severity,
    flag_type: 'high_burn_multiple',
    category: 'financial',
    description: `Burn multiple is ${formatNumber(result.multiple)} (annual net burn ${formatMoney(result.annual_burn)} ÷ net new ARR ${formatMoney(result.net_new_arr)}), above ${severity === 'high' ? high : medium}: growth is costing too much cash.`,
  };
};
