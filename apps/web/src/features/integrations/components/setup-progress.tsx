import type { TIntegrationCatalogueEntry, TSetupProgress } from '@atempo/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { detailViewPath, isDetailView } from '../lib/views.ts';

export function connectedCountText(count: number): string {
  return count === 1 ? '1 integration connected' : `${count} integrations connected`;
}

/** The setup-progress block (spec 03 §3 setup progress): how far along, and what to connect next. */
export function SetupProgress({
  progress,
  entries,
}: {
  progress: TSetupProgress;
  entries: readonly TIntegrationCatalogueEntry[];
}) {
  const next = entries.find((entry) => entry.id === progress.recommendedNext) ?? null;
  const percentage = progress.completionPercentage;
  return (
    <Card className="p-5" aria-labelledby="setup-progress-title">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="setup-progress-title" className="text-base font-semibold text-slate-900">
            Setup progress
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            {connectedCountText(progress.connectedIntegrations.length)}
          </p>
        </div>
        <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {percentage}% complete
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Integration setup"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-all"
          style={{ width: `${percentage}%` }}
        />
      </div>
      {next && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-indigo-50 px-4 py-3">
          <p className="text-sm text-indigo-900">
            Recommended next: <span className="font-semibold">{next.name}</span>
          </p>
          {isDetailView(next.id) && next.status !== 'coming_soon' && (
            <Link to={detailViewPath(next.id)} className={buttonClasses('primary', 'sm')}>
              Set up {next.name}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>
      )}
    </Card>
  );
}
