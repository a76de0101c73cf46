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
  const attribute = askedAttribute(question.padded);
  if (attribute) return sure({ kind: 'unknown_attribute', attribute, subject }, 0.8);
  return sure({ kind: 'deal', subject, focus: 'overview' }, input.mentions.length > 0 ? 0.85 : 0.7);
};

/** Words that ask for the overview itself ("what is the status of Acme"), not one fact of it. */
const OVERVIEW_FACTS = new Set([
  ...OVERVIEW_WORDS.flatMap((w) => w.split(' ')),
  'news',
  'situation',
  'story',
  'progress',
  'stage',
  'amount',
  'request',
  'requested',
  'score',
  'risk',
  'position',
  'company',
  'deal',
  'business',
  'sector',
  'industry',
  'geography',
  'country',
  'thesis',
  'recommendation',
  'facility',
  'suggested',
  'it',
  'this',
  'that',
]);

/**
 * "Who is the CEO of Acme?", "what is the interest rate on the Fjord loan?": one fact the question
 * names, which no metric, calculation or document rule recognised. The deal's overview would not
 * answer it, so the analyst says the data does not hold it instead of answering something else.
 */
function askedAttribute(padded: string): string | null {
  const match = padded.match(
    / (?:what|who|which|when) (?:is|are|was|were|s) (?:the |its |their |our )?((?:\S+ ){1,3}?)(?:of|on|for|at|in|with) /,
  );
  const words = match?.[1]?.trim().split(' ') ?? [];
  if (words.length === 0 || words.some((word) => OVERVIEW_FACTS.has(word))) return null;
  return words.join(' ');
}

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
