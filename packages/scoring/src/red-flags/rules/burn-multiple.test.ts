import { describe, expect, it } from 'vitest';
import { burnMultiple } from '../../derived-metrics.ts';
import { context } from '../../testing/fixtures.ts';
import { highBurnMultiple } from './burn-multiple.ts';

// ARR €12M growing 100% a year added €6M of ARR over the year; burn/month × 12 ÷ 6M is the multiple.
const withBurn = (monthlyBurn: number) =>
  context({ arr: 12_000_000, revenue_growth: 1, monthly_burn: monthlyBurn });

describe('burn multiple', () => {
  it('divides annual net burn by the ARR added over the past year', () => {
    expect(burnMultiple({ arr: 12_000_000, revenue_growth: 1, monthly_burn: 1_000_000 })).toEqual({
      multiple: 2,
      annual_burn: 12_000_000,
      net_new_arr: 6_000_000,
    });
  });

  it('is unbounded when the company burns without adding ARR', () => {
    expect(burnMultiple({ arr: 1e6, revenue_growth: 0, monthly_burn: 1e5 })?.multiple).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(burnMultiple({ revenue: 0, revenue_growth: 0.5, monthly_burn: 1e5 })?.multiple).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(highBurnMultiple(context({ arr: 2e6, revenue_growth: -0.1, monthly_burn: 1e5 }))).toEqual({
      severity: 'high',
      flag_type: 'high_burn_multiple',
      category: 'financial',
      description:
        'The company burns €1.2M a year without adding ARR (growth -10%): the burn multiple is unbounded.',
    });
  });

  it('is undefined when the company does not burn or growth or revenue is unknown', () => {
    expect(burnMultiple({ arr: 1e6, revenue_growth: 0.5, monthly_burn: -1e5 })).toBeNull();
    expect(burnMultiple({ arr: 1e6, revenue_growth: 0.5, monthly_burn: 0 })).toBeNull();
    expect(burnMultiple({ arr: 1e6, monthly_burn: 1e5 })).toBeNull();
    expect(burnMultiple({ revenue_growth: 0.5, monthly_burn: 1e5 })).toBeNull();
  });

  it.each([
    [1_000_000, null], // multiple 2: at the limit, not above it
    [1_005_000, 'medium'], // 2.01
    [1_500_000, 'medium'], // 3
    [1_505_000, 'high'], // 3.01
  ])('monthly burn %d → %s', (burn, severity) => {
    expect(highBurnMultiple(withBurn(burn))?.severity ?? null).toBe(severity);
  });

  it('states the multiple and its parts', () => {
    expect(highBurnMultiple(withBurn(2_000_000))?.description).toBe(
      'Burn multiple is 4 (annual net burn €24M ÷ net new ARR €6M), above 3: growth is costing too much cash.',
    );
  });

  it('uses annual revenue when ARR is unknown', () => {
    expect(
      highBurnMultiple(context({ revenue: 12_000_000, revenue_growth: 1, monthly_burn: 2_000_000 }))
        ?.severity,
    ).toBe('high');
  });
});
