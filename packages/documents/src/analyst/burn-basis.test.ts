import { ZKeyMetric } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { assessRisks, findKeyMetrics } from '../index.ts';
import { pdf, sheet, workbook } from './test-support/fixtures.ts';

/** Whether a burn is a monthly rate or a period's total, as the analyst records it (months_covered). */

const burnIn = (line: string) => findKeyMetrics(pdf([`Financials\n${line}`]), 'board_report').net_burn;

describe('a burn in running text', () => {
  it('is a monthly rate when the words say so, whatever date the line names', () => {
    expect(burnIn('Net burn of €380k per month in Q2 2025')).toMatchObject({
      value: 380_000,
      period: 'Q2 2025',
      months_covered: 1,
    });
    expect(burnIn('Monthly net burn: €380k (Dec 2024)')).toMatchObject({
      value: 380_000,
      period: '2024-12',
      months_covered: 1,
    });
    expect(burnIn('Burn: €140k/month')).toMatchObject({ period: 'monthly', months_covered: 1 });
    expect(burnIn('We are burning €300k a month')).toMatchObject({ value: 300_000, months_covered: 1 });
    expect(burnIn('€250k monthly burn')).toMatchObject({ value: 250_000, months_covered: 1 });
  });

  it("is the named period's total otherwise: a quarter, a half, a year", () => {
    expect(burnIn('Q3 2025 net burn of €1.2M')).toMatchObject({
      value: 1_200_000,
      period: 'Q3 2025',
      months_covered: 3,
    });
    expect(burnIn('Net burn of €2.4M in H1 2025')).toMatchObject({ period: 'H1 2025', months_covered: 6 });
    expect(burnIn('FY2024 net cash burn of €4.8M')).toMatchObject({ period: 'FY2024', months_covered: 12 });
    // A monthly figure in brackets after the quarter's does not make the quarter's monthly.
    expect(burnIn('Q2 2025 net burn of €1.1M (€380k per month)')).toMatchObject({
      value: 1_100_000,
      months_covered: 3,
    });
  });

  it('says neither when the document does not', () => {
    const burn = burnIn('Net burn: €350k');
    expect(burn).toMatchObject({ value: 350_000, period: null, months_covered: null });
    expect(ZKeyMetric.safeParse(burn).success).toBe(true);
  });
});

describe('a burn in a table', () => {
  it("in a year column is the year's total; in month columns, a month's", () => {
    const model = workbook([
      sheet('Cash', [
        ['Cash flow (€)'],
        [null, 'FY2023', 'FY2024'],
        ['Net cash burn', -4_200_000, -4_800_000],
      ]),
    ]);
    expect(findKeyMetrics(model, 'financial_model').net_burn).toMatchObject({
      value: 4_800_000,
      period: 'FY2024',
      months_covered: 12,
      source: { kind: 'cell', label: 'Cash!C3' },
    });
    const months = workbook([
      sheet('Cash', [['Cash flow (€)'], [null, 'Jan-25', 'Feb-25'], ['Net burn', -310_000, -295_000]]),
    ]);
    expect(findKeyMetrics(months, 'financial_model').net_burn).toMatchObject({
      value: 295_000,
      period: '2025-02',
      months_covered: 1,
    });
  });

  it('labelled monthly is a monthly rate even in a year column', () => {
    const model = workbook([
      sheet('KPIs', [['KPIs (€)'], [null, 'FY2023', 'FY2024'], ['Monthly net burn', 350_000, 400_000]]),
    ]);
    expect(findKeyMetrics(model, 'financial_model').net_burn).toMatchObject({
      value: 400_000,
      period: 'FY2024',
      months_covered: 1,
    });
  });
});

describe('the runway risk from cash and burn', () => {
  const model = workbook([
    sheet('Cash', [
      ['Cash flow (€)'],
      [null, 'FY2023', 'FY2024'],
      ['Net cash burn', -4_200_000, -4_800_000],
      ['Closing cash', 7_200_000, 2_400_000],
    ]),
  ]);

  it("divides a year's burn into months before comparing it with cash", () => {
    const keyMetrics = findKeyMetrics(model, 'financial_model');
    const { risk_flag_details } = assessRisks(model, {
      documentType: 'financial_model',
      keyMetrics,
      facilityTerms: null,
    });
    expect(risk_flag_details.map((flag) => flag.text)).toContain(
      'Cash of €2.4M covers about 6.0 months of net burn at €400k a month (€4.8M over FY2024), under 12 months.',
    );
  });

  it('asks for the monthly burn when the one stated has no basis', () => {
    const deck = pdf(['Financials\nNet burn: €350k\nCash in bank: €2.1M']);
    const keyMetrics = findKeyMetrics(deck, 'board_report');
    const { action_items, risk_flag_details } = assessRisks(deck, {
      documentType: 'board_report',
      keyMetrics,
      facilityTerms: null,
    });
    expect(action_items).toContain('Ask for monthly net burn and runway.');
    expect(risk_flag_details.some((flag) => flag.text.includes('months of net burn'))).toBe(false);
  });
});
