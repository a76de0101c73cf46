import { hasAny } from '../question.ts';
import { HEADLINE_METRICS } from '../vocabulary.ts';
import { COMPARE_WORDS } from './compare-words.ts';
import type { IntentRule } from './rule.ts';

/** Two or more companies side by side, on the metrics named or the headline ones. */
export const compareRule: IntentRule = ({ question, named, dealSubject, metrics, sure }) => {
  // "compare this deal with Beta" in the deal's panel: the deal's company against Beta.
  const comparing =
    named.length >= 2
      ? named
      : dealSubject && named.length === 1 && hasAny(question, COMPARE_WORDS)
        ? [dealSubject, ...named]
        : null;
  if (!comparing) return null;
  return sure(
    {
      kind: 'compare',
      subjects: comparing.slice(0, 4),
      metrics: metrics.length > 0 ? metrics : HEADLINE_METRICS,
    },
    metrics.length > 0 ? 0.95 : 0.8,
  );
};
