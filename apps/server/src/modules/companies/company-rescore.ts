import type { TInvestmentThesis } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { compileThesis } from '@atempo/scoring';
import { type PageOptions, type RewriteCount, rewriteInPages } from '../../platform/keyset-pages.ts';
import * as repository from './company-rescore.repository.ts';
import { scoreCompanyColumns } from './company-scores.ts';

export { organizationsWithCompanies } from './company-rescore.repository.ts';

/**
 * Re-scores every company of the organisation against `thesis`: reads only what the engine
 * needs, writes only the rows whose scores changed, one statement per page. Scores depend only
 * on the row, the thesis and `now`, so a retry is harmless.
 */
export function rescoreCompanies(
  db: Database,
  organizationId: string,
  thesis: TInvestmentThesis,
  options: PageOptions & { now: Date },
): Promise<RewriteCount> {
  const compiled = compileThesis(thesis);
  return rewriteInPages(
    db,
    {
      read: (tx, afterId, limit) => repository.companiesPageToScore(tx, organizationId, afterId, limit),
      rewrite: (row) => {
        const { lastScoredAt: _stamp, ...scores } = scoreCompanyColumns(row, compiled, options.now);
        return { id: row.id, scores };
      },
      write: (tx, scored) => repository.writeCompanyScores(tx, organizationId, options.now, scored),
    },
    options,
  );
}
