import type { Intent, Subject } from '../intents.ts';
import { hasAny } from '../question.ts';
import { HEADLINE_METRICS } from '../vocabulary.ts';
import type { IntentRule } from './rule.ts';
import { isFollowUp } from './subjects.ts';

const OVERVIEW_WORDS = [
  'tell me about',
  'overview',
  'status',
  'summary',
  'summarise',
  'summarize',
  'details',
  'detail',
  'where is',
  'what about',
  'how about',
  'update on',
  'deal',
  'profile',
  'who is',
  'what is',
  'latest',
];

/**
 * A company or deal asked about with no more precise intent: its overview, its headline figures
 * when the question asks how it is doing, or the previous question again for a follow-up.
 */
export const dealOverviewRule: IntentRule = ({ question, input, subject, named, sure }) => {
  if (!subject || !(hasAny(question, OVERVIEW_WORDS) || input.mentions.length > 0 || input.dealId))
    return null;
  const financial = hasAny(question, [
    'financial status',
    'financials',
    'financial',
    'numbers',
    'metrics',
    'kpis',
    'performance',
    'health',
  ]);
  if (financial) return sure({ kind: 'metrics', subject, metrics: HEADLINE_METRICS, named: false }, 0.9);
  // "and Beta?" after a question about Acme's runway: the same question about Beta.
  if (input.previous && named[0] && isFollowUp(question) && question.words.length <= 6) {
    const again = withSubject(input.previous.intent, named[0]);
    if (again) return sure(again, 0.8);
  }
  return sure({ kind: 'deal', subject, focus: 'overview' }, input.mentions.length > 0 ? 0.85 : 0.7);
};

function withSubject(intent: Intent, subject: Subject): Intent | null {
  switch (intent.kind) {
    case 'metrics':
      return { ...intent, subject };
    case 'calculation':
      return { ...intent, subject };
    case 'red_flags':
      return { ...intent, subject, stages: null };
    case 'deal':
      return { ...intent, subject };
    default:
      return null;
  }
}
