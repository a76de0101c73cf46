import type { TDashboardCharts } from '@atempo/contracts';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatEuro, formatEuroCompact } from '../../../../lib/format/money.ts';
import { fundingRoundsFigures } from '../../lib/chart-figures.ts';
import { monthLabel, shortMonthLabel } from '../../lib/chart-format.ts';
import { ChartCard } from './chart-card.tsx';
import { AXIS_TICK, CHART_COLORS, TOOLTIP_STYLE } from './chart-theme.ts';

export function FundingRoundsChart({ charts }: { charts: TDashboardCharts }) {
  const sectors = charts.thesis_sectors.join(', ');
  return (
    <ChartCard
      title="Funding rounds in thesis sectors"
      description={
        sectors
          ? `Rounds announced per month in ${sectors}`
          : 'Rounds announced per month in your thesis sectors'
      }
      {...fundingRoundsFigures(charts)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={charts.funding_rounds_per_month}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
          <XAxis dataKey="month" tick={AXIS_TICK} tickFormatter={shortMonthLabel} />
          <YAxis yAxisId="rounds" tick={AXIS_TICK} allowDecimals={false} width={40} />
          <YAxis
            yAxisId="amount"
            orientation="right"
            tick={AXIS_TICK}
            tickFormatter={(value: number) => formatEuroCompact(value)}
            width={64}
          />
          <Tooltip
            {...TOOLTIP_STYLE}
            labelFormatter={(month) => monthLabel(String(month))}
            formatter={(value, name) => [name === 'Total raised' ? formatEuro(Number(value)) : value, name]}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          <Bar
            yAxisId="rounds"
            dataKey="count"
            name="Rounds"
            fill={CHART_COLORS.primary}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="amount"
            dataKey="amount_eur"
            name="Total raised"
            stroke={CHART_COLORS.line}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
