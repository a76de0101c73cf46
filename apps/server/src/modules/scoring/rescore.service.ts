import type { Database } from '@atempo/db';
import type { RewriteCount } from '../../platform/keyset-pages.ts';
import { organizationsWithCompanies, rescoreCompanies } from '../companies/index.ts';
import { rescoreDeals } from '../deals/index.ts';
import { getThesis } from '../thesis/index.ts';

/** Rows scored, and of those rows whose stored scores changed (the only ones written). */
export type RescoreCount = RewriteCount;

export interface RescoreResult {
  companies: RescoreCount;
  deals: RescoreCount;
}

/** Called after every page, so a caller can show how far a long re-score has come. */
export type RescoreProgress = (done: RescoreResult) => Promise<void> | void;

/**
 * Re-scores every company and deal of the organisation against its current thesis. Each page
 * reads and writes under row locks, so edits made meanwhile are never overwritten with stale
 * scores; and since a score depends only on the row, the thesis and the clock, a retry is safe.
 * The companies and deals modules own the pages (companies.rescoreCompanies, deals.rescoreDeals).
 */
export async function rescoreOrganization(
  db: Database,
  organizationId: string,
  options: { now?: Date; pageSize?: number; onProgress?: RescoreProgress } = {},
): Promise<RescoreResult> {
  const now = options.now ?? new Date();
  const thesis = await getThesis(db, organizationId);
  const done: RescoreResult = { companies: { scored: 0, changed: 0 }, deals: { scored: 0, changed: 0 } };
  done.companies = await rescoreCompanies(db, organizationId, thesis, {
    now,
    pageSize: options.pageSize,
    onPage: (count) => options.onProgress?.({ ...done, companies: count }),
  });
  done.deals = await rescoreDeals(db, organizationId, thesis, {
    now,
    pageSize: options.pageSize,
    onPage: (count) => options.onProgress?.({ ...done, deals: count }),
  });
  return done;
}

/** The daily refresh: relationship flags age with the clock even when nothing is edited. */
export async function rescoreAllOrganizations(db: Database, now = new Date()): Promise<number> {
  const organizationIds = await organizationsWithCompanies(db);
  for (const organizationId of organizationIds) {
    await rescoreOrganization(db, organizationId, { now });
  }
  return organizationIds.length;
}
