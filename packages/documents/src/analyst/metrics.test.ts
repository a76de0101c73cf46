import { ZKeyMetric } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FX_RATES, type FxRates, findKeyMetrics } from '../index.ts';
import {
  FINANCIALS_PDF,
  FINANCIALS_SHEET,
  LOAN_AGREEMENT,
  PITCH_DECK,
  pdf,
  TEMPLATE,
  TERM_SHEET,
  USD_STATEMENT,
} from './test-support/fixtures.ts';

describe('findKeyMetrics on a pitch deck', () => {
  const m = findKeyMetrics(PITCH_DECK, 'pitch_deck');

  it('reads each figure with its slide and the words around it', () => {
    expect(m.arr).toMatchObject({ value: 2_400_000, unit: 'currency', currency: 'EUR', period: 'Q3 2025' });
    expect(m.arr?.source).toMatchObject({ kind: 'slide', page: 3, label: 'slide 3' });
    expect(m.arr?.source.excerpt).toContain('ARR of €2.4M as of Q3 2025');
    expect(m.customers).toMatchObject({ value: 120, unit: 'count', currency: null });
    expect(m.customers?.source.label).toBe('slide 3');
    expect(m.net_revenue_retention).toMatchObject({ value: 1.18, unit: 'fraction' });
    expect(m.monthly_churn).toMatchObject({ value: 0.012, unit: 'fraction', period: 'monthly' });
    expect(m.gross_margin).toMatchObject({ value: 0.72, unit: 'fraction' });
    expect(m.cac_payback_months).toMatchObject({ value: 14, unit: 'months' });
    expect(m.ltv_cac).toMatchObject({ value: 4.2, unit: 'ratio' });
    expect(m.headcount).toMatchObject({ value: 45, unit: 'count' });
    expect(m.headcount?.source.label).toBe('slide 6');
    expect(m.net_burn).toMatchObject({ value: 180_000, currency: 'EUR', period: 'monthly' });
    expect(m.cash).toMatchObject({ value: 2_100_000, currency: 'EUR', period: '2025-09' });
    expect(m.cash?.source.excerpt).toContain('Cash in bank: €2.1M');
    expect(m.runway_months).toMatchObject({ value: 11, unit: 'months' });
    expect(m.last_round).toMatchObject({ value: 5_000_000, currency: 'EUR', period: '2024-03' });
    expect(m.valuation).toMatchObject({ value: 20_000_000, currency: 'EUR' });
    expect(m.last_round?.source.label).toBe('slide 8');
  });

  it('reads the amount being raised as the raise, and the problem statement or a market size as nothing', () => {
    expect(m.raise_amount).toMatchObject({ value: 3_000_000, currency: 'EUR', literal: '€3M' });
    expect(m.raise_amount?.source.label).toBe('slide 8');
    expect(m.revenue).toBeUndefined();
    expect(m.total_debt).toBeUndefined();
    const others = Object.entries(m).filter(([name]) => name !== 'raise_amount');
    expect(others.some(([, x]) => x?.value === 3_000_000)).toBe(false);
  });

  it('answers the contract shape for every figure', () => {
    for (const metric of Object.values(m)) expect(ZKeyMetric.safeParse(metric).success).toBe(true);
  });
});

describe('findKeyMetrics on the shorthand of slides', () => {
  it('reads "200+ customers", "Burn:", "18+ months of runway" and "team of 25"', () => {
    const deck = pdf([
      'Trusted by 200+ customers across Europe\nBurn: €140k/month\n18+ months of runway\nA team of 25 engineers and operators',
    ]);
    const m = findKeyMetrics(deck, 'pitch_deck');
    expect(m.customers).toMatchObject({ value: 200 });
    expect(m.net_burn).toMatchObject({ value: 140_000, currency: 'EUR' });
    expect(m.runway_months).toMatchObject({ value: 18 });
    expect(m.headcount).toMatchObject({ value: 25 });
    expect(m.headcount?.source.excerpt).toBe('A team of 25 engineers and operators');
  });
});

