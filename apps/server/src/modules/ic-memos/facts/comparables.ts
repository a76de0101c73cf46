import { STAGE_LABELS, type TDeal } from '@atempo/contracts';
import type { ToolContext } from '../../assistant/index.ts';
import { dealCitation, euros } from '../../assistant/index.ts';
import { comparableDeals } from '../comparable-deals.repository.ts';
import type { IcMemoFacts } from './fact-types.ts';

/** The organisation's deals comparable to this one, each cited to its own record. */
export async function comparableFacts(
  context: ToolContext,
  deal: TDeal,
): Promise<IcMemoFacts['comparables']> {
  const comparables = await comparableDeals(context, deal);
  return comparables.map((row) => ({
    deal_id: row.id,
    company_name: row.company_name,
    stage_label: STAGE_LABELS[row.stage],
    amount_requested: row.amount_requested,
    thematic_score: row.thematic_score,
    citation: dealCitation(
      {
        id: row.id,
        deal_number: row.deal_number,
        company_name: row.company_name,
        updated_at: row.updated_at,
      },
      [
        `stage ${STAGE_LABELS[row.stage]}`,
        `amount requested ${euros(row.amount_requested)}`,
        row.thematic_score !== null && `thematic score ${row.thematic_score}/10`,
      ]
        .filter(Boolean)
        .join(', '),
    ),
  }));
}
