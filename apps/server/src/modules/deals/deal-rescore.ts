import type { TInvestmentThesis } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { compileThesis } from '@atempo/scoring';
import { type PageOptions, type RewriteCount, rewriteInPages } from '../../platform/keyset-pages.ts';
import * as repository from './deal-rescore.repository.ts';
import { scoreDealColumns } from './deal-scores.ts';

/**
 * Re-scores the organisation's deals (or one company's) against `thesis`, a page per transaction,
 * writing only the rows whose scores changed; a deal reads its company's stage.
 */
export function rescoreDeals(
  db: Database,
  organizationId: string,
  thesis: TInvestmentThesis,
  options: PageOptions & { now: Date; companyId?: string },
): Promise<RewriteCount> {
  const compiled = compileThesis(thesis);
  return rewriteInPages(
    db,
    {
      read: (tx, afterId, limit) =>
        repository.dealsPageToScore(tx, organizationId, { afterId, companyId: options.companyId }, limit),
      rewrite: (row) => {
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
