import type { DealRanking, Grouping } from '../intents.ts';
import { hasAny, type NormalisedQuestion } from '../question.ts';
import { findSector } from '../question-terms/find-place.ts';
import type { IntentRule } from './rule.ts';

/** Superlative words and their direction; what they rank by is read separately (rankingOf). */
const DESCENDING = [
  'largest',
  'biggest',
  'highest',
  'most',
  'top',
  'best',
  'strongest',
  'most recent',
  'newest',
  'latest',
  'last',
  'last added',
];
const ASCENDING = [
  'smallest',
  'lowest',
  'least',
  'fewest',
  'bottom',
  'worst',
  'weakest',
  'oldest',
  'earliest',
  'first',
  'longest',
];
const RECENCY = [
  'most recent',
  'newest',
  'latest',
  'last',
  'last added',
  'recently',
  'oldest',
  'earliest',
  'first',
  'longest',
  'added',
  'created',
];
const SCORE = ['score', 'scored', 'scoring', 'fit', 'thematic'];

/** The superlative, if any: what it ranks deals by and in which direction. */
function superlativeOf(question: NormalisedQuestion): { by: DealRanking; order: 'desc' | 'asc' } | null {
  const descending = hasAny(question, DESCENDING);
  const ascending = hasAny(question, ASCENDING);
  if (!descending && !ascending) return null;
  if (hasAny(question, SCORE)) {
    return {
      by: 'thematic_score',
      order: hasAny(question, ['lowest', 'worst', 'weakest', 'bottom', 'least']) ? 'asc' : 'desc',
    };
  }
  if (hasAny(question, RECENCY)) {
    // "oldest", "first added", "in the pipeline the longest": earliest first.
    return {
      by: 'created_at',
      order: hasAny(question, ['oldest', 'earliest', 'first', 'longest']) ? 'asc' : 'desc',
    };
  }
  return {
    by: 'amount_requested',
    order: hasAny(question, ['smallest', 'lowest', 'least', 'bottom']) ? 'asc' : 'desc',
  };
}

const GROUPINGS: [string, Grouping][] = [
  ['sectors?|industry|industries|verticals?', 'sector'],
  ['stages?', 'stage'],
  ['geography|geographies|country|countries|regions?|markets?', 'geography'],
  ['risk levels?|red flag levels?', 'red_flag_level'],
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
  // "the most we've been asked for", "our biggest ask": what a deal requests, with no deal word.
  'asked for',
  'been asked',
  'ask',
  'asks',
  'amount requested',
  'requested',
];
const COMPANY_WORDS = ['company', 'companies', 'startup', 'startups', 'borrower', 'borrowers'];
const ROUND_WORDS = ['round', 'rounds', 'raise', 'raises', 'funding round', 'funding rounds'];

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/** "top 3 deals", "the five largest deals": how many; one for a singular "deal". */
function howMany(question: NormalisedQuestion): number {
  const counted = question.padded.match(
    / (?:top|the|our|first|last) (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) | (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (?:largest|biggest|smallest|newest|oldest|most|highest|lowest|latest|last|best|worst) /,
  );
  const written = counted?.[1] ?? counted?.[2] ?? '';
  const n = NUMBER_WORDS[written] ?? Number(written);
  if (n > 0) return Math.min(n, 25);
  return hasAny(question, ['deals', 'tickets', 'requests', 'opportunities', 'loans']) ? 5 : 1;
}

/**
 * The largest, smallest, most recent, oldest or best-scored deals ("What is our largest deal?",
 * "the three newest deals in due diligence"); for companies, the largest or smallest by revenue,
 * and rounds by the last round's size, through the companies' ranking. A metric the question names
 * ("highest ARR") is the ranking rule's, not this one.
 */
export const dealSuperlativeRule: IntentRule = ({ question, metrics, stages, subject, window, sure }) => {
  if (subject) return null;
  // "How many deals in the last 30 days?": "last" names a period there, not the newest deal.
  if (window && hasAny(question, ['how many', 'number of', 'count'])) return null;
  const superlative = superlativeOf(question);
  if (!superlative) return null;
  const grouping = GROUPINGS.find(([words]) =>
    new RegExp(` (?:which|what) (?:${words}) `).test(question.padded),
  );
  if (grouping) {
    // "Which sector has the most deals?": the groups, the leading one first.
    const byAmount = hasAny(question, [
      'amount',
      'money',
      'value',
      'exposure',
      'largest',
      'biggest',
      'smallest',
      'requested',
      'worth',
    ]);
    return sure(
      {
        kind: 'portfolio',
        focus: 'breakdown',
        group_by: grouping[1],
        stages,
        place: null,
        leader: {
          by:
            byAmount && !hasAny(question, ['most deals', 'fewest deals', 'number of deals'])
              ? 'amount'
              : 'count',
          order: hasAny(question, ['smallest', 'lowest', 'least', 'fewest']) ? 'asc' : 'desc',
        },
      },
      0.85,
    );
  }
  const aboutRounds = hasAny(question, ROUND_WORDS);
  const aboutCompanies = hasAny(question, COMPANY_WORDS);
  if (aboutRounds && superlative.by === 'created_at') {
    // The most recent rounds are news: the funding announcements of the last quarter.
    return sure({ kind: 'market', sector: findSector(question), company: null, place: null, days: 90 }, 0.8);
  }
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
