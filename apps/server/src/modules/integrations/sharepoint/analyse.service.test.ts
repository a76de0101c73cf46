import type { TKeyMetric } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { metricValue } from './analyse.service.ts';

const metric = (overrides: Partial<TKeyMetric>): TKeyMetric => ({
  value: 0,
  unit: 'count',
  currency: null,
  period: null,
  source: { kind: 'page', page: 1, label: 'Page 1', excerpt: 'ARR' },
  ...overrides,
});

describe('metricValue: a figure of the SharePoint analysis as it reads', () => {
  it('shortens EUR amounts as the rest of Atempo does, with the period', () => {
    expect(metricValue(metric({ value: 8_000_000, unit: 'currency', currency: 'EUR' }))).toBe('€8M');
    expect(
      metricValue(metric({ value: 9_800_000, unit: 'currency', currency: 'EUR', period: 'FY2026' })),
    ).toBe('€9.8M (FY2026)');
    expect(
      metricValue(metric({ value: 600_000, unit: 'currency', currency: 'EUR', period: 'monthly' })),
    ).toBe('€600k (monthly)');
  });

  it('groups the digits of another currency, counts and ratios', () => {
    expect(metricValue(metric({ value: 1_500_000, unit: 'currency', currency: 'USD' }))).toBe(
      'USD 1,500,000',
    );
    expect(metricValue(metric({ value: 1250 }))).toBe('1,250');
    expect(metricValue(metric({ value: 3.2, unit: 'ratio' }))).toBe('3.2×');
    expect(metricValue(metric({ value: 0.6066, unit: 'fraction', period: 'FY2026 vs FY2025' }))).toBe(
      '60.66% (FY2026 vs FY2025)',
    );
    expect(metricValue(metric({ value: 21, unit: 'months' }))).toBe('21 months');
  });
});
