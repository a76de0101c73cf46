import type { Database } from '@atempo/db';
import { AppError } from '../../../platform/errors.ts';
import { findCompanyByName } from '../../companies/index.ts';
import { createDeals, getDeal, listDealsOfCompany } from '../../deals/index.ts';
import type { DriveItemRow } from './drive-items.repository.ts';

/** Where ingested deals say they came from. */
export const SHAREPOINT_SOURCE = 'SharePoint';

/**
 * The deal a deal folder feeds: the one it fed before while it exists, else the newest deal of
 * the company of that name (the one company matcher: "Lumen Health" is "Lumen Health Ltd"), else a
 * new lead of a company found or created by that name.
 */
export async function dealOfFolder(
  env: { db: Database },
  run: { organizationId: string; userId: string },
  companyName: string,
  knownFolder: DriveItemRow | undefined,
): Promise<{ dealId: string; companyId: string }> {
  const { db } = env;
  if (knownFolder?.dealId) {
    try {
      const deal = await getDeal(db, run.organizationId, knownFolder.dealId);
      return { dealId: deal.id, companyId: deal.company_id };
    } catch (error) {
      // The deal was deleted in Atempo since: the folder makes a new one.
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
  }
  const company = await findCompanyByName(db, run.organizationId, companyName);
  if (company) {
    const companyDeals = await listDealsOfCompany(db, run.organizationId, company.id);
    const newest = companyDeals.reduce<(typeof companyDeals)[number] | undefined>(
      (best, deal) => (!best || deal.deal_number > best.deal_number ? deal : best),
      undefined,
    );
    if (newest) return { dealId: newest.id, companyId: company.id };
  }
  const fields = {
    // The folder says nothing of the amount: 0 is the product's "not known yet", never a figure.
    amount_requested: 0,
    stage: 'lead' as const,
    source_name: SHAREPOINT_SOURCE,
    description: `Created from the SharePoint deal folder “${companyName}”.`,
  };
  const [deal] = await createDeals(db, { organizationId: run.organizationId, userId: run.userId }, [
    company ? { company_id: company.id, ...fields } : { company_name: companyName, ...fields },
  ]);
  return { dealId: deal!.id, companyId: deal!.company_id };
}
