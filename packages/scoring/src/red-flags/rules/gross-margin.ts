import { formatPercent } from '../../format.ts';
import { isKnown } from '../../numbers.ts';
import { grossMarginThreshold } from '../../thresholds.ts';
import type { RedFlagRule } from '../types.ts';

/** Thin margins leave little cash to service debt and signal weak pricing power. */
export const lowGrossMargin: RedFlagRule = ({ metrics, subject, thesis }) => {
  const margin = metrics.gross_margin;
  if (!isKnown(margin)) return null;
  const threshold = grossMarginThreshold(subject.sector, thesis);
  if (margin >= threshold.value) return null;
  return {
    severity: 'high',
    flag_type: 'low_gross_margin',
    category: 'financial',
    description: `Gross margin is ${formatPercent(margin)}, below ${threshold.source} of ${formatPercent(threshold.value)}.`,
  };
};
