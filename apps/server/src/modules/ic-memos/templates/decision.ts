import type { IcMemoFacts } from '../ic-memo-facts.ts';

/** The lender's decision the memo recommends, from the thesis recommendation and the red flags. */
export type IcDecision = 'proceed' | 'conditional_proceed' | 'decline' | 'not_scored';

export function decisionOf(facts: IcMemoFacts): IcDecision {
  const { deal } = facts;
  if (deal.red_flag_level === 'reject' || deal.thematic_recommendation === 'reject') return 'decline';
  if (!deal.thematic_recommendation) return 'not_scored';
  const severe = facts.red_flags.some((flag) => flag.severity === 'critical' || flag.severity === 'high');
  if (deal.thematic_recommendation === 'proceed' && !severe && deal.red_flag_level !== 'high_risk')
    return 'proceed';
  return 'conditional_proceed';
}
