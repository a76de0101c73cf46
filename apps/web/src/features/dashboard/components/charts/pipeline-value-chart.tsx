import { STAGE_LABELS, type TDashboardCharts } from '@atempo/contracts';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuro, formatEuroCompact } from '../../../../lib/format/money.ts';
import { pipelineFigures } from '../../lib/chart-figures.ts';
import { ChartCard } from './chart-card.tsx';
import { AXIS_TICK, CHART_COLORS, TOOLTIP_STYLE } from './chart-theme.ts';

const stageColor = (stage: string) =>
  stage === 'closed'
    ? CHART_COLORS.positive
    : stage === 'rejected'
      ? CHART_COLORS.muted
      : CHART_COLORS.primary;

export function PipelineValueChart({ charts }: { charts: TDashboardCharts }) {
  const data = charts.pipeline_by_stage.map((stage) => ({ ...stage, label: STAGE_LABELS[stage.stage] }));
  return (
    <ChartCard
      title="Pipeline value by stage"
      description="Amount requested by the deals now in each stage (EUR)"
      {...pipelineFigures(charts)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
          <XAxis dataKey="label" tick={AXIS_TICK} interval={0} angle={-30} textAnchor="end" height={56} />
          <YAxis tick={AXIS_TICK} tickFormatter={(value: number) => formatEuroCompact(value)} width={64} />
          <Tooltip
            {...TOOLTIP_STYLE}
            formatter={(value, _name, item) => [
              `${formatEuro(Number(value))} (${item.payload.count} ${item.payload.count === 1 ? 'deal' : 'deals'})`,
              'Requested',
            ]}
          />
          <Bar dataKey="amount_eur" name="Requested" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {data.map((entry) => (
              <Cell key={entry.stage} fill={stageColor(entry.stage)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
