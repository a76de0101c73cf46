import { describe, expect, it } from 'vitest';
import { DEFAULT_THESIS, sectorKey, ZInvestmentThesis } from './thesis.ts';

const messages = (input: unknown) =>
  ZInvestmentThesis.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
const withPatch = (patch: Record<string, unknown>) => ({ ...structuredClone(DEFAULT_THESIS), ...patch });

describe('investment thesis contract', () => {
  it('accepts the default thesis unchanged', () => {
    expect(ZInvestmentThesis.parse(DEFAULT_THESIS)).toEqual(DEFAULT_THESIS);
  });

  it('makes sector keys lowercase with underscores', () => {
    expect(sectorKey('  Climate   Tech ')).toBe('climate_tech');
    expect(sectorKey('B2B SaaS')).toBe('b2b_saas');
  });

  it('refuses a minimum deal size above the maximum', () => {
    expect(messages(withPatch({ deal_size_range: [30_000_000, 25_000_000] }))).toEqual([
      'deal_size_range: minimum deal size must not exceed the maximum',
    ]);
  });

  it('refuses fractional and negative deal sizes', () => {
    expect(messages(withPatch({ deal_size_range: [2_000_000.5, 25_000_000] }))).toEqual([
      'deal_size_range.0: deal size must be a whole number of euros',
    ]);
    expect(messages(withPatch({ deal_size_range: [-1, 25_000_000] }))).toEqual([
      'deal_size_range.0: deal size must not be negative',
    ]);
  });

  it('names the market whose weight is out of range', () => {
    expect(messages(withPatch({ primary_markets: { UK: 1.5, Germany: 0.9 } }))).toEqual([
      'primary_markets.UK: weight must be between 0 and 1',
    ]);
    expect(messages(withPatch({ primary_markets: { France: -0.1 } }))).toEqual([
      'primary_markets.France: weight must be between 0 and 1',
    ]);
  });

  it('refuses blank market names', () => {
    expect(messages(withPatch({ primary_markets: { ' ': 0.5 } }))).toEqual([
      'primary_markets: a market name must not be blank',
    ]);
  });

  it('rejects unknown deal types, stages and enum values with the allowed list', () => {
    expect(messages(withPatch({ deal_types: ['venture_debt', 'mezzanine'] }))).toEqual([
      'deal_types.1: "mezzanine" is not a known deal type; expected one of venture_debt, revenue_based_financing, convertible_debt, growth_equity',
    ]);
    expect(messages(withPatch({ target_stages: ['Series E'] }))[0]).toMatch(
      /^target_stages\.0: "Series E" is not a known stage/,
    );
    const risk = { ...DEFAULT_THESIS.risk_parameters, approach: 'reckless' };
    expect(messages(withPatch({ risk_parameters: risk }))[0]).toMatch(
      /^risk_parameters\.approach: "reckless"/,
    );
    const finance = { ...DEFAULT_THESIS.financial_requirements, revenue_model: 'subscription' };
    expect(messages(withPatch({ financial_requirements: finance }))[0]).toMatch(
      /^financial_requirements\.revenue_model: "subscription" is not a known revenue model/,
    );
  });

  it('refuses duplicated deal types and stages', () => {
    expect(messages(withPatch({ target_stages: ['Series A', 'Series A'] }))).toEqual([
      'target_stages: each stage may appear only once',
    ]);
  });

  it('requires normalised sector keys and sector fractions between 0 and 1', () => {
    expect(messages(withPatch({ target_sectors: { 'Climate Tech': { weight: 0.5 } } }))).toEqual([
      'target_sectors.Climate Tech: sector key must be lowercase with underscores for spaces ("climate_tech")',
    ]);
    expect(
      messages(withPatch({ target_sectors: { fintech: { weight: 0.5, min_gross_margin: 1.2 } } })),
    ).toEqual(['target_sectors.fintech.min_gross_margin: minimum gross margin must be between 0 and 1']);
  });

  it('fills the sector and CAC payback defaults of the spec', () => {
    const parsed = ZInvestmentThesis.parse(
      withPatch({
        target_sectors: { gaming: { weight: 0.3 } },
        financial_requirements: {
          gross_margin_min: 0.5,
          monthly_churn_max: 0.03,
          cac_payback_months: {},
          revenue_model: 'mixed_revenue',
        },
      }),
    );
    expect(parsed.target_sectors.gaming).toEqual({ weight: 0.3, min_gross_margin: 0.4, focus_areas: [] });
    expect(parsed.financial_requirements.cac_payback_months.max).toBe(18);
  });

  it('names the financial requirement that is out of range', () => {
    const finance = { ...DEFAULT_THESIS.financial_requirements, monthly_churn_max: 3 };
    expect(messages(withPatch({ financial_requirements: finance }))).toEqual([
      'financial_requirements.monthly_churn_max: maximum monthly churn must be between 0 and 1',
    ]);
    const payback = { ...DEFAULT_THESIS.financial_requirements, cac_payback_months: { max: 0 } };
    expect(messages(withPatch({ financial_requirements: payback }))).toEqual([
      'financial_requirements.cac_payback_months.max: maximum CAC payback must be more than 0 months',
    ]);
  });
});
