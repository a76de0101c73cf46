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

describe('paraphrases of aggregates (issue #18 §3, held-out classes)', () => {
  it('reads a percentage of the open pipeline, not the pipeline alone', () => {
    for (const q of ['What is 10% of our open pipeline?', "What's 25% of the pipeline?"]) {
      expect(kindOf(q), q).toMatchObject({ kind: 'pipeline_percentage', stages: null });
    }
    expect(kindOf('What is 5% of the deals in due diligence?')).toMatchObject({
      kind: 'pipeline_percentage',
      percent: 0.05,
      stages: ['due_diligence'],
    });
    // An amount given is a plain calculation, not the pipeline.
    expect(kindOf('What is 15% of €4M?')).toMatchObject({ kind: 'calculation' });
  });

  it('reads the share of a group, by count or by amount', () => {
    expect(kindOf('What percentage of deals are at critical risk?')).toMatchObject({
      kind: 'group_share',
      group_by: 'red_flag_level',
      key: 'reject',
      by: 'count',
    });
    expect(kindOf('What share of our deals is high risk?')).toMatchObject({ key: 'high_risk' });
    expect(kindOf('What proportion of the pipeline value is fintech?')).toMatchObject({
      kind: 'group_share',
      group_by: 'sector',
      by: 'amount',
    });
    expect(kindOf('What percentage of deals are in due diligence?')).toMatchObject({
      group_by: 'stage',
      key: 'due_diligence',
    });
  });

  it('reads a superlative of the amount asked for with no deal word', () => {
    for (const q of ["What is the most we've been asked for?", "What's the biggest ask in the pipeline?"]) {
      expect(kindOf(q), q).toMatchObject({ kind: 'deal_superlative', by: 'amount_requested', order: 'desc' });
    }
  });

  it('reads sums, averages and medians of a recorded metric over the companies', () => {
    expect(kindOf('What is the total ARR across the portfolio?')).toMatchObject({
      kind: 'metric_stat',
      metric: 'arr',
      stat: 'sum',
    });
    expect(kindOf('What is the average gross margin of our companies?')).toMatchObject({ stat: 'average' });
    expect(kindOf('What is the median cash across the portfolio?')).toMatchObject({ stat: 'median' });
  });

  it('narrows a count to the deals added in a period, "since June" included', () => {
    expect(kindOf('How many deals were added this month?')).toMatchObject({
      kind: 'portfolio',
      added: { since: '2026-05-01T00:00:00.000Z', label: 'this month' },
    });
    expect(kindOf('How many new deals in the last 30 days?')).toMatchObject({
      kind: 'portfolio',
      added: { label: '30 days' },
    });
    // On 20 May, "since June" is last June.
    expect(kindOf('How many deals have we added since June?')).toMatchObject({
      added: { since: '2025-06-01T00:00:00.000Z' },
    });
    // The pipeline as it stands is not narrowed by a period.
    expect(kindOf('What is the open pipeline this quarter?')).not.toHaveProperty('added');
  });

  it('ranks runway (shortest first) for "who runs out of cash first", a reading of today, not a forecast', () => {
    for (const q of [
      'Which company will run out of cash first?',
      'Who runs out of money soonest?',
      'Which companies have the shortest runway?',
    ]) {
      expect(kindOf(q), q).toMatchObject({ kind: 'ranking', metric: 'runway', order: 'asc' });
    }
  });
});
