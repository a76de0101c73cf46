import type { PortfolioFocus } from '../intents.ts';
import { hasAny, type NormalisedQuestion } from '../question.ts';

const PORTFOLIO_WORDS = [
  'pipeline',
  'portfolio',
  'how many deals',
  'number of deals',
  'deal count',
  'breakdown',
  'deal flow',
  'dealflow',
  'book',
  'exposure',
];

/** What a question about the organisation's deals asks of them (a count, a breakdown, a value…). */
export function portfolioFocus(question: NormalisedQuestion): PortfolioFocus | null {
  if (/ (?:how many|number of|count of|count) (?:\S+ )?compan(?:y|ies) /.test(question.padded))
    return 'companies';
  if (
    hasAny(question, [
      'conversion',
      'conversion rate',
      'win rate',
      'close rate',
      'hit rate',
      'converted',
      'convert',
    ])
  ) {
    return 'conversion';
  }
  if (
    hasAny(question, [
      'average deal size',
      'average deal',
      'average ticket',
      'mean deal',
      'typical deal size',
      'average amount',
      'average size',
      'avg deal size',
      'deal size',
    ])
  ) {
    return 'average_size';
  }
  if (
    / by (?:stage|sector|industry|geography|country|region|location|risk|red flag level|flag level) /.test(
      question.padded,
    ) ||
    hasAny(question, ['breakdown', 'split', 'distribution', 'mix'])
  ) {
    return 'breakdown';
  }
  if (
    hasAny(question, [
      'pipeline value',
      'total pipeline',
      'pipeline worth',
      'size of the pipeline',
      'size of our pipeline',
      'open pipeline',
      'total value',
      'total amount',
      'total requested',
      'amount requested',
      'total request',
      'how much is in',
    ])
  ) {
    return 'pipeline_value';
  }
  if (hasAny(question, ['how many', 'number of', 'count'])) return 'count';
  if (hasAny(question, PORTFOLIO_WORDS)) return 'breakdown';
  return null;
}
