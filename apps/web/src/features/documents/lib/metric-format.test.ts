import { describe, expect, it } from 'vitest';
import { makeMetric } from '../testing/document-fixtures.ts';
import { formatEuroShort, formatKeyMetric, orderedMetrics } from './metric-format.ts';

describe('card metric formatting (spec 01 AI Intelligence card)', () => {
  it('shows EUR at 1M and above as x.xM and at 1K and above as xK', () => {
    expect(formatEuroShort(8_400_000)).toBe('€8.4M');
    expect(formatEuroShort(1_000_000)).toBe('€1.0M');
    expect(formatEuroShort(12_345_678)).toBe('€12.3M');
    expect(formatEuroShort(999_999)).toBe('€1.0M');
    expect(formatEuroShort(999_499)).toBe('€999K');
    expect(formatEuroShort(850_000)).toBe('€850K');
    expect(formatEuroShort(1_000)).toBe('€1K');
    expect(formatEuroShort(999)).toBe('€999');
    expect(formatEuroShort(-2_500_000)).toBe('-€2.5M');
  });

  it('shows names containing rate or margin as percentages', () => {
    expect(
      formatKeyMetric('gross_margin', makeMetric({ value: 0.724, unit: 'fraction', currency: null })),
    ).toBe('72.4%');
    // Even when the unit is not marked as a fraction: the name decides.
    expect(formatKeyMetric('interest_rate', makeMetric({ value: 0.12, unit: 'ratio', currency: null }))).toBe(
      '12%',
    );
    expect(formatKeyMetric('burn_rate', makeMetric({ value: 0.05, unit: 'count', currency: null }))).toBe(
      '5%',
    );
  });

  it('formats currencies, months, counts and ratios', () => {
    expect(formatKeyMetric('arr', makeMetric({ value: 8_400_000 }))).toBe('€8.4M');
    expect(formatKeyMetric('cash', makeMetric({ value: 1_500_000, currency: 'USD' }))).toBe('USD 1.5M');
    expect(formatKeyMetric('runway_months', makeMetric({ value: 14, unit: 'months', currency: null }))).toBe(
      '14 months',
    );
    expect(formatKeyMetric('customers', makeMetric({ value: 1250, unit: 'count', currency: null }))).toBe(
      '1,250',
    );
    expect(formatKeyMetric('ltv_cac', makeMetric({ value: 3.2, unit: 'ratio', currency: null }))).toBe(
      '3.2×',
    );
  });

  it('orders metrics as the contract lists them and keeps at most the limit', () => {
    const metrics = { cash: 1, arr: 2, revenue: 3, gross_margin: 4, headcount: 5 };
    expect(orderedMetrics(metrics, 4).map(([name]) => name)).toEqual([
      'revenue',
      'arr',
      'gross_margin',
      'cash',
    ]);
  });
});

describe('formatKeyMetric on deck figures', () => {
  it('shows a printed range with both ends and marks a projection', () => {
    const range = {
      value: 20_000_000,
      value_low: 20_000_000,
      value_high: 25_000_000,
      unit: 'currency',
      currency: 'USD',
    } as const;
    expect(formatKeyMetric('raise_amount', range)).toBe('USD 20.0M–USD 25.0M');
    expect(
      formatKeyMetric('arr', { value: 3_000_000, unit: 'currency', currency: 'EUR', kind: 'projection' }),
    ).toBe('€3.0M (projection)');
    expect(
      formatKeyMetric('arr', { value: 3_000_000, unit: 'currency', currency: 'EUR', kind: 'actual' }),
    ).toBe('€3.0M');
  });
});
