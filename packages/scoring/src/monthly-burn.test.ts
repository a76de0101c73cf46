import { describe, expect, it } from 'vitest';
import { monthlyBurnOf } from './monthly-burn.ts';

describe('a document burn as a monthly burn', () => {
  it('divides a year total by 12', () => {
    expect(monthlyBurnOf({ value: 4_800_000, period: 'FY2024', months_covered: 12 })).toEqual({
      value: 400_000,
      months: 12,
      step: 'Monthly burn = €4,800,000 over FY2024 ÷ 12 months = €400,000',
    });
  });

  it('divides a quarter total by 3, rounding to the cent and saying so', () => {
    expect(monthlyBurnOf({ value: 1_000_000, period: 'Q3 2025', months_covered: 3 })).toEqual({
      value: 333_333.33,
      months: 3,
      step: 'Monthly burn = €1,000,000 over Q3 2025 ÷ 3 months ≈ €333,333.33',
    });
  });

  it('keeps a monthly rate as it is, whatever period its line names', () => {
    expect(monthlyBurnOf({ value: 380_000, period: 'Q2 2025', months_covered: 1 })).toEqual({
      value: 380_000,
      months: 1,
      step: 'Monthly burn = €380,000, stated per month (Q2 2025)',
    });
    expect(monthlyBurnOf({ value: 380_000, period: 'monthly', months_covered: 1 })).toEqual({
      value: 380_000,
      months: 1,
      step: 'Monthly burn = €380,000, stated per month',
    });
  });

  it('gives none when the document does not say over how long, and says why', () => {
    const unknown = monthlyBurnOf({ value: 380_000, period: null, months_covered: null });
    expect(unknown).toMatchObject({ value: null, months: null });
    expect(unknown.step).toBe(
      'The document does not say whether €380,000 is a monthly rate or a total over a period, so no monthly burn is read from it.',
    );
  });

  it('reads a figure stored before months_covered: only the analyst\'s own "monthly" is a rate', () => {
    expect(monthlyBurnOf({ value: 350_000, period: 'monthly' }).value).toBe(350_000);
    // An older reading of "€380k per month" on a line naming Q2 2025 looks like a quarter total.
    expect(monthlyBurnOf({ value: 380_000, period: 'Q2 2025' })).toEqual({
      value: null,
      months: null,
      step: 'The document does not say whether €380,000 (Q2 2025) is a monthly rate or a total over a period, so no monthly burn is read from it.',
    });
    expect(monthlyBurnOf({ value: 4_800_000, period: 'FY2024' }).value).toBeNull();
  });
});
