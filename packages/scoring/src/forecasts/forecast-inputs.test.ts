import type { TFigureSource } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import {
  ASSUMED_REFERENCE_RATE,
  type ForecastDocument,
  gatherForecastFacility,
  gatherForecastInputs,
  PROPOSED_FACILITY_TERMS,
} from './forecast-inputs.ts';

const cell = (label: string): TFigureSource => ({ kind: 'cell', label, excerpt: label });
const metric = (value: number, period: string | null, label: string) => ({
  value,
  unit: 'currency' as const,
  currency: 'EUR',
  period,
  source: cell(label),
});

const MODEL: ForecastDocument = {
  name: 'Model.xlsx',
  analysis: {
    key_metrics: {
      revenue: metric(3_000_000, 'Q3 2025', 'P&L!D4'),
      net_burn: { ...metric(4_800_000, 'FY2024', 'Cash!D9'), months_covered: 12 },
      gross_margin: { ...metric(0.7, 'FY2024', 'P&L!D18'), unit: 'fraction', currency: null },
    },
    facility_terms: null,
  },
};
const TERM_SHEET: ForecastDocument = {
  name: 'Term sheet.pdf',
  analysis: {
    key_metrics: {},
    facility_terms: {
      terms: {
        facility_amount: { value: 5_000_000, unit: 'currency', text: '€5,000,000', source: cell('page 1') },
        margin_over_base: { value: 0.065, unit: 'fraction', text: 'EURIBOR + 6.5%', source: cell('page 1') },
        maturity_months: { value: 36, unit: 'months', text: '36 months', source: cell('page 2') },
        interest_only_months: { value: 12, unit: 'months', text: '12 months', source: cell('page 2') },
      },
      covenants: [],
    },
  },
};
const DEAL = {
  number: 4,
  financial_metrics: { cash: 9_000_000 },
  suggested_facility: { min: 2_000_000, max: 3_000_000 },
};
const COMPANY = {
  name: 'Lumen',
  financial_metrics: { revenue_growth: 0.6 },
  revenue: null,
  revenue_growth: 0.4,
};

