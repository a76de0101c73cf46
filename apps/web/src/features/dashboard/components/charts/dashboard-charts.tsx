import type { TDashboardCharts } from '@atempo/contracts';
import { DealsPerMonthChart } from './deals-per-month-chart.tsx';
import { FundingRoundsChart } from './funding-rounds-chart.tsx';
import { PipelineValueChart } from './pipeline-value-chart.tsx';
import { ScoreDistributionChart } from './score-distribution-chart.tsx';

/**
 * The four charts. This module (and recharts with it) is loaded lazily by the dashboard page, so the
 * first load stays light (decision 011).
 */
export default function DashboardCharts({ charts }: { charts: TDashboardCharts }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PipelineValueChart charts={charts} />
      <DealsPerMonthChart charts={charts} />
      <ScoreDistributionChart charts={charts} />
      <FundingRoundsChart charts={charts} />
    </div>
  );
}
