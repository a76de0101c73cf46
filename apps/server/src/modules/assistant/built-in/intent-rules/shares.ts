import type { Grouping } from '../intents.ts';
import { has, hasAny } from '../question.ts';
import { findGivenFigures } from '../question-terms/find-given-figures.ts';
import { findSector } from '../question-terms/find-place.ts';
import { portfolioFocus } from '../question-terms/portfolio-focus.ts';
import type { IntentRule } from './rule.ts';

const PIPELINE_WORDS = [
  'pipeline',
  'book',
  'exposure',
  'pipeline value',
  'amount requested',
  'total requested',
];
const SHARE_WORDS = [
  'what percentage',
  'what percent',
  'which percentage',
  'percentage of',
  'percent of',
  'share of',
  'what share',
  'proportion',
  'what fraction',
  'fraction of',
  'what part',
  'how much of',
  'ratio of',
];
const AMOUNT_WORDS = ['value', 'amount', 'exposure', 'money', 'worth', 'euros', 'requested', 'pipeline'];

/**
 * "What is 10% of our open pipeline?": a percentage the question gives of an aggregate it names —
 * the open pipeline as the Deals table counts it, or the deals of the stages named — worked out by
 * calculate_metrics on that aggregate, not a guess.
 */
export const pipelinePercentageRule: IntentRule = ({ question, stages, subject, sure }) => {
  if (subject) return null;
  const given = findGivenFigures(question.original);
  const percents = given.figures.filter((f) => f.percent);
  if (given.percentOf || percents.length !== 1 || given.figures.length !== 1) return null;
  if (!hasAny(question, PIPELINE_WORDS) && !(stages && hasAny(question, ['deals', 'deal']))) return null;
  if (!has(question, 'of')) return null;
  // "the open pipeline" names every open stage: it is the whole open pipeline, not a stage list.
  const open = hasAny(question, ['open pipeline', 'open deals', 'active pipeline', 'active deals']);
  return sure(
    { kind: 'pipeline_percentage', percent: percents[0]!.value, stages: open ? null : stages },
    0.9,
  );
};

/**
 * "What percentage of deals are at Critical Risk?", "what share of the pipeline is fintech?": one
 * group's share of all deals (by count, or by amount requested when the question asks about value),
 * read from analyse_portfolio's shares — not the group's count alone.
 */
export const groupShareRule: IntentRule = ({ question, stages, severity, subject, sure }) => {
  if (subject || !hasAny(question, SHARE_WORDS)) return null;
  if (findGivenFigures(question.original).figures.length > 0) return null;
  if (!hasAny(question, ['deal', 'deals', ...PIPELINE_WORDS]) && !portfolioFocus(question)) return null;
  let group: { group_by: Grouping; key: string } | null = null;
  if (severity === 'critical' || hasAny(question, ['critical risk', 'reject', 'rejected risk'])) {
    group = { group_by: 'red_flag_level', key: 'reject' };
  } else if (hasAny(question, ['high risk', 'high-risk'])) {
    group = { group_by: 'red_flag_level', key: 'high_risk' };
  } else if (stages?.length === 1) {
    group = { group_by: 'stage', key: stages[0]! };
  } else {
    const sector = findSector(question);
    if (sector) group = { group_by: 'sector', key: sector };
  }
  if (!group) return null;
  const by =
    hasAny(question, AMOUNT_WORDS) &&
    !hasAny(question, ['of deals', 'of the deals', 'of our deals', 'how many'])
      ? 'amount'
      : 'count';
  return sure({ kind: 'group_share', ...group, by }, 0.85);
};
