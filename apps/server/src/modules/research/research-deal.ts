import type { Database } from '@atempo/db';
import { companySubjectsByIds } from '../companies/index.ts';
import { dealReferenceById } from '../deals/index.ts';

export interface DealRow {
  id: string;
  deal_number: number;
  company_id: string;
  company_name: string;
  sector: string | null;
  updated_at: string | Date;
}

/** One deal of the organisation with its company's name; its sector, else the company's industry. */
export async function dealById(
  db: Database,
  organizationId: string,
  id: string,
): Promise<DealRow | undefined> {
  const deal = await dealReferenceById(db, organizationId, id);
  if (!deal) return undefined;
  const company = (await companySubjectsByIds(db, organizationId, [deal.companyId])).get(deal.companyId);
  // The deal's company is in its organisation; a deal without one is not found, as the join did.
  if (!company) return undefined;
  return {
    id: deal.id,
    deal_number: deal.dealNumber,
    company_id: deal.companyId,
    company_name: company.name,
    sector: deal.sector ?? company.industry,
    updated_at: deal.updatedAt,
  };
}
