import { isKnown } from '../../numbers.ts';
import { RED_FLAG_THRESHOLDS } from '../thresholds.ts';
import type { RedFlagRule } from '../types.ts';

/**
 * Revenue (or ARR), cash and burn are the minimum a lender needs to size a facility and judge
 * runway. One missing is medium; most of them missing is high.
 */
export const missingKeyData: RedFlagRule = ({ metrics }) => {
  const missing: string[] = [];
  if (!isKnown(metrics.revenue) && !isKnown(metrics.arr)) missing.push('revenue or ARR');
  if (!isKnown(metrics.cash)) missing.push('cash');
  if (!isKnown(metrics.monthly_burn)) missing.push('monthly burn');
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return {
    severity: missing.length >= RED_FLAG_THRESHOLDS.missing_key_data_high ? 'high' : 'medium',
    flag_type: 'missing_key_financials',
    category: 'data_quality',
    description: `Key financial data is missing (${missing.length} of 3): ${list}; runway and debt capacity cannot be fully assessed.`,
  };
};
