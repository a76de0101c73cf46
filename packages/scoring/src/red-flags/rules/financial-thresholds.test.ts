import { describe, expect, it } from 'vitest';
import { context, thesisWith } from '../../testing/fixtures.ts';
import { longCacPayback } from './cac-payback.ts';
import { highChurn } from './churn.ts';
import { decliningRevenue } from './declining-revenue.ts';
import { lowGrossMargin } from './gross-margin.ts';
import { lowNetRevenueRetention } from './net-revenue-retention.ts';

describe('low gross margin rule', () => {
  it('tests against the sector minimum when the sector is in the thesis', () => {
    // b2b_saas requires 65% in the default thesis.
    expect(lowGrossMargin(context({ gross_margin: 0.64 }, { sector: 'SaaS' }))).toEqual({
      severity: 'high',
      flag_type: 'low_gross_margin',
      category: 'financial',
      description: 'Gross margin is 64%, below the B2B SaaS sector minimum of 65%.',
    });
    expect(lowGrossMargin(context({ gross_margin: 0.65 }, { sector: 'SaaS' }))).toBeNull();
  });

  it('holds a subject in several thesis sectors to the most lenient of their minimums', () => {
    // fintech 50%, b2b_saas 65%.
    expect(lowGrossMargin(context({ gross_margin: 0.55 }, { sector: 'Fintech / SaaS' }))).toBeNull();
    expect(lowGrossMargin(context({ gross_margin: 0.45 }, { sector: 'SaaS, Fintech' }))?.description).toBe(
      'Gross margin is 45%, below the Fintech sector minimum of 50%.',
    );
  });

  it('tests against the thesis minimum otherwise', () => {
    expect(lowGrossMargin(context({ gross_margin: 0.49 }, { sector: 'Gaming' }))?.description).toBe(
      'Gross margin is 49%, below the thesis minimum of 50%.',
    );
    expect(lowGrossMargin(context({ gross_margin: 0.5 }))).toBeNull();
    expect(lowGrossMargin(context({}))).toBeNull();
  });
});

describe('high churn rule (thesis maximum 3% a month)', () => {
  it('flags churn above the maximum with its yearly effect', () => {
    expect(highChurn(context({ monthly_churn: 0.03 }))).toBeNull();
    expect(highChurn(context({ monthly_churn: 0.031 }))).toMatchObject({
      severity: 'high',
      flag_type: 'high_churn',
    });
    expect(highChurn(context({ monthly_churn: 0.05 }))?.description).toBe(
      'Monthly churn is 5% (about 46% of customers a year), above the thesis maximum of 3%.',
    );
  });

  it('follows the thesis maximum', () => {
    const lenient = thesisWith({
      financial_requirements: { ...thesisWith({}).financial_requirements, monthly_churn_max: 0.06 },
    });
    expect(highChurn(context({ monthly_churn: 0.05 }, {}, lenient))).toBeNull();
  });
});

describe('long CAC payback rule (thesis maximum 18 months)', () => {
  it('flags payback above the maximum as medium', () => {
    expect(longCacPayback(context({ cac_payback_months: 18 }))).toBeNull();
    expect(longCacPayback(context({ cac_payback_months: 24 }))).toEqual({
      severity: 'medium',
      flag_type: 'long_cac_payback',
      category: 'financial',
      description: 'CAC payback is 24 months, above the thesis maximum of 18 months.',
    });
  });
});

describe('declining revenue rule', () => {
  it('flags any negative growth as high', () => {
    expect(decliningRevenue(context({ revenue_growth: 0 }))).toBeNull();
    expect(decliningRevenue(context({ revenue_growth: -0.01 }))).toMatchObject({ severity: 'high' });
    expect(decliningRevenue(context({ revenue_growth: -0.12 }))?.description).toBe(
      'Revenue is shrinking: growth is -12% year on year.',
    );
  });
});

describe('low net revenue retention rule', () => {
  it('flags NRR under 90% as medium', () => {
    expect(lowNetRevenueRetention(context({ net_revenue_retention: 0.9 }))).toBeNull();
    expect(lowNetRevenueRetention(context({ net_revenue_retention: 0.85 }))).toEqual({
      severity: 'medium',
      flag_type: 'low_net_revenue_retention',
      category: 'financial',
      description: 'Net revenue retention is 85%, below 90%: existing customers are spending less each year.',
    });
  });
});
