import type { TDeal, TDealStage } from '@atempo/contracts';
import { isoOf, numberOf, numberOrNull } from '../../platform/sql-rows.ts';
import type { ToolContext } from '../assistant/index.ts';
import { companyNamesByIds } from '../companies/index.ts';
import { dealsInSector } from '../deals/index.ts';

export interface ComparableDeal {
  id: string;
  deal_number: number;
  company_name: string;
  stage: TDealStage;
  amount_requested: number;
  thematic_score: number | null;
  updated_at: string;
}

/** How many comparable deals a memo lists. */
export const COMPARABLE_LIMIT = 5;

/**
 * The organisation's other deals in the same sector (the company's industry), decided ones first
 * (closed, then rejected: what the committee already ruled on), then the open ones by thematic
 * score. Another deal of the same company is not a comparable.
 */
export async function comparableDeals(context: ToolContext, deal: TDeal): Promise<ComparableDeal[]> {
  if (!deal.sector) return [];
  const rows = await dealsInSector(context.db, context.organizationId, {
    exceptDealId: deal.id,
    exceptCompanyId: deal.company_id,
    sector: deal.sector,
    limit: COMPARABLE_LIMIT,
  });
  const names = new Map(
    (
      await companyNamesByIds(
        context.db,
        context.organizationId,
        rows.map((row) => row.company_id),
      )
    ).map((company) => [company.id, company.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    deal_number: row.deal_number,
    company_name: names.get(row.company_id) ?? '',
    stage: row.stage,
    amount_requested: numberOf(row.amount_requested),
    thematic_score: numberOrNull(row.thematic_score),
    updated_at: isoOf(row.updated_at),
  }));
}
