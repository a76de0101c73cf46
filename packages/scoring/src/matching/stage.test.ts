import { describe, expect, it } from 'vitest';
import { normaliseDealType } from './deal-type.ts';
import { normaliseStage } from './stage.ts';

describe('stage normalisation', () => {
  it.each([
    ['Seed', 'Seed'],
    ['pre-seed', 'Pre-Seed'],
    ['Series A', 'Series A'],
    ['series_a', 'Series A'],
    ['A', 'Series A'],
    ['Series A2', 'Series A'],
    ['Series B extension', 'Series B'],
    ['series c', 'Series C'],
    ['Series D+', 'Series D+'],
    ['Series E', 'Series D+'],
    ['Pre-IPO', 'Pre-IPO'],
    ['IPO', 'Public'],
  ])('reads %s as %s', (text, stage) => {
    expect(normaliseStage(text)).toBe(stage);
  });

  it('returns null for what is not a stage', () => {
    expect(normaliseStage('Bridge')).toBeNull();
    expect(normaliseStage('E')).toBeNull();
    expect(normaliseStage('')).toBeNull();
  });
});

describe('deal type normalisation', () => {
  it.each([
    ['venture_debt', 'venture_debt'],
    ['Venture Debt', 'venture_debt'],
    ['RBF', 'revenue_based_financing'],
    ['Revenue-based financing', 'revenue_based_financing'],
    ['convertible note', 'convertible_debt'],
    ['Growth Equity', 'growth_equity'],
  ])('reads %s as %s', (text, type) => {
    expect(normaliseDealType(text)).toBe(type);
  });

  it('returns null for unknown products', () => {
    expect(normaliseDealType('mezzanine')).toBeNull();
  });
});
