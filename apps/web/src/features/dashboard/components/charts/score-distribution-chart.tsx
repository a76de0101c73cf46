import type { TDashboardCharts } from '@atempo/contracts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { scoreDistributionFigures } from '../../lib/chart-figures.ts';
import { bucketLabel } from '../../lib/chart-format.ts';
import { ChartCard } from './chart-card.tsx';
import { AXIS_TICK, CHART_COLORS, TOOLTIP_STYLE } from './chart-theme.ts';

export function ScoreDistributionChart({ charts }: { charts: TDashboardCharts }) {
  const data = charts.score_distribution.map((bucket) => ({ ...bucket, label: bucketLabel(bucket) }));
  return (
    <ChartCard
      title="Thematic score distribution"
      description="Scored deals by thematic score (0–10)"
      {...scoreDistributionFigures(charts)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
          <XAxis dataKey="label" tick={AXIS_TICK} interval={0} />
          <YAxis tick={AXIS_TICK} allowDecimals={false} width={40} />
          <Tooltip
            {...TOOLTIP_STYLE}
            formatter={(value) => [value, 'Deals']}
            labelFormatter={(label) => `Score ${label}`}
          />
          <Bar
            dataKey="count"
            name="Deals"
            fill={CHART_COLORS.primary}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
