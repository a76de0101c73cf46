import { hasAny } from '../question.ts';
import type { IntentRule } from './rule.ts';

const PRIORITIES = ['high', 'medium', 'low'] as const;

/**
 * "How many high priority companies do we have?", "which companies are high priority?": the
 * companies of that monitoring priority, counted as the Companies page counts them.
 */
export const priorityRule: IntentRule = ({ question, subject, sure }) => {
  if (subject) return null;
  const priority = PRIORITIES.find((p) => hasAny(question, [`${p} priority`, `${p}-priority`, `${p} prio`]));
  if (!priority) return null;
  // High-priority alerts are the dashboard's signals of the last 30 days, not companies.
  if (hasAny(question, ['alert', 'alerts', 'signal', 'signals', 'news'])) {
    return sure({ kind: 'market', sector: null, company: null, place: null, days: 30 }, 0.7);
  }
  if (hasAny(question, ['deal', 'deals']) && !hasAny(question, ['company', 'companies'])) return null;
  return sure({ kind: 'priority_companies', priority }, 0.9);
};
