import { memoised } from '../../compiled-thesis.ts';
import { formatMoney } from '../../format.ts';
import { normaliseDealType } from '../../matching/deal-type.ts';
import { normaliseStage } from '../../matching/stage.ts';
import { isKnown } from '../../numbers.ts';
import type { RedFlagRule } from '../types.ts';

// Mandate misfits are filed as operational: the thesis range, stages and products are limits
// of the lender's own fund (concentration limits, minimum ticket economics, what its credit
// process and documentation cover), not risks of the company's market.

/** A ticket outside the thesis range breaks concentration limits or is uneconomic to run. */
export const amountOutsideRange: RedFlagRule = ({ subject, thesis }) => {
  const amount = subject.amount_requested;
  if (!isKnown(amount) || amount <= 0) return null;
  const [min, max] = thesis.deal_size_range;
  if (amount >= min && amount <= max) return null;
  const side =
    amount < min
      ? `below the thesis minimum of ${formatMoney(min)}`
      : `above the thesis maximum of ${formatMoney(max)}`;
  return {
    severity: 'medium',
    flag_type: 'amount_outside_thesis_range',
    category: 'operational',
    description: `The ${formatMoney(amount)} requested is ${side}.`,
  };
};

/** Outside the target stages the lender's underwriting assumptions (revenue scale, sponsor depth) do not hold. */
export const stageOutsideThesis: RedFlagRule = ({ subject, thesis }) => {
  if (typeof subject.stage !== 'string' || thesis.target_stages.length === 0) return null;
  const written = subject.stage;
  const stage = memoised(thesis, 'stage', written, () => normaliseStage(written));
  if (!stage || (thesis.target_stages as readonly string[]).includes(stage)) return null;
  return {
    severity: 'medium',
    flag_type: 'stage_outside_thesis',
    category: 'operational',
    description: `${stage} is outside the thesis target stages (${thesis.target_stages.join(', ')}).`,
  };
};

/** A product the lender does not offer cannot be documented or approved as asked. */
export const dealTypeOutsideThesis: RedFlagRule = ({ subject, thesis }) => {
  if (typeof subject.deal_type !== 'string' || thesis.deal_types.length === 0) return null;
  const dealType = normaliseDealType(subject.deal_type);
  if (!dealType || thesis.deal_types.includes(dealType)) return null;
  return {
    severity: 'medium',
    flag_type: 'deal_type_outside_thesis',
    category: 'operational',
    description: `${dealType} is not a deal type of the thesis (${thesis.deal_types.join(', ')}).`,
  };
};
