import type { TInvestmentThesis } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { compileThesis } from '@atempo/scoring';
import { getThesis } from '../thesis/thesis.service.ts';
import { scoreCompanyColumns } from './company-scores.ts';
import { scoreDealColumns } from './deal-scores.ts';
import * as repository from './scoring.repository.ts';

/** Rows read, scored and written per transaction (one UPDATE statement per page). */
export const RESCORE_PAGE = 500;

export interface RescoreCount {
  /** Rows scored. */
  scored: number;
  /** Of those, rows whose stored scores changed (the only ones written). */
  changed: number;
}

export interface RescoreResult {
  companies: RescoreCount;
  deals: RescoreCount;
}

/** Called after every page, so a caller can show how far a long re-score has come. */
export type RescoreProgress = (done: RescoreResult) => Promise<void> | void;

interface PageOptions {
  now: Date;
  pageSize?: number;
}

/**
 * Re-scores every company of the organisation against `thesis`, a page per transaction: read
 * what the engine needs, score, write the changed rows in one statement. Scores depend only on
 * the row, the thesis and `now`, so a retry is harmless.
 */
export async function rescoreCompanies(
  db: Database,
  organizationId: string,
  thesis: TInvestmentThesis,
  options: PageOptions & { onPage?: (count: RescoreCount) => Promise<void> | void },
): Promise<RescoreCount> {
  const pageSize = options.pageSize ?? RESCORE_PAGE;
  const compiled = compileThesis(thesis);
  const total: RescoreCount = { scored: 0, changed: 0 };
  let afterId: string | null = null;
  for (;;) {
    const page = await db.transaction(async (tx) => {
      const rows = await repository.companiesPageToScore(tx, organizationId, afterId, pageSize);
      const scored = rows.map((row) => {
        const { lastScoredAt: _stamp, ...scores } = scoreCompanyColumns(row, compiled, options.now);
        return { id: row.id, scores };
      });
      const changed = await repository.writeCompanyScores(tx, organizationId, options.now, scored);
      return { count: rows.length, changed, lastId: rows.at(-1)?.id ?? null };
    });
    total.scored += page.count;
    total.changed += page.changed;
    await options.onPage?.(total);
    if (page.count < pageSize) return total;
    afterId = page.lastId;
  }
}

/** Re-scores the organisation's deals (or one company's) the same way; a deal reads its company's stage. */
export async function rescoreDeals(
  db: Database,
  organizationId: string,
  thesis: TInvestmentThesis,
  options: PageOptions & { companyId?: string; onPage?: (count: RescoreCount) => Promise<void> | void },
): Promise<RescoreCount> {
  const pageSize = options.pageSize ?? RESCORE_PAGE;
  const compiled = compileThesis(thesis);
  const total: RescoreCount = { scored: 0, changed: 0 };
  let afterId: string | null = null;
  for (;;) {
    const page = await db.transaction(async (tx) => {
      const rows = await repository.dealsPageToScore(
        tx,
        organizationId,
        { afterId, companyId: options.companyId },
        pageSize,
      );
      const scored = rows.map((row) => {
        const { scoredAt: _stamp, ...scores } = scoreDealColumns(
          row,
          row.companyStage,
          compiled,
          options.now,
        );
        return { id: row.id, scores };
      });
      const changed = await repository.writeDealScores(tx, organizationId, options.now, scored);
      return { count: rows.length, changed, lastId: rows.at(-1)?.id ?? null };
    });
    total.scored += page.count;
    total.changed += page.changed;
    await options.onPage?.(total);
    if (page.count < pageSize) return total;
    afterId = page.lastId;
  }
}

/**
 * Re-scores every company and deal of the organisation against its current thesis. Each page
 * reads and writes under row locks, so edits made meanwhile are never overwritten with stale
 * scores; and since a score depends only on the row, the thesis and the clock, a retry is safe.
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
  const organizationIds = await repository.organizationsWithCompanies(db);
  for (const organizationId of organizationIds) {
    await rescoreOrganization(db, organizationId, { now });
  }
  return organizationIds.length;
}
