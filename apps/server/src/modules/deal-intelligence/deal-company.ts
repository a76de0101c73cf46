import type { Database } from '@atempo/db';
import { companyNamesByIds } from '../companies/index.ts';
import { companyIdOfDeal } from '../deals/index.ts';

/** The deal's company (id and name) when the deal is the organisation's. */
export async function dealCompany(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<{ companyId: string; companyName: string } | undefined> {
  const companyId = await companyIdOfDeal(db, organizationId, dealId);
  if (!companyId) return undefined;
  const [company] = await companyNamesByIds(db, organizationId, [companyId]);
  return company && { companyId, companyName: company.name };
}
