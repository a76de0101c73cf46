import { hasAny } from '../question.ts';
import type { IntentRule } from './rule.ts';

/** "Similar deals to Acme?": the deals comparable to the subject's. */
export const similarDealsRule: IntentRule = ({ question, subject, sure }) => {
  if (
    hasAny(question, [
      'similar deals',
      'similar companies',
      'comparable deals',
      'comparables',
      'peers',
      'similar',
      'comparable',
      'compare to',
      'compared to',
      'benchmark',
    ])
  ) {
    if (subject) return sure({ kind: 'deal', subject, focus: 'similar' }, 0.85);
  }
  return null;
};
