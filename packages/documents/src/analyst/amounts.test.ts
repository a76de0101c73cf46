import { describe, expect, it } from 'vitest';
import { findAmounts, parseAmountCell } from './amounts.ts';
import { convert, DEFAULT_FX_RATES, withFxOverrides } from './fx-rates.ts';
import { parsePeriod, periodInText } from './periods.ts';
import { statedScale } from './tables.ts';

describe('amounts as documents print them', () => {
  it.each([
    ['€2.4M', 2_400_000, 'EUR'],
    ['£180k', 180_000, 'GBP'],
    ['$1.2 bn', 1_200_000_000, 'USD'],
    ['USD 3.5 million', 3_500_000, 'USD'],
    ['CHF 750 thousand', 750_000, 'CHF'],
    ['5 mm', 5_000_000, null],
    ['2,4 Mio. €', 2_400_000, 'EUR'],
    ['1.234.567,89 EUR', 1_234_567.89, 'EUR'],
    ['(1,234)', -1_234, null],
    ['-$1,163,538', -1_163_538, 'USD'],
    ['$ (116)', -116, 'USD'],
  ])('reads %s', (text, value, currency) => {
    const a = parseAmountCell(text);
    expect(a?.value).toBeCloseTo(value, 2);
    expect(a?.currency).toBe(currency);
  });

  it('reads percents and multiples, and keeps codes and years apart from amounts', () => {
    expect(parseAmountCell('72%')).toMatchObject({ value: 72, percent: true });
    expect(parseAmountCell('4.2x')).toMatchObject({ value: 4.2, multiple: true });
    expect(findAmounts('Q3 2025 and FY2024').map((a) => a.text)).toEqual(['2025']);
    expect(findAmounts('ARR of €2.4M in 18 months').map((a) => a.text)).toEqual(['€2.4M', '18']);
  });

  it('reads the scale a header states', () => {
    expect(statedScale('Consolidated Statements of Operations - USD ($) $ in Thousands')).toBe(1e3);
    expect(statedScale('Year Ended December 31 (Millions, except per share amounts)')).toBe(1e6);
    expect(statedScale('(€000)')).toBe(1e3);
    expect(statedScale('Profit and loss (€k)')).toBe(1e3);
    expect(statedScale('(In millions of US dollars)')).toBe(1e6);
    expect(statedScale('Revenue grew strongly')).toBeNull();
  });
});

describe('periods', () => {
  it.each([
    ['FY2024', '', 'FY2024'],
    ['FY24', '', 'FY2024'],
    ['Q3 2025', '', 'Q3 2025'],
    ["Q3'25", '', 'Q3 2025'],
    ['H1 2023', '', 'H1 2023'],
    ['2025E', '', '2025E'],
    ['2024', 'Years Ended December 31,', 'FY2024'],
    ['2024', 'December 31,', '2024-12-31'],
    ['2021', 'Three months ended March 31,', '3 months ended 2021-03-31'],
    ['Dec. 31, 2022', '12 Months Ended', 'FY ended 2022-12-31'],
    ['Jul. 01, 2023', '3 Months Ended', '3 months ended 2023-07-01'],
    ['Sep 2025', '', '2025-09'],
  ])('reads %s (context "%s") as %s', (cell, context, label) => {
    expect(parsePeriod(cell, context)?.label).toBe(label);
  });

  it('marks forecasts and finds a period in a sentence', () => {
    expect(parsePeriod('2026E')?.forecast).toBe(true);
    expect(parsePeriod('2024')?.forecast).toBe(false);
    expect(periodInText('ARR of €2.4M as of Q3 2025')?.label).toBe('Q3 2025');
    expect(periodInText('Cash balance: €1.1M at 31 March 2025')?.label).toBe('2025-03-31');
  });
});

describe('the FX table', () => {
  it('converts at the configured rate, stated to 6 significant figures', () => {
    const c = convert(1_000_000, 'USD', DEFAULT_FX_RATES);
    expect(c).toEqual({ value: 962_557, rate: 0.962557, rate_date: '2024-12-31' });
    expect(convert(100, 'XYZ', DEFAULT_FX_RATES)).toBeNull();
    expect(convert(100, 'EUR', DEFAULT_FX_RATES)).toEqual({ value: 100, rate: 1, rate_date: '2024-12-31' });
  });

  it('is overridden by FX_RATES, keeping the defaults for what it does not list', () => {
    const fx = withFxOverrides({ rate_date: '2025-06-30', per_base: { USD: 1.17 } });
    expect(fx.rate_date).toBe('2025-06-30');
    expect(fx.per_base.USD).toBe(1.17);
    expect(fx.per_base.GBP).toBe(DEFAULT_FX_RATES.per_base.GBP);
    expect(withFxOverrides({ per_base: {} }).rate_date).toBe(DEFAULT_FX_RATES.rate_date);
    expect(withFxOverrides(undefined)).toBe(DEFAULT_FX_RATES);
  });
});
