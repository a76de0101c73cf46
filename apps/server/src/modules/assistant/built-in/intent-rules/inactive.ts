import { hasAny } from '../question.ts';
import type { IntentRule } from './rule.ts';

/** "Which companies have we not spoken to in 60 days?" */
export const inactiveRule: IntentRule = ({ question, window, sure }) => {
  if (
    hasAny(question, ['not spoken', 'not talked', 'not contacted', 'inactive', 'gone quiet', 'no contact']) ||
    / (?:not|never|haven t|hasn t|havent|hasnt|didn t|didnt|no one has|nobody has) (?:\S+ ){0,3}(?:spoken|talked|contacted|heard|met|engaged|interacted|in touch|reached out|called)/.test(
      question.padded,
    ) ||
    hasAny(question, ['no activity', 'not heard from', 'no interaction', 'no interactions', 'neglected'])
  ) {
    return sure({ kind: 'inactive', days: window?.days ?? 30 }, window ? 0.95 : 0.85);
  }
  return null;
};
