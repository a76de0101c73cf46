import { RANKABLE_METRICS, type TRankableMetric } from '@atempo/contracts';
import { RECORD_METRICS } from '../../tools/metric-names.ts';
import { rankCitations } from '../citations.ts';
import { count, figure } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { METRIC_CONCEPTS } from '../vocabulary.ts';
import { type Composed, noData } from './composed.ts';

type MetricStatIntent = Extract<Intent, { kind: 'metric_stat' }>;

const isRankable = (name: string): name is TRankableMetric =>
  (RANKABLE_METRICS as readonly string[]).includes(name);

/** search_companies lists at most this many; the stats cover every company with the metric anyway. */
const LISTED = 25;

/**
 * "What is the total ARR across the portfolio?": search_companies ranked by the metric gives its
 * sum, mean and median over every company that has it recorded; the answer states the figure first
 * and how many companies have it (and which do not), so a sum over half the portfolio is not read
 * as the whole. A sum of rates or months (margins, runway) means nothing and is declined.
 */
export async function answerMetricStat(session: ToolSession, intent: MetricStatIntent): Promise<Composed> {
  const concept = METRIC_CONCEPTS.find((c) => c.key === intent.metric);
  const field = concept?.names.find(isRankable);
  const label = concept?.label ?? intent.metric;
  const related = ['What is the open pipeline worth?', `Top 3 companies by ${label}`];
  if (!field) {
    return noData(
      `Companies' ${label} is not recorded as a financial fact, so I cannot ${intent.stat === 'sum' ? 'add it up' : `take its ${intent.stat}`} across companies.`,
      related,
    );
  }
  const unit = RECORD_METRICS[field]?.unit ?? 'count';
  if (intent.stat === 'sum' && unit !== 'currency' && unit !== 'count') {
    return noData(
      `A total of ${label} across companies means nothing (it is a ${unit === 'fraction' ? 'rate' : unit}); ask for the average or the median ${label} instead.`,
      [`What is the average ${label}?`, ...related],
    );
  }
  const output = await session.call(
    'search_companies',
    { rank_by: field, order: 'desc', limit: LISTED, ...(intent.sector ? { sector: intent.sector } : {}) },
    `Reading every company's ${label}…`,
  );
  const scope = intent.sector ? ` ${intent.sector}` : '';
  const stats = output.stats;
  if (!stats || stats.count === 0) {
    return noData(
      `No${scope} company has its ${label} recorded, so there is nothing to ${intent.stat === 'sum' ? 'add up' : 'average'}.`,
      related,
    );
  }
  const value = intent.stat === 'sum' ? stats.sum : intent.stat === 'average' ? stats.average : stats.median;
  const what = intent.stat === 'sum' ? 'total' : intent.stat;
  const companies = `${count(stats.count)}${scope} ${stats.count === 1 ? 'company' : 'companies'}`;
  const lines = [
    `The ${what} ${label} is ${figure(value, unit)}, over the ${companies} with ${label} recorded.`,
    '',
    ...output.companies.map((c) => `- **${c.name}**: ${figure(c.value ?? 0, unit)}`),
  ];
  if (stats.count > output.companies.length) {
    lines.push(
      `(the ${what} covers all ${companies}; the ${count(output.companies.length)} largest are listed)`,
    );
  }
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { orderIds: output.companies.map((c) => c.id) }),
    related,
    completeness: 1,
  };
}
