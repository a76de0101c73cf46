import { ZKeyMetric } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { assessRisks, findKeyMetrics } from '../index.ts';
import { pdf, sheet, workbook } from './test-support/fixtures.ts';

/** How many months a revenue figure covers, as the analyst records it (months_covered, decision 037). */

const metricsIn = (line: string) => findKeyMetrics(pdf([`Financials\n${line}`]), 'board_report');
const revenueIn = (line: string) => metricsIn(line).revenue;

describe('revenue in a table', () => {
  it("in a year column is the year's; in quarter or month columns, the quarter's or the month's", () => {
    const pnl = workbook([
      sheet('P&L', [['Profit and loss (€)'], [null, 'FY2023', 'FY2024'], ['Revenue', 3_100_000, 4_800_000]]),
    ]);
    expect(findKeyMetrics(pnl, 'financial_model').revenue).toMatchObject({
      value: 4_800_000,
      period: 'FY2024',
      months_covered: 12,
      source: { kind: 'cell', label: 'P&L!C3' },
    });
    const quarters = workbook([
      sheet('Board pack', [
        ['Quarterly results (€)'],
        [null, 'Q1 2025', 'Q2 2025'],
        ['Revenue', 1_050_000, 1_200_000],
      ]),
    ]);
    expect(findKeyMetrics(quarters, 'board_report').revenue).toMatchObject({
      value: 1_200_000,
      period: 'Q2 2025',
      months_covered: 3,
    });
    const months = workbook([
      sheet('Management accounts', [
        ['Management accounts (€)'],
        [null, 'Jan-25', 'Feb-25', 'Mar-25'],
        ['Revenue', 380_000, 395_000, 410_000],
      ]),
    ]);
    expect(findKeyMetrics(months, 'financial_model').revenue).toMatchObject({
      value: 410_000,
      period: '2025-03',
      months_covered: 1,
    });
  });
});

describe('revenue in running text', () => {
  it("is the named period's: a quarter's board pack figure, a half, a year", () => {
    expect(revenueIn('Q2 2025 revenue €1.2m, up 14% on Q1')).toMatchObject({
      value: 1_200_000,
      period: 'Q2 2025',
      months_covered: 3,
    });
    expect(revenueIn('Revenue of €2.3M in H1 2025')).toMatchObject({ period: 'H1 2025', months_covered: 6 });
    expect(revenueIn('FY2024 revenue of €4.8M')).toMatchObject({ period: 'FY2024', months_covered: 12 });
  });

  it('follows the words touching the figure over the period the line names', () => {
    expect(revenueIn('Revenue of €410k per month in Q1 2025')).toMatchObject({
      value: 410_000,
      period: 'Q1 2025',
      months_covered: 1,
    });
    expect(revenueIn('Monthly revenue: €410k')).toMatchObject({ period: 'monthly', months_covered: 1 });
    expect(revenueIn('Revenue of €1.2M for the quarter ended June 2025')).toMatchObject({
      months_covered: 3,
    });
    expect(revenueIn('LTM revenue of €4.8M (June 2025)')).toMatchObject({
      value: 4_800_000,
      months_covered: 12,
    });
  });

  it('says nothing when the document does not: no period, a year to date, a month named as a moment', () => {
    const bare = revenueIn('Revenue: €1.2M');
    expect(bare).toMatchObject({ value: 1_200_000, period: null, months_covered: null });
    expect(ZKeyMetric.safeParse(bare).success).toBe(true);
    expect(revenueIn('YTD revenue of €3.2M (2025)')).toMatchObject({ months_covered: null });
    expect(revenueIn('As of March 2025, revenue of €4.8M')).toMatchObject({ months_covered: null });
  });
});

describe('ARR and MRR', () => {
  it("are a year's and a month's by name, whatever period the line names", () => {
    expect(metricsIn('MRR of €400k (Sep 2025)').mrr).toMatchObject({
      value: 400_000,
      period: '2025-09',
      months_covered: 1,
    });
    expect(metricsIn('ARR of €4.8M as of Q3 2025').arr).toMatchObject({
      value: 4_800_000,
      period: 'Q3 2025',
      months_covered: 12,
    });
  });
});

describe('the action items on revenue', () => {
  const askedForRevenue = (line: string) => {
    const report = pdf([`Financials\n${line}\nCash in bank: €2.1M`]);
    const { action_items } = assessRisks(report, {
      documentType: 'board_report',
      keyMetrics: findKeyMetrics(report, 'board_report'),
      facilityTerms: null,
    });
    return action_items.includes('Ask for revenue (or ARR) for the last 12 months.');
  };

  it("ask for a year's revenue when the document gives only a quarter's or one of unknown months", () => {
    expect(askedForRevenue('Q2 2025 revenue €1.2m')).toBe(true);
    expect(askedForRevenue('Revenue: €1.2M')).toBe(true);
    expect(askedForRevenue('FY2024 revenue of €4.8M')).toBe(false);
    expect(askedForRevenue('MRR of €400k')).toBe(false);
  });
});
