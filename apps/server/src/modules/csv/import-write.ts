import type { Database } from '@atempo/db';
import * as companies from '../companies/index.ts';
import * as deals from '../deals/index.ts';
import type { CompanyPlan } from './company-import-plan.ts';
import type { DealPlan } from './deal-import-plan.ts';

/**
 * Writes a planned deal import inside the caller's transaction and answers how many rows were
 * written. createDeals creates the companies the new deals name, filled from their first deal row
 * (sector, country, metrics), so they score on what the file says rather than on nothing.
 */
export async function writeDealPlan(
  tx: Database,
  creator: { organizationId: string; userId: string },
  plan: DealPlan[],
): Promise<number> {
  const { organizationId } = creator;
  const creates = plan.flatMap((row) => (row.create ? [row.create] : []));
  await deals.createDeals(tx, { ...creator, via: 'csv_import' }, creates);
  let updated = 0;
  for (const row of plan) {
    if (!row.update) continue;
    await deals.updateDeal(tx, organizationId, row.update.id, row.update.patch, creator.userId);
    updated += 1;
  }
  return creates.length + updated;
}

/** Writes a planned company import inside the caller's transaction; answers how many rows were written. */
export async function writeCompanyPlan(
  tx: Database,
  organizationId: string,
  plan: CompanyPlan[],
): Promise<number> {
  const creates = plan.flatMap((row) => (row.create ? [row.create] : []));
  await companies.createCompanies(tx, organizationId, creates);
  let updated = 0;
  for (const row of plan) {
    if (!row.update) continue;
    const { dealsNeedRescore } = await companies.updateCompany(
      tx,
      organizationId,
      row.update.id,
      row.update.patch,
    );
    // The company's funding stage feeds its deals' stage fit.
    if (dealsNeedRescore) await deals.rescoreDealsOfCompany(tx, organizationId, row.update.id);
    updated += 1;
  }
  return creates.length + updated;
}
