import type { DealRanking } from '../intents.ts';
import { hasAny, type NormalisedQuestion } from '../question.ts';
import { findSector } from '../question-terms/find-place.ts';
import type { IntentRule } from './rule.ts';

/** Superlatives and what they rank by, most specific first ("highest score" before "highest"). */
const SUPERLATIVES: { phrases: string[]; by: DealRanking; order: 'desc' | 'asc' }[] = [
  {
    phrases: [
      'highest score',
      'highest scoring',
      'highest scored',
      'best scoring',
      'best scored',
      'top scoring',
      'top scored',
      'highest thematic score',
      'best fit',
      'strongest fit',
    ],
    by: 'thematic_score',
    order: 'desc',
  },
  {
    phrases: [
      'lowest score',
      'lowest scoring',
      'lowest scored',
      'worst scoring',
      'worst scored',
      'worst fit',
      'weakest fit',
    ],
    by: 'thematic_score',
    order: 'asc',
  },
  {
    phrases: ['most recent', 'newest', 'latest', 'last added', 'most recently added', 'recently added'],
    by: 'created_at',
    order: 'desc',
  },
  {
    phrases: ['oldest', 'earliest', 'first added', 'longest in the pipeline'],
    by: 'created_at',
    order: 'asc',
  },
  { phrases: ['largest', 'biggest', 'highest', 'most money', 'top'], by: 'amount_requested', order: 'desc' },
  { phrases: ['smallest', 'lowest', 'least money'], by: 'amount_requested', order: 'asc' },
];

const DEAL_WORDS = [
  'deal',
  'deals',
  'ticket',
  'tickets',
  'request',
  'requests',
  'opportunity',
  'opportunities',
  'loan',
  'loans',
  'facility request',
];
const COMPANY_WORDS = ['company', 'companies', 'startup', 'startups', 'borrower', 'borrowers'];
const ROUND_WORDS = ['round', 'rounds', 'raise', 'raises', 'funding round', 'funding rounds'];

function superlativeOf(question: NormalisedQuestion) {
  return SUPERLATIVES.find((s) => hasAny(question, s.phrases)) ?? null;
}

/** "top 3 deals", "the 5 largest deals": how many; one for a singular "deal". */
function howMany(question: NormalisedQuestion): number {
  const counted = question.padded.match(
    / (?:top|the|our|first|last) (\d{1,2}) | (\d{1,2}) (?:largest|biggest|smallest|newest|oldest|most|highest|lowest) /,
  );
  const n = Number(counted?.[1] ?? counted?.[2] ?? 0);
  if (n > 0) return Math.min(n, 25);
  return hasAny(question, ['deals', 'tickets', 'requests', 'opportunities', 'loans']) ? 5 : 1;
}

/**
 * The largest, smallest, most recent, oldest or best-scored deals ("What is our largest deal?",
 * "the three newest deals in due diligence"); for companies, the largest or smallest by revenue,
 * and rounds by the last round's size, through the companies' ranking. A metric the question names
 * ("highest ARR") is the ranking rule's, not this one.
 */
export const dealSuperlativeRule: IntentRule = ({ question, metrics, stages, subject, sure }) => {
  if (subject) return null;
  const superlative = superlativeOf(question);
  if (!superlative) return null;
  const aboutRounds = hasAny(question, ROUND_WORDS);
  const aboutCompanies = hasAny(question, COMPANY_WORDS);
  if (aboutRounds && superlative.by === 'amount_requested' && metrics.length === 0) {
    return sure(
      { kind: 'ranking', metric: 'last_round', order: superlative.order, sector: findSector(question) },
      0.85,
    );
  }
  if (aboutCompanies && !hasAny(question, DEAL_WORDS)) {
    if (metrics.length > 0 || superlative.by !== 'amount_requested') return null;
    return sure(
      { kind: 'ranking', metric: 'revenue', order: superlative.order, sector: findSector(question) },
      0.8,
    );
  }
  if (!hasAny(question, DEAL_WORDS) || metrics.length > 0) return null;
  return sure(
    {
      kind: 'deal_superlative',
      by: superlative.by,
      order: superlative.order,
      stages,
      limit: howMany(question),
    },
    0.9,
  );
};
