import { has, hasAny } from '../question.ts';
import { findSector } from '../question-terms/find-place.ts';
import { portfolioFocus } from '../question-terms/portfolio-focus.ts';
import type { IntentRule } from './rule.ts';

const RANKING_WORDS = [
  'which companies',
  'which company',
  'what companies',
  'top',
  'highest',
  'lowest',
  'strongest',
  'weakest',
  'best',
  'worst',
  'fastest',
  'slowest',
  'leaders',
  'rank',
  'ranking',
  'largest',
  'biggest',
  'smallest',
  'most',
  'least',
];

/** A metric asked of no company: the companies ranked by it. */
export const rankingRule: IntentRule = ({ question, metrics, subject, sure }) => {
  const portfolio = portfolioFocus(question);
  // "gross margin across the portfolio", "revenue growth in our (open) pipeline": companies ranked by
  // the metric; a named metric wins over pipeline words. Only a deal figure named outright (deal
  // size, conversion) keeps the question on the deals.
  const metricAcross = portfolio !== 'conversion' && portfolio !== 'average_size';
  // "Which company will run out of cash first?", "who runs out of money soonest": the shortest
  // runway on today's recorded cash and burn, not the most cash (and not a forecast).
  const runsOut = hasAny(question, [
    'run out of cash',
    'runs out of cash',
    'run out of money',
    'runs out of money',
    'run out of runway',
    'runs out of runway',
    'out of cash first',
    'out of money first',
  ]);
  if ((metrics.length === 0 && !runsOut) || subject || !metricAcross) return null;
  const metric = runsOut ? 'runway' : (metrics[0] ?? 'revenue_growth');
  const order =
    runsOut ||
    hasAny(question, [
      'lowest',
      'weakest',
      'worst',
      'slowest',
      'declining',
      'shrinking',
      'negative',
      'smallest',
      'least',
      'bottom',
      'shortest',
      'soonest',
      'fewest',
    ])
      ? 'asc'
      : 'desc';
  const ranked = hasAny(question, RANKING_WORDS) || has(question, 'which') || has(question, 'who');
  const top = question.padded.match(/ (?:top|first|best|worst|bottom) (\d{1,2}) /);
  const limit = top ? Math.min(25, Math.max(1, Number(top[1]))) : undefined;
  return sure(
    { kind: 'ranking', metric, order, sector: findSector(question), ...(limit ? { limit } : {}) },
    ranked ? 0.85 : 0.7,
  );
};
