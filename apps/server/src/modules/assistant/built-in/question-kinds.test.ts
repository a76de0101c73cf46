import { describe, expect, it } from 'vitest';
import { normaliseQuestion } from './question.ts';
import { questionParts } from './question-parts.ts';
import { findGivenFigures, givenInputs } from './question-terms/find-given-figures.ts';
import { findStages, understand } from './understand.ts';

/** Issue #18 §3's kinds of questions, understood without a database. */

const NOW = new Date('2026-05-20T12:00:00Z');
const kindOf = (query: string) =>
  understand({
    question: normaliseQuestion(query),
    mentions: [],
    dealId: null,
    previousMentions: [],
    previous: null,
    now: NOW,
  }).intent;

describe('figures the question supplies', () => {
  it('labels each figure by the words nearest it, per month, negative and percentages included', () => {
    expect(givenInputs(findGivenFigures('If revenue is €2M and burn €150k a month, what runway?'))).toEqual({
      revenue: 2_000_000,
      monthly_burn: 150_000,
    });
    expect(givenInputs(findGivenFigures('net burn of €3M a year and net new ARR of €2M'))).toEqual({
      monthly_burn: 250_000,
      net_new_arr: 2_000_000,
    });
    expect(givenInputs(findGivenFigures('growth is 40% and EBITDA margin is -10%'))).toEqual({
      revenue_growth: 0.4,
      ebitda_margin: -0.1,
    });
    // Counts and periods are not inputs.
    expect(findGivenFigures('Which companies have we not spoken to in 60 days?').figures).toEqual([]);
  });

  it('reads a percentage of an amount, "of" or "on"', () => {
    expect(findGivenFigures('What is 15% of €4M?').percentOf).toMatchObject({
      percent: { value: 0.15 },
      amount: { value: 4_000_000 },
    });
    expect(findGivenFigures('a 3% arrangement fee on a €5M facility').percentOf?.amount.value).toBe(
      5_000_000,
    );
    expect(findGivenFigures('ARR of €10M and a 25% advance rate').percentOf).toBeNull();
  });

  it('works the calculation out from them with no company, and takes a lone amount as cash for runway saying so', () => {
    expect(kindOf('What is 15% of €4M?')).toMatchObject({
      kind: 'calculation',
      calculation: 'percentage_of',
      subject: null,
    });
    const runway = kindOf('If revenue is €2M and burn €150k a month, what runway?');
    expect(runway).toMatchObject({
      kind: 'calculation',
      calculation: 'runway',
      given: { cash: 2e6, monthly_burn: 150e3 },
    });
    expect(runway.kind === 'calculation' && runway.assumption).toContain('taken as the cash available');
  });
});

describe('questions about the future or a scenario', () => {
  it.each([
    "What will Acme's revenue be next year?",
    'Will they default?',
    'How much ARR will Kraken have in 2031?',
    'Is Helix going to survive?',
    "What would Beta's runway be if burn doubled?",
  ])('declines "%s"', (query) => {
    expect(kindOf(query).kind).toBe('future');
  });

  it.each([
    'What red flags will the credit committee raise?',
    'What does the deck forecast for revenue?',
    'Which companies have we not spoken to in 60 days?',
  ])('does not take "%s" for one', (query) => {
    expect(kindOf(query).kind).not.toBe('future');
  });
});

describe('superlatives', () => {
  it.each([
    ['What is our largest deal?', 'amount_requested', 'desc', 1],
    ['Which is the smallest deal?', 'amount_requested', 'asc', 1],
    ['Show the three most recent deals', 'created_at', 'desc', 3],
    ['Which deal has been in the pipeline the longest?', 'created_at', 'asc', 1],
    ['Which deal has the lowest thematic score?', 'thematic_score', 'asc', 1],
  ])('"%s" ranks deals by %s %s', (query, by, order, limit) => {
    expect(kindOf(query)).toMatchObject({ kind: 'deal_superlative', by, order, limit });
  });

  it('ranks groups and companies, not deals, when the question asks for them', () => {
    expect(kindOf('Which sector has the most deals?')).toMatchObject({
      kind: 'portfolio',
      group_by: 'sector',
      leader: { by: 'count', order: 'desc' },
    });
    expect(kindOf('Which company has the smallest revenue?')).toMatchObject({
      kind: 'ranking',
      order: 'asc',
    });
    expect(kindOf('Which company raised the largest round?')).toMatchObject({
      kind: 'ranking',
      metric: 'last_round',
    });
  });
});

describe('two parts and two stages', () => {
  it('splits at a new question, not at a list of stages or companies', () => {
    expect(questionParts('How many deals are in IC review and what is the open pipeline worth?')).toEqual([
      'How many deals are in IC review',
      'what is the open pipeline worth?',
    ]);
    expect(questionParts("What is Acme's runway? And Beta's burn?")).toHaveLength(2);
    expect(questionParts('Deals in IC review and at term sheet')).toHaveLength(1);
    expect(questionParts('Compare Acme and Beta on gross margin')).toHaveLength(1);
  });

  it('reads both stages of "in IC review and term sheet" and leaves out a stage the question excludes', () => {
    expect(findStages(normaliseQuestion('deals in IC review and term sheet'))).toEqual([
      'ic_review',
      'term_sheet',
    ]);
    expect(findStages(normaliseQuestion('the pipeline excluding closed deals'))).not.toContain('closed');
  });
});