describe('forecast inputs', () => {
  it('reads each figure from the most trusted place that has it, with its source', () => {
    const inputs = gatherForecastInputs(DEAL, COMPANY, [MODEL]);
    expect(inputs.cash).toEqual({ value: 9_000_000, source: 'Deal #4 financial metrics: cash' });
    // The company's metrics come before its revenue_growth column.
    expect(inputs.revenue_growth).toEqual({ value: 0.6, source: 'Lumen financial metrics: revenue_growth' });
    // A quarter's revenue × 4 = 12,000,000 a year, a run rate (read before months_covered: its label says a quarter).
    expect(inputs.annual_revenue).toEqual({
      value: 12_000_000,
      source:
        'Model.xlsx, P&L!D4: revenue (Q3 2025); Annual revenue = €3,000,000 in Q3 2025 × 4 = €12,000,000 (annualised run rate, not reported annual revenue)',
    });
    // A year's burn ÷ 12 = 400,000 a month.
    expect(inputs.monthly_burn).toEqual({
      value: 400_000,
      source:
        'Model.xlsx, Cash!D9: net_burn (FY2024); Monthly burn = €4,800,000 over FY2024 ÷ 12 months = €400,000',
    });
    expect(inputs.gross_margin?.value).toBe(0.7);
  });

  it('leaves out what no source has', () => {
    const inputs = gatherForecastInputs(
      { ...DEAL, financial_metrics: null },
      { ...COMPANY, financial_metrics: null, revenue_growth: null },
      [],
    );
    expect(inputs).toEqual({
      annual_revenue: null,
      revenue_growth: null,
      gross_margin: null,
      monthly_burn: null,
      cash: null,
    });
  });

  it('reads a document burn as the analyst recorded it: a monthly rate, or a total divided by its months', () => {
    const noRecords = [
      { ...DEAL, financial_metrics: null },
      { ...COMPANY, financial_metrics: null },
    ] as const;
    const board = (
      burn: ReturnType<typeof metric> & { months_covered?: number | null },
    ): ForecastDocument => ({
      name: 'Board Q2.pdf',
      analysis: { key_metrics: { net_burn: burn }, facility_terms: null },
    });
    // "Net burn of €380k per month" on a line that names Q2 2025.
    const perMonth = board({ ...metric(380_000, 'Q2 2025', 'page 5'), months_covered: 1 });
    expect(gatherForecastInputs(...noRecords, [perMonth]).monthly_burn).toEqual({
      value: 380_000,
      source: 'Board Q2.pdf, page 5: net_burn (Q2 2025); Monthly burn = €380,000, stated per month (Q2 2025)',
    });
    const quarter = board({ ...metric(1_140_000, 'Q2 2025', 'page 5'), months_covered: 3 });
    expect(gatherForecastInputs(...noRecords, [quarter]).monthly_burn).toEqual({
      value: 380_000,
      source:
        'Board Q2.pdf, page 5: net_burn (Q2 2025); Monthly burn = €1,140,000 over Q2 2025 ÷ 3 months = €380,000',
    });
    // A burn with no stated basis (or read before the basis was recorded) is skipped for an older document's.
    const unknown = board(metric(380_000, 'Q2 2025', 'page 5'));
    expect(gatherForecastInputs(...noRecords, [unknown, MODEL]).monthly_burn?.value).toBe(400_000);
    expect(gatherForecastInputs(...noRecords, [unknown]).monthly_burn).toBeNull();
  });

  describe('document revenue as the analyst recorded its months', () => {
    const noRecords = [
      { ...DEAL, financial_metrics: null },
      { ...COMPANY, financial_metrics: null, revenue: null },
    ] as const;
    type Revenue = ReturnType<typeof metric> & { months_covered?: number | null };
    const doc = (name: string, key_metrics: Record<string, Revenue>): ForecastDocument => ({
      name,
      analysis: { key_metrics, facility_terms: null },
    });
    const annualRevenueFrom = (...documents: ForecastDocument[]) =>
      gatherForecastInputs(...noRecords, documents).annual_revenue;

    it("keeps a year's revenue as stated", () => {
      const accounts = doc('Accounts 2024.pdf', {
        revenue: { ...metric(4_800_000, 'FY2024', 'page 3'), months_covered: 12 },
      });
      expect(annualRevenueFrom(accounts)).toEqual({
        value: 4_800_000,
        source:
          'Accounts 2024.pdf, page 3: revenue (FY2024); Annual revenue = €4,800,000 as stated for FY2024',
      });
    });

    it("annualises a quarterly board pack's and a monthly column's revenue as a run rate", () => {
      const board = doc('Board Q2.pdf', {
        revenue: { ...metric(1_200_000, 'Q2 2025', 'page 2'), months_covered: 3 },
      });
      expect(annualRevenueFrom(board)).toEqual({
        value: 4_800_000,
        source:
          'Board Q2.pdf, page 2: revenue (Q2 2025); Annual revenue = €1,200,000 in Q2 2025 × 4 = €4,800,000 (annualised run rate, not reported annual revenue)',
      });
      const management = doc('Management accounts.xlsx', {
        revenue: { ...metric(410_000, '2025-03', 'P&L!D5'), months_covered: 1 },
      });
      expect(annualRevenueFrom(management)?.value).toBe(4_920_000);
      expect(annualRevenueFrom(management)?.source).toContain('€410,000 in 2025-03 × 12 = €4,920,000');
    });

    it('turns MRR into ARR × 12, cited to the MRR', () => {
      const deck = doc('Deck.pdf', { mrr: { ...metric(50_000, 'monthly', 'slide 4'), months_covered: 1 } });
      expect(annualRevenueFrom(deck)).toEqual({
        value: 600_000,
        source:
          'Deck.pdf, slide 4: mrr (monthly); ARR = MRR of €50,000 × 12 = €600,000 (annualised run rate, not reported annual revenue)',
      });
    });

    it("skips a revenue whose months are unknown, and takes any document's year before a run rate", () => {
      const unknown = doc('Update.pdf', {
        revenue: { ...metric(1_200_000, null, 'page 1'), months_covered: null },
      });
      expect(annualRevenueFrom(unknown)).toBeNull();
      // Read before months_covered, a month column cannot tell a month's revenue from one read on that date.
      expect(
        annualRevenueFrom(doc('Old.xlsx', { revenue: metric(410_000, '2025-03', 'P&L!D5') })),
      ).toBeNull();
      const board = doc('Board Q2.pdf', {
        revenue: { ...metric(1_200_000, 'Q2 2025', 'page 2'), months_covered: 3 },
        mrr: { ...metric(420_000, 'Jun 2025', 'page 2'), months_covered: 1 },
      });
      const accounts = doc('Accounts 2024.pdf', {
        revenue: { ...metric(4_100_000, 'FY2024', 'page 3'), months_covered: 12 },
      });
      expect(annualRevenueFrom(unknown, board, accounts)?.value).toBe(4_100_000);
      expect(annualRevenueFrom(unknown, board)?.value).toBe(4_800_000);
    });
  });

  it('takes the term sheet facility, naming what it assumed', () => {
    const facility = gatherForecastFacility(DEAL, [MODEL, TERM_SHEET])!;
    expect(facility.amount).toEqual({ value: 5_000_000, source: 'Term sheet.pdf, page 1: €5,000,000' });
    expect(facility.interest_rate.value).toBeCloseTo(0.065 + ASSUMED_REFERENCE_RATE, 12);
    expect(facility.interest_rate.source).toMatch(/assumed reference rate of 3% \(not in the data\)/);
    // 36 months maturity less 12 interest only = 24 months of repayments.
    expect(facility.amortisation_months.value).toBe(24);
    expect(facility.interest_only_months.source).toBe('Term sheet.pdf, page 2: 12 months');
    expect(facility.drawdown_month.source).toMatch(/not in the data/);
  });

  it('falls back to the suggested facility on proposal terms, or to none', () => {
    const facility = gatherForecastFacility(DEAL, [MODEL])!;
    expect(facility.amount.value).toBe(2_500_000);
    expect(facility.interest_rate.value).toBe(PROPOSED_FACILITY_TERMS.interest_rate);
    expect(gatherForecastFacility({ ...DEAL, suggested_facility: null }, [MODEL])).toBeNull();
  });
});
