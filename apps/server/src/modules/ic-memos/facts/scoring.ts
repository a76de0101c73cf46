import type { TDeal } from '@atempo/contracts';
import { dealCitation } from '../../assistant/index.ts';
import type { DealRef } from './deal.ts';
import type { IcMemoFacts } from './fact-types.ts';

const COMPONENT_LABELS: Record<string, string> = {
  sector_alignment: 'Sector alignment',
  geographic_fit: 'Geographic fit',
  stage_fit: 'Stage fit',
  deal_size_fit: 'Deal size fit',
  financial_metrics: 'Financial metrics',
};

/** The thesis score's components with their reasons, in the order the memo lists them. */
export function scoringFacts(deal: TDeal, dealRef: DealRef): IcMemoFacts['scoring'] {
  const breakdown = deal.scoring_breakdown;
  return breakdown
    ? Object.keys(COMPONENT_LABELS).flatMap((name) => {
        const score = breakdown.sector_scores[name as keyof typeof breakdown.sector_scores];
        if (typeof score !== 'number') return [];
        const label = COMPONENT_LABELS[name]!;
        const reason = breakdown.reasons[name as keyof typeof breakdown.reasons] ?? '';
        return [
          { name, label, score, reason, citation: dealCitation(dealRef, `${label} ${score}/10: ${reason}`) },
        ];
      })
    : [];
}
