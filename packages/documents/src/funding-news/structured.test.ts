import { describe, expect, it } from 'vitest';
import { readAmountCell, roundFromFields, stageFromRoundType } from './structured.ts';

describe('CSV round fields', () => {
  it.each([
    ['Series A', 'Series A'],
    ['series_b', 'Series B'],
    ['Series E', 'Series D+'],
    ['Seed', 'Seed'],
    ['Pre-Seed', 'Pre-Seed'],
    ['Angel', 'Pre-Seed'],
    ['Debt Financing', 'Debt'],
    ['Private Equity', 'Growth'],
    ['Venture - Series Unknown', null],
    ['Corporate Round', null],
    [null, null],
  ] as const)('round type %s → %s', (type, stage) => {
    expect(stageFromRoundType(type)).toBe(stage);
  });

  it.each([
    ['12500000', { value: 12_500_000, currency: null }],
    ['12,500,000', { value: 12_500_000, currency: null }],
    ['$12.5M', { value: 12_500_000, currency: 'USD' }],
    ['€ 3 million', { value: 3_000_000, currency: 'EUR' }],
    ['undisclosed', null],
    ['—', null],
    ['0', null],
    ['-5', null],
    ['12%', null],
  ] as const)('amount cell %s', (cell, read) => {
    expect(readAmountCell(cell)).toEqual(read);
  });

  it('scales an export row to at most 0.8 confidence and converts at the given rates', () => {
    const round = roundFromFields(
      {
        company_name: 'Tallyfold',
        round_type: 'Series A',
        amount: 8_000_000,
        currency: 'GBP',
        announced_at: '2026-03-01T00:00:00.000Z',
        investors: ['Seedcamp', 'Northzone'],
        lead_investors: ['Northzone'],
        country: 'United Kingdom',
        region: 'UK',
        sector: 'fintech',
        source: 'CSV import',
      },
      { fxRates: { base: 'EUR', rate_date: '2026-01-01', per_base: { GBP: 0.8 } } },
    );
    expect(round).toMatchObject({
      amount_eur: 10_000_000,
      stage: 'Series A',
      investors: ['Northzone', 'Seedcamp'],
      lead_investor: 'Northzone',
      confidence_score: 0.8,
    });
  });
});
