import type { TDeal } from '@atempo/contracts';
import { dealCitation } from '../../assistant/index.ts';
import type { DealRef } from './deal.ts';
import type { IcMemoFacts } from './fact-types.ts';

/** The facility the scoring engine suggests for the deal, with its reasoning; null when none. */
export function suggestedFacilityFacts(deal: TDeal, dealRef: DealRef): IcMemoFacts['suggested_facility'] {
  const suggestion = deal.suggested_facility;
  return suggestion
    ? {
        min: suggestion.min,
        max: suggestion.max,
        reasoning: suggestion.reasoning,
        citation: dealCitation(
          dealRef,
          `Suggested facility (scoring engine): ${suggestion.reasoning.join(' ')}`,
        ),
      }
    : null;
}
