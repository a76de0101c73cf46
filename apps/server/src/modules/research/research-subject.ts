import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import { companyByName } from './research-company.ts';
import { dealById } from './research-deal.ts';
import { findResearchRecord, latestResearchOfDeal } from './research-records.repository.ts';

/**
 * What GET /agents/research/{id}/… is about: {id} is a research id that discover answered, or a
 * deal id (its latest research, or the deal itself when it has none yet). Another organisation's
 * id is not found.
 */
export interface ResearchSubject {
  researchId: string | null;
  dealId: string | null;
  companyId: string | null;
  companyName: string;
  industrySector: string | null;
}

export const researchNotFound = () => notFound('Research not found');

export async function resolveResearchSubject(
  db: Database,
  organizationId: string,
  id: string,
): Promise<ResearchSubject> {
  const record = await findResearchRecord(db, organizationId, id);
  if (record) {
    const companyId =
      record.companyId ?? (await companyByName(db, organizationId, record.companyName))?.id ?? null;
    return {
      researchId: record.id,
      dealId: record.dealId,
      companyId,
      companyName: record.companyName,
      industrySector: record.industrySector,
    };
  }
  const deal = await dealById(db, organizationId, id);
  if (!deal) throw researchNotFound();
  const latest = await latestResearchOfDeal(db, organizationId, deal.id);
  return {
    researchId: latest?.id ?? null,
    dealId: deal.id,
    companyId: deal.company_id,
    companyName: deal.company_name,
    industrySector: latest?.industrySector ?? deal.sector,
  };
}
