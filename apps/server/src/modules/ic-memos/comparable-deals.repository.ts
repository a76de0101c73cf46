import type { TDeal, TDealStage } from '@atempo/contracts';
import { sql } from 'drizzle-orm';
import { isoOf, numberOf, numberOrNull, rowsOf } from '../../platform/sql-rows.ts';
import type { ToolContext } from '../assistant/index.ts';

export interface ComparableDeal {
  id: string;
  deal_number: number;
  company_name: string;
  stage: TDealStage;
  amount_requested: number;
  thematic_score: number | null;
  updated_at: string;
}

interface Row {
  id: string;
  deal_number: number;
  company_name: string;
  stage: TDealStage;
  amount_requested: number | string;
  thematic_score: number | string | null;
  updated_at: string | Date;
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
  const rows = await rowsOf<Row>(
    context.db,
    sql`select d.id, d.deal_number, co.name as company_name, d.stage, d.amount_requested, d.thematic_score, d.updated_at
      from deals d join companies co on co.id = d.company_id
      where d.organization_id = ${context.organizationId} and d.id <> ${deal.id} and d.company_id <> ${deal.company_id}
        and lower(d.sector) = lower(${deal.sector})
      order by case d.stage when 'closed' then 0 when 'rejected' then 1 else 2 end,
        d.thematic_score desc nulls last, d.deal_number
      limit ${COMPARABLE_LIMIT}`,
  );
  return rows.map((row) => ({
    id: row.id,
    deal_number: row.deal_number,
    company_name: row.company_name,
    stage: row.stage,
    amount_requested: numberOf(row.amount_requested),
    thematic_score: numberOrNull(row.thematic_score),
    updated_at: isoOf(row.updated_at),
  }));
}
