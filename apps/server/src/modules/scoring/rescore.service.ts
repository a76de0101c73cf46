import type { Database } from '@atempo/db';
import { rescoreCompanies } from '../companies/companies.service.ts';
import { rescoreDeals } from '../deals/deals.service.ts';
import { getThesis } from '../thesis/thesis.service.ts';
import { organizationsWithCompanies } from './scoring.repository.ts';

export interface RescoreResult {
  companies: number;
  deals: number;
}

/**
 * Re-scores every company and deal of the organisation against its current thesis. Each batch
 * reads and writes under row locks, so edits made meanwhile are never overwritten with stale
 * scores; and since a score depends only on the row, the thesis and the clock, a retry is safe.
 */
export async function rescoreOrganization(
  db: Database,
  organizationId: string,
  now = new Date(),
): Promise<RescoreResult> {
  const thesis = await getThesis(db, organizationId);
  return {
    companies: await rescoreCompanies(db, organizationId, thesis, now),
    deals: await rescoreDeals(db, organizationId, thesis, now),
  };
}

/** The daily refresh: relationship flags age with the clock even when nothing is edited. */
export async function rescoreAllOrganizations(db: Database, now = new Date()): Promise<number> {
  const organizationIds = await organizationsWithCompanies(db);
  for (const organizationId of organizationIds) {
    await rescoreOrganization(db, organizationId, now);
  }
  return organizationIds.length;
}
