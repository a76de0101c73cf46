import { hasAny } from '../question.ts';
import { COMPARE_WORDS } from './compare-words.ts';
import type { IntentRule } from './rule.ts';

/** "Series A vs B": funding stages compared, two named or one with a comparing word. */
export const fundingStagesRule: IntentRule = ({ question, sure }) => {
  const seriesNames = [...question.padded.matchAll(/ series ([a-f])(?= )/g)].map(
    (m) => `Series ${(m[1] ?? '').toUpperCase()}`,
  );
  const bareSeries = [...question.padded.matchAll(/ (?:series [a-f]|and|vs|versus|or) ([a-f])(?= )/g)].map(
    (m) => `Series ${(m[1] ?? '').toUpperCase()}`,
  );
  const fundingStages = [...new Set([...seriesNames, ...(seriesNames.length > 0 ? bareSeries : [])])];
  if (fundingStages.length >= 2 || (fundingStages.length === 1 && hasAny(question, COMPARE_WORDS))) {
    return sure({ kind: 'funding_stages', stages: fundingStages }, 0.9);
  }
  return null;
};
