import type { TScoringRun } from '@atempo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { scoringRunQuery } from '../api/companies-api.ts';
import { formatCount } from '../lib/format.ts';

/** How often a running re-score is asked how far it has come. */
const RUN_POLL_MS = 1_000;

const finished = (run: TScoringRun | undefined) => run?.state === 'completed' || run?.state === 'failed';

/** Companies and deals scored so far, as a share of both totals (rows added meanwhile can push past them). */
function share(run: TScoringRun): number {
  const total = run.total_companies + run.total_deals;
  if (total === 0) return run.state === 'completed' ? 1 : 0;
  return Math.min(1, (run.scored_companies + run.scored_deals) / total);
}

function describe(run: TScoringRun): string {
  const companies = `${formatCount(Math.min(run.scored_companies, run.total_companies))} of ${formatCount(run.total_companies)} companies`;
  const deals = `${formatCount(Math.min(run.scored_deals, run.total_deals))} of ${formatCount(run.total_deals)} deals`;
  switch (run.state) {
    case 'queued':
      return `Waiting to score ${formatCount(run.total_companies)} companies…`;
    case 'running':
      return `Scored ${companies} and ${deals}…`;
    case 'completed':
      return `Scored ${companies} and ${deals}.`;
    case 'failed':
      return `Scoring stopped after ${companies}; it will be retried.`;
  }
}

/**
 * The progress of a score-all run, polled until it ends; `onFinished` runs once then (to refresh
 * the lists and stats). Read out politely by screen readers as it changes.
 */
export function ScoringRunProgress({ runId, onFinished }: { runId: string; onFinished: () => void }) {
  const run = useQuery({
    ...scoringRunQuery(runId),
    refetchInterval: (query) => (finished(query.state.data) ? false : RUN_POLL_MS),
  });
  const done = finished(run.data);
  useEffect(() => {
    if (done) onFinished();
  }, [done, onFinished]);
  if (!run.data) return null;
  const percent = Math.round(share(run.data) * 100);
  return (
    <Card className="px-4 py-3">
      <div className="flex items-center justify-between gap-4 text-sm">
        <p role="status" aria-live="polite" className="text-slate-700">
          {describe(run.data)}
        </p>
        <span className="text-slate-600 tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Scoring progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={
            run.data.state === 'failed' ? 'h-full bg-red-500' : 'h-full bg-indigo-600 transition-all'
          }
          style={{ width: `${percent}%` }}
        />
      </div>
    </Card>
  );
}
