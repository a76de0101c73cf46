import { ZFacilityTerms } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FX_RATES, findFacilityTerms } from '../index.ts';
import {
  FINANCIALS_PDF,
  LOAN_AGREEMENT,
  PITCH_DECK,
  pdf,
  sheet,
  TEMPLATE,
  TERM_SHEET,
  workbook,
} from './test-support/fixtures.ts';

describe('findFacilityTerms', () => {
  it('reads every term of a term sheet with its page and the words as written', () => {
    const f = findFacilityTerms(TERM_SHEET, 'term_sheet');
    expect(f).not.toBeNull();
    expect(ZFacilityTerms.safeParse(f).success).toBe(true);
    const t = f?.terms ?? {};
    expect(t.facility_amount).toMatchObject({ value: 5_000_000, unit: 'currency' });
    expect(t.facility_amount?.source).toMatchObject({ kind: 'page', page: 1, label: 'page 1' });
    expect(t.facility_amount?.source.excerpt).toContain('Facility Amount: €5,000,000');
    expect(t.margin_over_base).toMatchObject({ value: 0.075, unit: 'fraction' });
    expect(t.margin_over_base?.text).toContain('EURIBOR + 7.5%');
    expect(t.interest_rate).toBeUndefined();
    expect(t.maturity_months).toMatchObject({ value: 36, unit: 'months' });
    expect(t.interest_only_months).toMatchObject({ value: 12, unit: 'months' });
    expect(t.amortisation).toMatchObject({ value: 24, unit: 'months' });
    expect(t.warrant_coverage).toMatchObject({ value: 0.1, unit: 'fraction' });
    expect(t.arrangement_fee).toMatchObject({ value: 0.015, unit: 'fraction' });
    expect(t.final_fee).toMatchObject({ value: 0.03, unit: 'fraction' });
    expect(f?.covenants.map((c) => c.text)).toEqual([expect.stringContaining('Minimum cash of €1,000,000')]);
    expect(f?.covenants[0]?.source?.label).toBe('page 1');
  });

  it('reads a loan agreement in prose: amount in GBP converted to EUR, margin in basis points over SONIA', () => {
    const f = findFacilityTerms(LOAN_AGREEMENT, 'legal_agreement');
    const t = f?.terms ?? {};
    const rate = Number((1 / (DEFAULT_FX_RATES.per_base.GBP ?? 1)).toPrecision(6));
    expect(t.facility_amount?.value).toBe(Math.round(2_000_000 * rate));
    expect(t.facility_amount?.text).toMatch(/^£2,000,000 \(EUR .* at the 2024-12-31 rate of /);
    expect(t.facility_amount?.source.excerpt).toContain('aggregate amount of £2,000,000');
    expect(t.margin_over_base).toMatchObject({ value: 0.065, text: '650 basis points above SONIA' });
    expect(t.maturity_months).toMatchObject({ value: 48 });
    expect(t.maturity_months?.source.label).toBe('page 2');
    expect(t.amortisation).toMatchObject({ value: 36 });
    const covenants = f?.covenants.map((c) => c.text) ?? [];
    expect(covenants).toContainEqual(expect.stringContaining('minimum cash balance of £500,000'));
    expect(covenants).toContainEqual(expect.stringContaining('leverage ratio does not exceed 3.0x'));
  });

  it('reads a line-of-credit note in a statement workbook, and not the drawn balance as its size', () => {
    const doc = workbook([
      sheet('Fair Value', [
        ['Fair value ($ in Thousands)', 'Dec. 31, 2017'],
        ['Line of credit', 178_000],
      ]),
      sheet('Line of Credit', [
        ['Line of Credit'],
        [
          'Line of Credit',
          'The Company has a line of credit facility (the "Line") up to $225.0 million. The amendment extended the maturity date to March 31, 2018 and increased the pricing of the Line to 400 basis points above 30 day LIBOR, while maintaining the 1% floor on LIBOR. The Line requires compliance with certain financial ratios and covenants.',
        ],
      ]),
    ]);
    const f = findFacilityTerms(doc, 'financial_statements', {
      fxRates: { base: 'EUR', rate_date: '2025-01-01', per_base: { USD: 1.25 } },
    });
    expect(f?.terms.facility_amount).toMatchObject({ value: 180_000_000 });
    expect(f?.terms.facility_amount?.text).toContain('up to $225.0 million');
    expect(f?.terms.facility_amount?.source.label).toBe("'Line of Credit'!B2");
    expect(f?.terms.margin_over_base).toMatchObject({
      value: 0.04,
      text: '400 basis points above 30 day LIBOR',
    });
    expect(f?.terms.maturity_months).toMatchObject({
      value: null,
      unit: 'text',
      text: 'maturity date to March 31, 2018',
    });
    expect(f?.covenants[0]?.text).toContain('financial ratios and covenants');
  });

  it('understands the usual ways of writing terms', () => {
    const f = findFacilityTerms(
      pdf([
        [
          'Summary of principal terms',
          'Facility:            up to €10m senior secured term loan',
          'Pricing:             SOFR + 550 bps',
          'Tenor:               48 months',
          'Interest only:       12 months',
          'Exit fee:            2% of the principal repaid',
          'Warrant coverage:    15%',
          'Upfront fee of 1.25% payable on signing.',
          'The Borrower shall maintain a leverage ratio below 2.5x.',
        ].join('\n'),
      ]),
      'term_sheet',
    );
    const t = f?.terms ?? {};
    expect(t.facility_amount).toMatchObject({ value: 10_000_000, text: 'up to €10m' });
    expect(t.margin_over_base).toMatchObject({ value: 0.055, text: 'SOFR + 550 bps' });
    expect(t.maturity_months).toMatchObject({ value: 48 });
    expect(t.interest_only_months).toMatchObject({ value: 12 });
    expect(t.final_fee).toMatchObject({ value: 0.02 });
    expect(t.warrant_coverage).toMatchObject({ value: 0.15 });
    expect(t.arrangement_fee).toMatchObject({ value: 0.0125 });
    expect(f?.covenants[0]?.text).toBe('The Borrower shall maintain a leverage ratio below 2.5x.');
  });

  it('reads a term sheet kept in a workbook as label and value columns, with the value cell as source', () => {
    const doc = workbook([
      sheet('Terms', [
        ['Indicative terms'],
        ['Facility amount', '€3,000,000'],
        ['Interest rate', '11.5% fixed per annum'],
        ['Maturity', '36 months'],
      ]),
    ]);
    const f = findFacilityTerms(doc, 'term_sheet');
    expect(f?.terms.facility_amount).toMatchObject({ value: 3_000_000 });
    expect(f?.terms.facility_amount?.source).toMatchObject({
      kind: 'cell',
      sheet: 'Terms',
      cell: 'B2',
      label: 'Terms!B2',
    });
    expect(f?.terms.interest_rate).toMatchObject({ value: 0.115 });
    expect(f?.terms.interest_rate?.source.label).toBe('Terms!B3');
    expect(f?.terms.maturity_months).toMatchObject({ value: 36 });
  });

  it('finds nothing in a template, a pitch deck or plain statements', () => {
    expect(findFacilityTerms(TEMPLATE, 'term_sheet')).toBeNull();
    expect(findFacilityTerms(PITCH_DECK, 'pitch_deck')).toBeNull();
    expect(findFacilityTerms(FINANCIALS_PDF, 'financial_statements')).toBeNull();
  });
});
