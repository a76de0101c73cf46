import { describe, expect, it } from 'vitest';
import { figuresIn, findUnsupportedFigures } from './figure-check.ts';

describe('figuresIn', () => {
  it('reads currencies, separators, scales, percentages and multiples', () => {
    const values = (text: string) => figuresIn(text).map((f) => f.readings[0]?.value);
    expect(values('ARR of €1.2M and £850k')).toEqual([1.2e6, 850e3]);
    expect(values('EUR 2,400,000 raised')).toEqual([2.4e6]);
    expect(values('gross margin 65%')).toEqual([0.65]);
    expect(values('burn multiple 1.8x over 12.5 months')).toEqual([1.8, 12.5]);
    expect(values('$3 bn valuation, 4 million users')).toEqual([3e9, 4e6]);
  });

  it('leaves dates, years and period labels out', () => {
    expect(figuresIn('In FY2024 and Q3 2025, as of 2025-06-30, since 2019')).toEqual([]);
  });
});

describe('findUnsupportedFigures', () => {
  const tools = [{ arr: 1_234_567, gross_margin: 0.6512, runway_months: 14.2, count: 3 }];

  it('accepts figures rounded for display', () => {
    expect(
      findUnsupportedFigures('ARR is €1.2M, margin 65.1% (65%), runway 14 months; 3 deals.', tools),
    ).toEqual([]);
  });

  it('flags figures the data does not hold', () => {
    expect(findUnsupportedFigures('ARR is €1.5M and margin 70%; runway 14.2 months.', tools)).toEqual([
      '€1.5M',
      '70%',
    ]);
  });

  it('reads figures inside tool strings (excerpts) and allows the question’s numbers', () => {
    const withExcerpt = [{ excerpt: 'Net burn of €310k per month' }];
    expect(
      findUnsupportedFigures('Burn is €310k a month over the last 60 days.', withExcerpt, ['last 60 days']),
    ).toEqual([]);
  });

  it('a negative figure is supported by its magnitude', () => {
    expect(findUnsupportedFigures('EBITDA was -€2.1M', [{ ebitda: -2_100_000 }])).toEqual([]);
  });
});
