import { STAGE_LABELS, type TDashboardCharts } from '@atempo/contracts';
import { formatEuro, formatEuroCompact } from '../../../lib/format/money.ts';
import { bucketLabel, monthLabel } from './chart-format.ts';

/**
 * What each chart says in words and as a table, and when it has nothing to draw. The drawings are
 * pictures; these are what a screen reader (and a test) reads.
 */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

export interface ChartFigures {
  summary: string;
  table: ChartTable;
  emptyText: string | null;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function pipelineFigures(charts: TDashboardCharts): ChartFigures {
  const stages = charts.pipeline_by_stage;
  const deals = stages.reduce((sum, stage) => sum + stage.count, 0);
  const withDeals = stages.filter((stage) => stage.count > 0);
  return {
    summary: `Pipeline value by stage: ${withDeals
      .map(
        (stage) =>
          `${STAGE_LABELS[stage.stage]} ${formatEuroCompact(stage.amount_eur)} over ${plural(stage.count, 'deal')}`,
      )
      .join('; ')}.`,
    table: {
      columns: ['Stage', 'Deals', 'Amount requested (EUR)'],
      rows: stages.map((stage) => [STAGE_LABELS[stage.stage], stage.count, formatEuro(stage.amount_eur)]),
    },
    emptyText: deals === 0 ? 'No deals in the pipeline yet' : null,
  };
}

export function dealsPerMonthFigures(charts: TDashboardCharts): ChartFigures {
  const months = charts.deals_per_month;
  const created = months.reduce((sum, month) => sum + month.created, 0);
  const closed = months.reduce((sum, month) => sum + month.closed, 0);
  const first = months[0];
  const last = months.at(-1);
  const range =
    first && last ? `${monthLabel(first.month)} to ${monthLabel(last.month)}` : 'the last 12 months';
  return {
    summary: `Deals created and closed per month, ${range}: ${plural(created, 'deal')} created and ${closed} closed in all.`,
    table: {
      columns: ['Month', 'Created', 'Closed'],
      rows: months.map((month) => [monthLabel(month.month), month.created, month.closed]),
    },
    emptyText: created === 0 && closed === 0 ? 'No deals created or closed in the last 12 months' : null,
  };
}

export function scoreDistributionFigures(charts: TDashboardCharts): ChartFigures {
  const buckets = charts.score_distribution;
  const scored = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return {
    summary: `Thematic score distribution of ${plural(scored, 'scored deal')}: ${buckets
      .filter((bucket) => bucket.count > 0)
      .map((bucket) => `${bucket.count} scored ${bucketLabel(bucket)}`)
      .join(', ')}.`,
    table: {
      columns: ['Thematic score', 'Deals'],
      rows: buckets.map((bucket) => [bucketLabel(bucket), bucket.count]),
    },
    emptyText: scored === 0 ? 'No scored deals yet' : null,
  };
}

export function fundingRoundsFigures(charts: TDashboardCharts): ChartFigures {
  const months = charts.funding_rounds_per_month;
  const rounds = months.reduce((sum, month) => sum + month.count, 0);
  const total = months.reduce((sum, month) => sum + month.amount_eur, 0);
  const unknown = months.reduce((sum, month) => sum + month.amount_unknown, 0);
  const unknownNote = unknown > 0 ? `, ${plural(unknown, 'round')} without a stated amount` : '';
  return {
    summary: `Funding rounds in your thesis sectors per month: ${plural(rounds, 'round')} raising ${formatEuroCompact(total)} in the last 12 months${unknownNote}.`,
    table: {
      columns: ['Month', 'Rounds', 'Total raised (EUR)', 'Rounds without an amount'],
      rows: months.map((month) => [
        monthLabel(month.month),
        month.count,
        formatEuro(month.amount_eur),
        month.amount_unknown,
      ]),
    },
    emptyText: rounds === 0 ? 'No funding rounds in your thesis sectors in the last 12 months' : null,
  };
}
