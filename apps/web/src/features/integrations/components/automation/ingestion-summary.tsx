import type { TIngestionResult } from '@atempo/contracts';
import { RunStatusPill } from './run-status-pill.tsx';

/** One run's figures: deals, documents analysed or unchanged since, failures, skips, removals and time taken. */
export function IngestionSummary({
  run,
  label,
  followed = true,
}: {
  run: TIngestionResult;
  label: string;
  /** False once the screen stopped following a running run: its status no longer spins. */
  followed?: boolean;
}) {
  return (
    <section aria-label={label} className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{label}</span>
        <RunStatusPill status={run.status} spinning={followed} />
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-2">
        <Figure label="Deals" value={`${run.processed_deals} of ${run.total_deals}`} />
        <Figure label="Documents" value={String(run.total_documents)} />
        <Figure label="Analysed" value={String(run.processed_documents)} />
        {run.unchanged_documents > 0 && <Figure label="Unchanged" value={String(run.unchanged_documents)} />}
        <Figure label="Failed" value={String(run.failed_documents)} />
        <Figure label="Skipped" value={String(run.skipped_documents)} />
        {run.removed_documents > 0 && <Figure label="Removed" value={String(run.removed_documents)} />}
        {run.status !== 'running' && <Figure label="Took" value={`${Math.round(run.duration_seconds)} s`} />}
      </dl>
      {run.error && <p className="text-red-700">{run.error}</p>}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}
