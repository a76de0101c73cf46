import { hasAny } from '../question.ts';
import type { IntentRule } from './rule.ts';

/**
 * A question about what has not happened yet ("what will Acme's revenue be next year", "will they
 * default"): the data holds what was recorded and what documents state, not the future, so the
 * analyst declines rather than extrapolating a figure nobody stated. A question about what a
 * document projects ("what does the deck forecast for 2027") is about the document, and passes.
 */
const WILL_HAPPEN =
  / will (?:\S+ ){0,5}?(?:be|have|reach|grow|shrink|make|earn|generate|burn|default|fail|survive|succeed|repay|pay back|exit|ipo|go bankrupt|go under|go public|hit|double|triple|become|close|look|happen|change|end up|raise (?:a|their|its|another|more|money|funds|capital|again)) /;
const FUTURE_WORDS = [
  'next year',
  'next quarter',
  'next month',
  'next 12 months',
  'next fiscal year',
  'coming year',
  'in the future',
  'predict',
  'prediction',
  'going to',
  'likely to',
  'expected to',
  'chance of',
  'probability of',
  'odds of',
];
const DOCUMENT_WORDS = [
  'deck',
  'board pack',
  'document',
  'documents',
  'model',
  'plan',
  'budget',
  'memo',
  'says',
  'say',
  'state',
  'states',
  'projects',
  'forecasts',
];

/** "What would Beta's runway be if burn doubled?": a scenario with no figures given to work it out. */
const HYPOTHETICAL =
  / (?:would|could) (?:\S+ ){0,5}?(?:be|look|have|get) (?:\S+ ){0,3}?if | if (?:\S+ ){0,4}?(?:doubled|doubles|halved|halves|tripled|increased|increases|decreased|decreases|grew|grows|fell|falls|dropped|drops|rose|rises|went up|goes up|went down|goes down) /;

export const futureRule: IntentRule = ({ question, input, sure }) => {
  if (hasAny(question, DOCUMENT_WORDS)) return null;
  const laterYear = [...question.padded.matchAll(/ (20\d\d) /g)].some(
    (match) => Number(match[1]) > input.now.getUTCFullYear(),
  );
  const future =
    WILL_HAPPEN.test(question.padded) ||
    HYPOTHETICAL.test(question.padded) ||
    hasAny(question, FUTURE_WORDS) ||
    laterYear;
  return future ? sure({ kind: 'future' }, 0.9) : null;
};
