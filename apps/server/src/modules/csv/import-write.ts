import type { Database } from '@atempo/db';
import * as companies from '../companies/index.ts';
import * as deals from '../deals/index.ts';
import { getThesis } from '../thesis/index.ts';
import type { CompanyPlan } from './company-import-plan.ts';
import type { CompanyChangeWrite } from './deal-company-change.ts';
import type { DealPlan } from './deal-import-plan.ts';

/**
 * Writes a planned deal import inside the caller's transaction and answers how many rows were
 * written. Company renames come first, so new deals naming the corrected name join that company;
 * createDeals creates the companies the new deals name, filled from their first deal row
 * (sector, country, metrics), so they score on what the file says rather than on nothing.
 */
export async function writeDealPlan(
  tx: Database,
  creator: { organizationId: string; userId: string },
  plan: DealPlan[],
): Promise<number> {
  const { organizationId } = creator;
  for (const row of plan) {
    const change = row.companyChange;
    if (change?.kind === 'rename') {
      await companies.updateCompany(tx, organizationId, change.companyId, { name: change.name });
    }
  }
  const creates = plan.flatMap((row) => (row.create ? [row.create] : []));
  await deals.createDeals(tx, { ...creator, via: 'csv_import' }, creates);
  const createdCompanies = new Map<string, string>();
  let updated = 0;
  for (const row of plan) {
    if (!row.update) continue;
    const patch = { ...row.update.patch };
    const change = row.companyChange;
    if (change?.kind === 'move')
      patch.company_id = await moveTarget(tx, organizationId, change, createdCompanies);
    if (Object.keys(patch).length > 0) {
      await deals.updateDeal(tx, organizationId, row.update.id, patch, creator.userId);
    }
    updated += 1;
  }
  return creates.length + updated;
}

/** The company a moved deal goes to: one the organisation has, or one created once per name. */
async function moveTarget(
  tx: Database,
  organizationId: string,
  change: Extract<CompanyChangeWrite, { kind: 'move' }>,
  created: Map<string, string>,
): Promise<string> {
  if ('companyId' in change) return change.companyId;
  const key = change.newCompanyName.toLowerCase();
  const known = created.get(key);
  if (known) return known;
  // findOrCreate: a new deal of the file may have created the company of that name already.
  const thesis = await getThesis(tx, organizationId);
  const company = await companies.findOrCreateCompanyByName(
    tx,
    organizationId,
    { name: change.newCompanyName },
    thesis,
  );
  created.set(key, company.id);
  return company.id;
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
