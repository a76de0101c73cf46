import { STAGE_LABELS, type TDeal } from '@atempo/contracts';
import { dealCitation, euros } from '../../assistant/index.ts';
import type { IcMemoFacts } from './fact-types.ts';

/** What a deal citation names of the deal. */
export type DealRef = Parameters<typeof dealCitation>[0];

export function dealRefOf(deal: TDeal): DealRef {
  return {
    id: deal.id,
    deal_number: deal.deal_number,
    company_name: deal.company,
    updated_at: deal.updated_at,
  };
}

/** The deal record: stage, amount, scores, cited to the record's headline figures. */
export function dealFacts(deal: TDeal): IcMemoFacts['deal'] {
  return {
    id: deal.id,
    deal_number: deal.deal_number,
    company_id: deal.company_id,
    company_name: deal.company,
    stage: deal.stage,
    stage_label: STAGE_LABELS[deal.stage],
    amount_requested: deal.amount_requested,
    sector: deal.sector,
    geography: deal.geography,
    deal_type: deal.deal_type,
    description: deal.description,
    thematic_score: deal.thematic_score,
    thematic_recommendation: deal.thematic_recommendation,
    red_flag_level: deal.red_flag_level,
    red_flag_score: deal.red_flag_score,
    citation: dealCitation(
      dealRefOf(deal),
      [
        `amount requested ${euros(deal.amount_requested)}`,
        `stage ${STAGE_LABELS[deal.stage]}`,
        deal.thematic_score !== null && `thematic score ${deal.thematic_score}/10`,
        deal.red_flag_score !== null && `red-flag score ${deal.red_flag_score}/10`,
      ]
        .filter(Boolean)
        .join(', '),
    ),
  };
}
