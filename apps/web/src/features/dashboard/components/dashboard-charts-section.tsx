import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { dashboardChartsQuery } from '../api/dashboard-api.ts';

// recharts comes with this chunk only, after the page itself has rendered (decision 011).
const DashboardCharts = lazy(() => import('./charts/dashboard-charts.tsx'));

/** The charts a deal team looks at rather than reads (issue #10 §4). */
export function DashboardChartsSection() {
  const headingId = useId();
  const charts = useQuery(dashboardChartsQuery());
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Pipeline and market
      </h2>
      {charts.isError ? (
        <Alert>Failed to load the charts</Alert>
      ) : charts.data ? (
        <Suspense fallback={<ChartsLoading />}>
          <DashboardCharts charts={charts.data} />
        </Suspense>
      ) : (
        <ChartsLoading />
      )}
    </section>
  );
}

function ChartsLoading() {
  return (
    <div role="status" aria-label="Loading charts" className="grid gap-6 lg:grid-cols-2">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="h-[22rem] animate-pulse rounded-xl border border-slate-200 bg-slate-50" />
      ))}
    </div>
  );
}
