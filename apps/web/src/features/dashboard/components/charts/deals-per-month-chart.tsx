import type { TDashboardCharts } from '@atempo/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dealsPerMonthFigures } from '../../lib/chart-figures.ts';
import { monthLabel, shortMonthLabel } from '../../lib/chart-format.ts';
import { ChartCard } from './chart-card.tsx';
import { AXIS_TICK, CHART_COLORS, TOOLTIP_STYLE } from './chart-theme.ts';

export function DealsPerMonthChart({ charts }: { charts: TDashboardCharts }) {
  return (
    <ChartCard
      title="Deals created and closed per month"
      description="The last 12 months; closed counts deals closed now, in the month they closed"
      {...dealsPerMonthFigures(charts)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={charts.deals_per_month}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
          <XAxis dataKey="month" tick={AXIS_TICK} tickFormatter={shortMonthLabel} />
          <YAxis tick={AXIS_TICK} allowDecimals={false} width={40} />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={(month) => monthLabel(String(month))} />
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          <Bar
            dataKey="created"
            name="Created"
            fill={CHART_COLORS.primary}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="closed"
            name="Closed"
            fill={CHART_COLORS.positive}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
