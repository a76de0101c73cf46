import { describe, expect, it } from 'vitest';
import { annualRevenueOf } from './annual-revenue.ts';

describe('a document revenue figure as annual revenue', () => {
  it("keeps a year's revenue as stated", () => {
    expect(
      annualRevenueOf({ name: 'revenue', value: 4_800_000, period: 'FY2024', months_covered: 12 }),
    ).toEqual({
      value: 4_800_000,
      months: 12,
      run_rate: false,
      basis: 'FY2024',
      step: 'Annual revenue = €4,800,000 as stated for FY2024',
    });
  });

  it("annualises a quarter's revenue × 4 and calls it a run rate", () => {
    expect(
      annualRevenueOf({ name: 'revenue', value: 1_200_000, period: 'Q2 2025', months_covered: 3 }),
    ).toEqual({
      value: 4_800_000,
      months: 3,
      run_rate: true,
      basis: 'annualised run rate: Q2 2025 × 4',
      step: 'Annual revenue = €1,200,000 in Q2 2025 × 4 = €4,800,000 (annualised run rate, not reported annual revenue)',
    });
  });

  it("annualises a month's revenue × 12, and nine months × 12 ÷ 9, rounding to the cent and saying so", () => {
    expect(
      annualRevenueOf({ name: 'revenue', value: 410_000, period: '2025-03', months_covered: 1 }),
    ).toMatchObject({
      value: 4_920_000,
      run_rate: true,
      step: 'Annual revenue = €410,000 in 2025-03 × 12 = €4,920,000 (annualised run rate, not reported annual revenue)',
    });
    expect(
      annualRevenueOf({
        name: 'revenue',
        value: 1_000_000,
        period: '9 months ended 2023-09-30',
        months_covered: 9,
      }),
    ).toMatchObject({
      value: 1_333_333.33,
      basis: 'annualised run rate: 9 months ended 2023-09-30 × 12 ÷ 9',
      step: 'Annual revenue = €1,000,000 in 9 months ended 2023-09-30 × 12 ÷ 9 ≈ €1,333,333.33 (annualised run rate, not reported annual revenue)',
    });
  });

  it('turns MRR into ARR × 12, shown as such, and keeps ARR as stated', () => {
    expect(annualRevenueOf({ name: 'mrr', value: 400_000, period: 'Sep 2025' })).toEqual({
      value: 4_800_000,
      months: 1,
      run_rate: true,
      basis: 'annualised run rate: MRR × 12',
      step: 'ARR = MRR of €400,000 (Sep 2025) × 12 = €4,800,000 (annualised run rate, not reported annual revenue)',
    });
    expect(annualRevenueOf({ name: 'mrr', value: 400_000, period: 'monthly', months_covered: 1 }).step).toBe(
      'ARR = MRR of €400,000 × 12 = €4,800,000 (annualised run rate, not reported annual revenue)',
    );
    expect(annualRevenueOf({ name: 'arr', value: 2_400_000, period: 'Q3 2025', months_covered: 12 })).toEqual(
      {
        value: 2_400_000,
        months: 12,
        run_rate: false,
        basis: 'Q3 2025',
        step: 'ARR = €2,400,000 as stated (Q3 2025)',
      },
    );
  });

  it('gives none when the document does not say how many months the revenue covers, and says why', () => {
    const unknown = annualRevenueOf({
      name: 'revenue',
      value: 1_200_000,
      period: null,
      months_covered: null,
    });
    expect(unknown).toEqual({
      value: null,
      months: null,
      run_rate: false,
      basis: null,
      step: 'The document does not say how many months the revenue of €1,200,000 covers, so no annual revenue is read from it.',
    });
  });

  it('reads figures stored before months_covered by the length their period label states, and not a bare month', () => {
    const legacy = (period: string | null) =>
      annualRevenueOf({ name: 'revenue', value: 1_200_000, period }).months;
    expect(legacy('FY2024')).toBe(12);
    expect(legacy('FY ended 2022-12-31')).toBe(12);
    expect(legacy('2023')).toBe(12);
    expect(legacy('H1 2025')).toBe(6);
    expect(legacy('Q3 2025 (forecast)')).toBe(3);
    expect(legacy('3 months ended 2023-07-01')).toBe(3);
    expect(legacy('monthly')).toBe(1);
    // A month column or a date: a month's revenue, or revenue read on that date?
    expect(legacy('2025-03')).toBeNull();
    expect(legacy('2022-12-31')).toBeNull();
    expect(legacy(null)).toBeNull();
  });
});
