import type { Database } from '@atempo/db';

/** Rows read, rewritten and written per transaction by default (one UPDATE statement per page). */
export const REWRITE_PAGE = 500;

export interface RewriteCount {
  /** Rows read and rewritten. */
  scored: number;
  /** Of those, rows whose stored values changed (the only ones written). */
  changed: number;
}

export interface PageOptions {
  pageSize?: number;
  onPage?: (count: RewriteCount) => Promise<void> | void;
}

/** How to walk one table: read a page after an id (locking it), compute the new values, write them. */
export interface Pager<Row extends { id: string }, Rewritten> {
  read: (tx: Database, afterId: string | null, limit: number) => Promise<Row[]>;
  rewrite: (row: Row) => Rewritten;
  /** Answers how many rows changed. */
  write: (tx: Database, rows: Rewritten[]) => Promise<number>;
}

/**
 * Walks a table in keyset pages, a transaction per page: read (rows locked), score, write. While
 * the database writes one page, the next is read and scored in its own transaction, so the
 * engine's CPU time and the database's overlap (pages are disjoint, so their locks never meet; on
 * PGlite, whose transactions take turns, it simply runs page after page).
 */
export async function rewriteInPages<Row extends { id: string }, Rewritten>(
  db: Database,
  pager: Pager<Row, Rewritten>,
  options: PageOptions,
): Promise<RewriteCount> {
  const pageSize = options.pageSize ?? REWRITE_PAGE;
  const total: RewriteCount = { scored: 0, changed: 0 };
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
      const values = rows.map(pager.rewrite);
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
