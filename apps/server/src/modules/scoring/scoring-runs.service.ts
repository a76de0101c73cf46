import type { TScoringRun } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import * as runs from './scoring-runs.repository.ts';

export async function getScoringRun(db: Database, organizationId: string, id: string): Promise<TScoringRun> {
  const run = await runs.findRun(db, organizationId, id);
  if (!run) throw notFound('Scoring run not found');
  return {
    id: run.id,
    state: run.state as TScoringRun['state'],
    total_companies: run.totalCompanies,
    scored_companies: run.scoredCompanies,
    total_deals: run.totalDeals,
    scored_deals: run.scoredDeals,
    queued_at: run.queuedAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}
