import { estimateRunway } from '../../derived-metrics.ts';
import { formatMoney, formatMonths } from '../../format.ts';
import { RED_FLAG_THRESHOLDS } from '../thresholds.ts';
import type { RedFlagRule } from '../types.ts';

/**
 * A lender is repaid from the company's cash and its next equity round. Under 6 months of
 * runway the company cannot service a facility without new money first (critical); under 12
 * it will need new equity during the facility's life (high).
 */
export const shortRunway: RedFlagRule = ({ metrics }) => {
  const runway = estimateRunway(metrics);
  if (!runway || !Number.isFinite(runway.months)) return null;
  const { runway_critical_months: critical, runway_high_months: high } = RED_FLAG_THRESHOLDS;
  if (runway.months >= high) return null;
  const basis =
    runway.source === 'reported'
      ? 'as reported'
      : `cash ${formatMoney(metrics.cash ?? 0)} ÷ monthly burn ${formatMoney(metrics.monthly_burn ?? 0)}`;
  if (runway.months < critical) {
    return {
      severity: 'critical',
      flag_type: 'short_runway',
      category: 'financial',
      description: `Runway is ${formatMonths(runway.months)} (${basis}), under the ${critical}-month minimum: the company must raise equity or cut burn before it can service debt.`,
    };
  }
  return {
    severity: 'high',
    flag_type: 'short_runway',
    category: 'financial',
    description: `Runway is ${formatMonths(runway.months)} (${basis}), under ${high} months: new equity will be needed during the life of a facility.`,
  };
};
