import type { Grouping } from '../intents.ts';
import { hasAny, type NormalisedQuestion } from '../question.ts';
import { findPlace } from '../question-terms/find-place.ts';
import { portfolioFocus } from '../question-terms/portfolio-focus.ts';
import type { IntentRule } from './rule.ts';

/** Words that ask for the deals by name, not only their count. */
const LIST_WORDS = [
  'which deals',
  'what deals',
  'which are the deals',
  'list',
  'list the deals',
  'name the deals',
  'show me the deals',
  'show the deals',
  'which ones',
  'which companies',
];

/** Words that ask about deals arriving in a period, not the pipeline as it stands. */
const ARRIVAL_WORDS = [
  'added',
  'new',
  'created',
  'came in',
  'come in',
  'entered',
  'received',
  'opened',
  'sourced',
  'submitted',
  'logged',
  'arrived',
  'since',
];

/** The organisation's deals counted, summed or broken down, or the deals in the stages named. */
export const portfolioRule: IntentRule = ({ question, stages, subject, window, notes, sure }) => {
  const portfolio = portfolioFocus(question);
  const arrivals =
    Boolean(window) && !subject && hasAny(question, ['deal', 'deals']) && hasAny(question, ARRIVAL_WORDS);
  if (!portfolio && !(stages && !subject) && !arrivals) return null;
  const focus = portfolio ?? 'count';
  // "How many deals were added this month?": a period with words of arrival narrows to the deals
  // added in it. Otherwise the totals are the pipeline as it stands, and the answer says so.
  const added = window && focus !== 'conversion' && hasAny(question, ARRIVAL_WORDS);
  if (window && !added)
    notes.push(`These are the deals as they stand now: "${window.label}" could not narrow them.`);
  const list = hasAny(question, LIST_WORDS) && focus !== 'average_size' && focus !== 'conversion';
  return sure(
    {
      kind: 'portfolio',
      focus,
      group_by: findGrouping(question),
      stages,
      place: findPlace(question),
      ...(list ? { list: true } : {}),
      ...(added ? { added: { since: window.since.toISOString(), label: window.label } } : {}),
    },
    portfolio || list ? 0.9 : 0.75,
  );
};

function findGrouping(question: NormalisedQuestion): Grouping {
  if (hasAny(question, ['by sector', 'by industry', 'per sector', 'sectors', 'industries'])) return 'sector';
  if (
    hasAny(question, [
      'by geography',
      'by country',
      'by region',
      'by location',
      'geographies',
      'countries',
      'regions',
    ])
  ) {
    return 'geography';
  }
  if (hasAny(question, ['by risk', 'by red flag level', 'by flag level', 'risk level', 'risk levels']))
    return 'red_flag_level';
  return 'stage';
}
