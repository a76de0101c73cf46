import type { TDeal } from '@atempo/contracts';
import { dealCitation } from '../../assistant/index.ts';
import type { DealRef } from './deal.ts';
import type { IcMemoFacts } from './fact-types.ts';

/** The red flags the scoring engine recorded on the deal. */
export function redFlagFacts(deal: TDeal, dealRef: DealRef): IcMemoFacts['red_flags'] {
  return (deal.red_flags ?? []).map((flag) => ({
    severity: flag.severity,
    category: flag.category,
    description: flag.description,
    citation: dealCitation(dealRef, `${flag.severity}: ${flag.description}`),
  }));
}
