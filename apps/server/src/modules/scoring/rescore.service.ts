import type { TInvestmentThesis } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { compileThesis } from '@atempo/scoring';
import { getThesis } from '../thesis/index.ts';
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
  onPage?: (count: RescoreCount) => Promise<void> | void;
}

interface Pager<Row extends { id: string }, Scored> {
  read: (tx: Database, afterId: string | null, limit: number) => Promise<Row[]>;
  score: (row: Row) => Scored;
  write: (tx: Database, scored: Scored[]) => Promise<number>;
}

/**
 * Walks a table in keyset pages, a transaction per page: read (rows locked), score, write. While
 * the database writes one page, the next is read and scored in its own transaction, so the
 * engine's CPU time and the database's overlap (pages are disjoint, so their locks never meet; on
 * PGlite, whose transactions take turns, it simply runs page after page).
 */
async function rescorePages<Row extends { id: string }, Scored>(
  db: Database,
  pager: Pager<Row, Scored>,
  options: PageOptions,
): Promise<RescoreCount> {
  const pageSize = options.pageSize ?? RESCORE_PAGE;
  const total: RescoreCount = { scored: 0, changed: 0 };
  let afterId: string | null = null;
  let writing: Promise<void> = Promise.resolve();
  for (;;) {
    let scoredPage!: (page: { count: number; lastId: string | null }) => void;
    const scored = new Promise<{ count: number; lastId: string | null }>((resolve) => {
      scoredPage = resolve;
    });
    const from = afterId;
    const done = db.transaction(async (tx) => {
      const rows = await pager.read(tx, from, pageSize);
      const values = rows.map(pager.score);
      scoredPage({ count: rows.length, lastId: rows.at(-1)?.id ?? null });
      const changed = await pager.write(tx, values);
      total.scored += rows.length;
      total.changed += changed;
    });
    // Awaited below; this only keeps a failure from being reported as unhandled meanwhile.
    done.catch(() => {});
    const page = await Promise.race([scored, done.then(() => scored)]);
    const previous = writing;
    writing = done;
    if (afterId !== null) {
      await previous;
      await options.onPage?.({ ...total });
    }
    if (page.count < pageSize) {
      await done;
      await options.onPage?.({ ...total });
      return total;
    }
    afterId = page.lastId;
  }
}

/**
 * Re-scores every company of the organisation against `thesis`: reads only what the engine
 * needs, writes only the rows whose scores changed, one statement per page. Scores depend only
 * on the row, the thesis and `now`, so a retry is harmless.
 */
export function rescoreCompanies(
  db: Database,
  organizationId: string,
  thesis: TInvestmentThesis,
  options: PageOptions,
): Promise<RescoreCount> {
  const compiled = compileThesis(thesis);
  return rescorePages(
    db,
    {
      read: (tx, afterId, limit) => repository.companiesPageToScore(tx, organizationId, afterId, limit),
      score: (row) => {
        const { lastScoredAt: _stamp, ...scores } = scoreCompanyColumns(row, compiled, options.now);
        return { id: row.id, scores };
      },
      write: (tx, scored) => repository.writeCompanyScores(tx, organizationId, options.now, scored),
    },
    options,
  );
}

/** Re-scores the organisation's deals (or one company's) the same way; a deal reads its company's stage. */
export function rescoreDeals(
  db: Database,
  organizationId: string,
  thesis: TInvestmentThesis,
  options: PageOptions & { companyId?: string },
): Promise<RescoreCount> {
  const compiled = compileThesis(thesis);
  return rescorePages(
    db,
    {
      read: (tx, afterId, limit) =>
        repository.dealsPageToScore(tx, organizationId, { afterId, companyId: options.companyId }, limit),
      score: (row) => {
        const { scoredAt: _stamp, ...scores } = scoreDealColumns(
          row,
          row.companyStage,
          compiled,
          options.now,
        );
        return { id: row.id, scores };
      },
      write: (tx, scored) => repository.writeDealScores(tx, organizationId, options.now, scored),
    },
    options,
  );
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
