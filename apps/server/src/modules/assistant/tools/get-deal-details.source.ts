import { companyNamesByIds } from '../../companies/index.ts';
import { type DealDetailsRow as DealColumns, dealDetails as dealColumns } from '../../deals/index.ts';
import { documentsOfDealNewestFirst } from '../../documents/index.ts';
import { latestInteractionAtOfCompanies } from '../../interactions/index.ts';
import type { ToolContext } from './tool.ts';

export interface DealDetailsRow extends DealColumns {
  company_name: string;
  documents: { id: string; name: string; document_type: string | null; created_at: string | Date }[] | null;
}

/** The later of two moments, either possibly unknown (as PostgreSQL's greatest, which skips nulls). */
const later = (a: string | Date | null, b: Date | undefined): Date | string | null => {
  if (a === null) return b ?? null;
  if (b === undefined) return a;
  return new Date(a).getTime() >= b.getTime() ? a : b;
};

/** One deal with its company name, documents and latest interaction (the deal's, or an email or note on its company). */
export async function dealDetails(context: ToolContext, dealId: string): Promise<DealDetailsRow | null> {
  const { db, organizationId } = context;
  const deal = await dealColumns(db, organizationId, dealId);
  if (!deal) return null;
  const [[company], documents, interactions] = await Promise.all([
    companyNamesByIds(db, organizationId, [deal.company_id]),
    documentsOfDealNewestFirst(db, organizationId, deal.id),
    latestInteractionAtOfCompanies(db, [deal.company_id]),
  ]);
  if (!company) return null;
  return {
    ...deal,
    company_name: company.name,
    documents: documents.length > 0 ? documents : null,
    last_interaction: later(deal.last_interaction, interactions.get(deal.company_id)),
  };
}