describe('findKeyMetrics on a financial table with years across the header', () => {
  it('takes the latest year of a PDF table, scaled by "(€ in thousands)"', () => {
    const m = findKeyMetrics(FINANCIALS_PDF, 'financial_statements');
    expect(m.revenue).toMatchObject({ value: 12_480_000, currency: 'EUR', period: 'FY2024' });
    expect(m.revenue?.source).toMatchObject({ kind: 'page', page: 1, label: 'page 1' });
    expect(m.revenue?.source.excerpt).toBe('Revenue 12,480 9,310 6,020');
    expect(m.ebitda).toMatchObject({ value: 1_250_000, period: 'FY2024' });
    expect(m.net_income).toMatchObject({ value: 640_000, period: 'FY2024' });
    expect(m.revenue_growth?.value).toBeCloseTo(12_480 / 9_310 - 1, 4);
    expect(m.revenue_growth?.period).toBe('FY2024 vs FY2023');
    expect(m.cash).toMatchObject({ value: 3_150_000, period: '2024-12-31' });
    expect(m.cash?.source.label).toBe('page 2');
    // the only borrowing line of the balance sheet is the total debt
    expect(m.total_debt).toMatchObject({ value: 2_500_000, period: '2024-12-31' });
  });

  it('reads "(1,310)" as a negative and keeps the earlier columns out', () => {
    const older = pdf([FINANCIALS_PDF.pages[0]?.text.replace(/FY2024/, 'FY2021') ?? '']);
    const m = findKeyMetrics(older, 'financial_statements');
    // FY2021 is now the first column but FY2023 is the latest: the middle column wins
    expect(m.ebitda).toMatchObject({ value: -420_000, period: 'FY2023' });
  });

  it('takes the latest year of a sheet, with the cell address and the "(€k)" scale of the title', () => {
    const m = findKeyMetrics(FINANCIALS_SHEET, 'financial_model');
    expect(m.revenue).toMatchObject({ value: 12_480_000, currency: 'EUR', period: '2024' });
    expect(m.revenue?.source).toMatchObject({ kind: 'cell', sheet: 'P&L', cell: 'D3', label: 'P&L!D3' });
    expect(m.revenue?.source.excerpt).toBe('Revenue | 6,020 | 9,310 | 12,480');
    expect(m.gross_margin).toMatchObject({ value: 0.72, unit: 'fraction', period: '2024' });
    expect(m.gross_margin?.source.cell).toBe('D5');
    expect(m.ebitda).toMatchObject({ value: 1_250_000 });
    expect(m.cash).toMatchObject({ value: 3_150_000, period: '2024-12-31' });
    expect(m.cash?.source.label).toBe("'Balance sheet'!C3");
  });

  it('converts another currency to EUR with the configured rate and keeps the original', () => {
    const m = findKeyMetrics(USD_STATEMENT, 'financial_statements');
    const rate = 1 / (DEFAULT_FX_RATES.per_base.USD ?? 1);
    expect(m.revenue?.original).toMatchObject({
      value: 103_900_000,
      currency: 'USD',
      rate_date: DEFAULT_FX_RATES.rate_date,
    });
    expect(m.revenue?.original?.rate).toBe(Number(rate.toPrecision(6)));
    expect(m.revenue?.currency).toBe('EUR');
    expect(m.revenue?.value).toBe(Math.round(103_900_000 * Number(rate.toPrecision(6))));
    expect(m.revenue?.period).toBe('FY2024');
    expect(m.net_income?.original?.value).toBe(10_400_000);
  });

  it('uses rates given by the caller', () => {
    const fx: FxRates = { base: 'EUR', rate_date: '2025-06-30', per_base: { USD: 1.25 } };
    const m = findKeyMetrics(USD_STATEMENT, 'financial_statements', { fxRates: fx });
    expect(m.revenue).toMatchObject({ value: 83_120_000, currency: 'EUR' });
    expect(m.revenue?.original).toMatchObject({ currency: 'USD', rate: 0.8, rate_date: '2025-06-30' });
  });
});

describe('findKeyMetrics invents nothing', () => {
  it('finds no figures in a template with placeholders, not even its example', () => {
    expect(findKeyMetrics(TEMPLATE, 'term_sheet')).toEqual({});
    expect(findKeyMetrics(TEMPLATE, 'other')).toEqual({});
  });

  it('does not read covenant thresholds of an agreement or term sheet as company figures', () => {
    expect(findKeyMetrics(LOAN_AGREEMENT, 'legal_agreement')).toEqual({});
    expect(findKeyMetrics(TERM_SHEET, 'term_sheet').cash).toBeUndefined();
  });

  it('does not read page numbers of a table of contents or a money table continuation as counts', () => {
    const contents = pdf([
      [
        'TABLE OF CONTENTS',
        '                                        PAGE',
        'Business                                   1',
        'Customers                                  3',
        'Employees                                  6',
        'Risk Factors                               8',
        'Properties                                19',
        'Legal Proceedings                         19',
      ].join('\n'),
      [
        'Deposits (in millions)                2024        2023',
        'Interest-bearing deposits from',
        'customers(a)                        58,180      47,710',
      ].join('\n'),
    ]);
    expect(findKeyMetrics(contents, 'annual_report')).toEqual({});
  });

  it('stays fast on text built to make patterns backtrack', () => {
    const evil = `ARR ${':-(,'.repeat(9)}x €2M\nCustomers${' :'.repeat(25)}x 5\nRevenue ${'1'.repeat(40)}x\n${'1,'.repeat(400)}\n`;
    const started = performance.now();
    const m = findKeyMetrics(pdf([evil.repeat(300)]), 'pitch_deck');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(m.arr).toBeUndefined();
  });

  it('keeps targets and forecasts stated in prose as projections, never as actuals', () => {
    const m = findKeyMetrics(
      pdf(['Our target is ARR of €10M by 2027.\nWe plan to reach 500 customers next year.']),
      'pitch_deck',
    );
    expect(Object.keys(m).sort()).toEqual(['arr', 'customers']);
    expect(m.arr).toMatchObject({ value: 10_000_000, kind: 'projection', period: '2027' });
    expect(m.customers).toMatchObject({ value: 500, kind: 'projection' });
  });

  it('reads no projection in a financial statement (only decks keep them)', () => {
    const m = findKeyMetrics(
      pdf(['Our target is ARR of €10M by 2027.\nWe plan to reach 500 customers next year.']),
      'board_report',
    );
    expect(m).toEqual({});
  });
});
