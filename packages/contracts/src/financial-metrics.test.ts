import { describe, expect, it } from 'vitest';
import { ZFinancialMetrics } from './financial-metrics.ts';

const messages = (input: unknown) =>
  ZFinancialMetrics.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('financial metrics contract', () => {
  it('accepts an empty object and explicit nulls', () => {
    expect(ZFinancialMetrics.parse({})).toEqual({});
    expect(ZFinancialMetrics.parse({ revenue: null, last_round_date: null })).toEqual({
      revenue: null,
      last_round_date: null,
    });
  });

  it('accepts a full set of metrics', () => {
    const metrics = {
      revenue: 12_000_000,
      arr: 14_000_000,
      revenue_growth: 0.9,
      gross_margin: 0.72,
      monthly_burn: 450_000,
      cash: 9_000_000,
      runway_months: 20,
      monthly_churn: 0.012,
      net_revenue_retention: 1.1,
      cac_payback_months: 15,
      employee_count: 85,
      last_round_amount: 25_000_000,
      last_round_date: '2024-09-30',
    };
    expect(ZFinancialMetrics.parse(metrics)).toEqual(metrics);
  });

  it('allows negative burn (cash generative) and shrinking revenue', () => {
    expect(ZFinancialMetrics.safeParse({ monthly_burn: -50_000, revenue_growth: -0.2 }).success).toBe(true);
  });

  it('rejects what cannot be true, naming the field', () => {
    expect(messages({ gross_margin: 65 })).toEqual([
      'gross_margin: must be a fraction of at most 1 (0.65 means 65%)',
    ]);
    expect(messages({ cash: -1 })).toEqual(['cash: must not be negative']);
    expect(messages({ monthly_churn: 2 })).toEqual([
      'monthly_churn: must be a fraction between 0 and 1 (0.02 means 2%)',
    ]);
    expect(messages({ employee_count: 10.5 })).toEqual(['employee_count: must be a whole number']);
    expect(messages({ revenue: 'a lot' })).toEqual(['revenue: must be a number']);
    expect(messages({ last_round_date: '30/09/2024' })).toEqual([
      'last_round_date: must be an ISO date (YYYY-MM-DD)',
    ]);
  });

  it('rejects infinite numbers', () => {
    expect(ZFinancialMetrics.safeParse({ arr: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});
