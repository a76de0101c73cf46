import { STAGE_LABELS } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { count, listing, money, percent } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, noData } from './composed.ts';

type PipelinePercentageIntent = Extract<Intent, { kind: 'pipeline_percentage' }>;
type GroupShareIntent = Extract<Intent, { kind: 'group_share' }>;

const RELATED = ['What is the open pipeline worth?', 'What is the total pipeline by stage?'];
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * "What is 10% of our open pipeline?": the aggregate from analyse_portfolio (the open pipeline as
 * the Deals table counts it, or the deals of the stages named), then calculate_metrics
 * percentage_of on it, so both figures are the tools' and cited.
 */
export async function answerPipelinePercentage(
  session: ToolSession,
  intent: PipelinePercentageIntent,
): Promise<Composed> {
  const portfolio = await session.call(
    'analyse_portfolio',
    { group_by: 'stage', ...(intent.stages ? { stages: intent.stages } : {}) },
    'Reading the pipeline…',
  );
  const base = intent.stages
    ? {
        label: `the deals in ${listing(intent.stages.map((s) => STAGE_LABELS[s]))}`,
        amount: portfolio.totals.total_amount,
        deals: portfolio.totals.count,
      }
    : {
        label: 'the open pipeline',
        amount: portfolio.open_pipeline.value,
        deals: portfolio.open_pipeline.count,
      };
  if (base.deals === 0)
    return noData(
      `There are no deals in ${base.label}, so there is nothing to take a percentage of.`,
      RELATED,
    );
  const output = await session.call(
    'calculate_metrics',
    { calculation: 'percentage_of', inputs: { percent: intent.percent, amount: base.amount } },
    'Working out the percentage…',
  );
  if (output.result === null) {
    return noData(`I could not work out ${percent(intent.percent)} of ${base.label}.`, RELATED);
  }
  return {
    answer: `${percent(intent.percent)} of ${base.label} is ${money(output.result)} (${base.label}: ${plural(base.deals, 'deal')} worth ${money(base.amount)}${intent.stages ? '' : ', every deal not closed or rejected'}).`,
    response_type: 'answer',
    citations: rankCitations([...portfolio.citations, ...output.citations]),
    related: RELATED,
    completeness: 1,
  };
}

/**
 * "What percentage of deals are at Critical Risk?": the group's share of all deals (closed and
 * rejected included, as the Deals table lists them) from analyse_portfolio, the share first with
 * the count and the whole it is taken of.
 */
export async function answerGroupShare(session: ToolSession, intent: GroupShareIntent): Promise<Composed> {
  const output = await session.call(
    'analyse_portfolio',
    { group_by: intent.group_by },
    'Analysing the portfolio…',
  );
  const group = output.groups.find(
    (g) =>
      g.key.toLowerCase() === intent.key.toLowerCase() || g.label.toLowerCase() === intent.key.toLowerCase(),
  );
  const total = output.totals.count;
  const name =
    intent.group_by === 'red_flag_level'
      ? `at ${group?.label ?? (intent.key === 'reject' ? 'Critical Risk' : 'High Risk')}`
      : intent.group_by === 'stage'
        ? `in ${group?.label ?? intent.key}`
        : `in ${group?.label ?? intent.key}`;
  if (total === 0) return noData('There are no deals yet, so there is no share to work out.', RELATED);
  const citations = rankCitations(output.citations);
  if (intent.by === 'amount') {
    const share = group?.amount_share ?? 0;
    return {
      answer: `${percent(share)} of the amount requested is ${name}: ${money(group?.total_amount ?? 0)} of ${money(output.totals.total_amount)} over all ${plural(total, 'deal')} (closed and rejected included).`,
      response_type: 'answer',
      citations,
      related: RELATED,
      completeness: 1,
    };
  }
  const n = group?.count ?? 0;
  return {
    answer: `${percent(group?.count_share ?? 0)} of deals are ${name}: ${count(n)} of ${plural(total, 'deal')} (closed and rejected included; the open pipeline holds ${count(output.open_pipeline.count)}).`,
    response_type: 'answer',
    citations,
    related: RELATED,
    completeness: 1,
  };
}
