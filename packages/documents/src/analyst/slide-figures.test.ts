/**
 * Deck figures read by their layout, on slide texts written here the way `pdftotext -layout` prints
 * slides (columns kept by spaces). Company names and figures are invented for the tests.
 */
import { ZKeyMetric } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { findRanges } from './amount-ranges.ts';
import { findAmounts } from './amounts.ts';
import { analyseDocument } from './analyse.ts';
import { findKeyMetrics } from './metrics.ts';
import { pdf } from './test-support/fixtures.ts';

// figures as printed: no conversion to the organisation's currency (tested in metrics.test.ts)
const AS_PRINTED = { base: 'XXX', rate_date: '2024-12-31', per_base: {} };
const deck = (...slides: string[]) => findKeyMetrics(pdf(slides), 'pitch_deck', { fxRates: AS_PRINTED });

describe('a figure above its label', () => {
  it('reads a big figure with the caption under it, the caption running over two lines', () => {
    const m = deck(
      [
        'WHERE WE ARE',
        '',
        '        $2.7m                       140',
        '    annual recurring            paying',
        '       revenue                 customers',
      ].join('\n'),
    );
    expect(m.arr).toMatchObject({ value: 2_700_000, currency: 'USD', literal: '$2.7m', months_covered: 12 });
    expect(m.arr?.source).toMatchObject({ kind: 'slide', page: 1 });
    expect(m.arr?.source.excerpt).toContain('annual recurring revenue');
    expect(m.customers).toMatchObject({ value: 140, literal: '140' });
    expect(m.arr?.kind).toBeUndefined();
  });

  it('gives each stacked figure its own caption, not the one of the figure over it', () => {
    const m = deck(
      [
        'CAPITAL EFFICIENT',
        '            $2.2m',
        '      Left from our seed round',
        '            $120k',
        '           Monthly burn',
      ].join('\n'),
    );
    expect(m.cash).toMatchObject({ value: 2_200_000 });
    expect(m.net_burn).toMatchObject({ value: 120_000, period: 'monthly', months_covered: 1 });
    expect(m.last_round).toBeUndefined();
  });

  it('reads a heading above its figure, box by box, beside a chart axis it does not read', () => {
    const m = deck(
      [
        'Traction',
        '',
        '     Signups per month                 ACTIVE CLIENTS                ARR RUN-RATE',
        '     12                                 64+                          €   1.9 M',
        '                                        Live accounts.               Dec expected: €2.3 M.',
        '     9',
        '',
        '     6',
      ].join('\n'),
    );
    expect(m.customers).toMatchObject({ value: 64 });
    expect(m.arr).toMatchObject({ value: 1_900_000, currency: 'EUR' });
    expect(Object.values(m).some((x) => x?.value === 12 || x?.value === 9)).toBe(false);
  });

  it('reads a label set left of its value, half a line lower', () => {
    const m = deck(
      [
        'Key figures',
        '                                  3 mln PLN',
        '   Wskaźniki          MRR',
        '                                  (przy 150 000 subskrybentów)',
      ].join('\n'),
    );
    expect(m.mrr).toMatchObject({ value: 3_000_000, currency: 'PLN', literal: '3 mln PLN' });
  });
});

describe('several figures on one printed line', () => {
  it('keeps a count when the same line holds an amount of money in another column', () => {
    const m = deck(
      ['Traction', '   Customers   1,250            Net burn   €85k / month', '   NPS   61'].join('\n'),
    );
    expect(m.customers).toMatchObject({ value: 1_250 });
    expect(m.net_burn).toMatchObject({ value: 85_000, months_covered: 1 });
  });

  it('reads label → value lists of a key-figures slide', () => {
    const m = deck(
      [
        '   Current Revenue Run Rate (May)     ~$4.2 million',
        '',
        '      Number of Subscribers           ~8,900',
        '',
        'Avg. Monthly Revenue / Subscriber     ~$39',
      ].join('\n'),
    );
    expect(m.arr).toMatchObject({ value: 4_200_000 });
    expect(m.customers).toMatchObject({ value: 8_900, literal: '8,900' });
    expect(m.revenue).toBeUndefined();
  });
});

describe('monthly revenue', () => {
  it('reads a month table under a revenue header: the latest actual month, the months after as projections', () => {
    const m = deck(
      [
        'Unit economics — path to break-even',
        '',
        '   MONTH               REVENUE            EXPENSES          OP. PROFIT',
        "   Mar '26 actual       ₹8.10L              ₹9.20L            -₹1.10L",
        "   Apr '26 actual       ₹8.75L              ₹9.05L            -₹0.30L",
        "   May '26              ₹9.90L              ₹9.40L            +₹0.50L",
      ].join('\n'),
    );
    expect(m.revenue).toMatchObject({
      value: 875_000,
      currency: 'INR',
      period: '2026-04',
      months_covered: 1,
      literal: '₹8.75L',
    });
    expect(m.revenue?.kind).toBeUndefined();
    expect(m.revenue?.projections).toEqual([
      expect.objectContaining({ value: 990_000, period: '2026-05', literal: '₹9.90L' }),
    ]);
  });

  it('reads per-month columns under a "Monthly revenue" row label: the latest month, not the first', () => {
    const m = deck(
      [
        'Traction',
        '',
        "                         Jan '26      Feb '26      Mar '26",
        '   Monthly revenue        €38k         €41k         €47k',
        '   Paying customers        210          236          251',
      ].join('\n'),
    );
    expect(m.revenue).toMatchObject({ value: 47_000, period: '2026-03', months_covered: 1, literal: '€47k' });
    expect(m.revenue?.kind).toBeUndefined();
    expect(m.customers).toMatchObject({ value: 251, period: '2026-03' });
  });

  it('reads a "monthly revenue" caption as a month of revenue', () => {
    const m = deck(['Traction', '', '   MONTHLY REVENUE (JUNE)', '', '        €46k'].join('\n'));
    expect(m.revenue).toMatchObject({ value: 46_000, months_covered: 1 });
  });
});

describe('the raise and the rounds', () => {
  it('reads the ask with its instrument, and never a monthly revenue as the last round', () => {
    const m = deck(
      'The ask\n*   $750k convertible note\n*   18 months of runway',
      'Raised ₹12.4L in monthly revenue last quarter',
    );
    expect(m.raise_amount).toMatchObject({ value: 750_000, currency: 'USD', literal: '$750k' });
    expect(m.last_round).toBeUndefined();
    expect(m.runway_months).toMatchObject({ value: 18 });
  });

  it('tells the round being raised from the last round on a funding slide', () => {
    const m = deck(
      [
        '                          FUNDING',
        '',
        '    Series Seed                           Series A',
        '       Mar. 2023                             now',
        '',
        '       $2.4M                                $8M',
      ].join('\n'),
    );
    expect(m.last_round).toMatchObject({ value: 2_400_000, period: '2023-03' });
    expect(m.raise_amount).toMatchObject({ value: 8_000_000 });
  });

  it('reads "raising", a SAFE and the Polish "szukamy"', () => {
    expect(deck('Raising $1.2M Pre-Seed\nStructure\nSAFE').raise_amount).toMatchObject({ value: 1_200_000 });
    expect(
      deck('Potrzeby inwestycyjne\n   Szukamy        2 500 000 PLN          20%').raise_amount,
    ).toMatchObject({
      value: 2_500_000,
      currency: 'PLN',
    });
    // the currency word on the next line
    expect(deck('Total Required Investment is 80,000\neuros.').raise_amount).toMatchObject({
      value: 80_000,
      currency: 'EUR',
    });
    expect(deck('Total Required Investment is 80,000 euros.').raise_amount).toMatchObject({
      value: 80_000,
      currency: 'EUR',
    });
  });

  it('reads a range as its two ends, not as one value', () => {
    const m = deck('           Raising:   $15-$18 Million\n\n    Founder Equity:   $3-4 Million');
    expect(m.raise_amount).toMatchObject({
      value: 15_000_000,
      value_low: 15_000_000,
      value_high: 18_000_000,
    });
    expect(Object.values(m).some((x) => x?.value === 15 || x?.value === -18_000_000)).toBe(false);
  });
});

describe('projections', () => {
  it('keeps a projections slide as projections with their years, beside the actual', () => {
    const m = deck(
      '   $1.1m in ARR today',
      [
        '                     PROJECTIONS',
        '                                  2026   2027',
        '                           ARR    $4m    $11m',
        '                     Headcount    24      41',
      ].join('\n'),
    );
    expect(m.arr).toMatchObject({ value: 1_100_000 });
    expect(m.arr?.kind).toBeUndefined();
    expect(m.arr?.projections?.map((p) => p.value)).toContain(11_000_000);
    expect(m.headcount).toMatchObject({ kind: 'projection' });
  });

  it('reads an estimate, a target and a figure led to by "to" as projections', () => {
    const m = deck(
      '  2026 Estimated Revenue       $9 - $10 million',
      'RAISING €1.5M BRIDGE TO €6M IN ANNUAL RECURRING REVENUE',
    );
    expect(m.revenue).toMatchObject({ kind: 'projection', value_low: 9_000_000, value_high: 10_000_000 });
    expect(m.arr).toMatchObject({ value: 6_000_000, kind: 'projection' });
    expect(m.raise_amount).toMatchObject({ value: 1_500_000 });
  });

  it('raises no risk flag from a forecast', () => {
    const a = analyseDocument(
      pdf([
        'Pitch deck',
        'Financial plan\n   Net loss 2026E     (€1.2M)\n   Cash runway after the round: 9 months (target)',
      ]),
      { filename: 'deck.pdf' },
    );
    expect(a.key_metrics.net_income).toMatchObject({ kind: 'projection' });
    expect(a.risk_flags.some((f) => /net loss|runway/i.test(f))).toBe(false);
  });

  it('reads every figure of a forecast slide in Polish as a projection', () => {
    const m = deck(
      ['Prognozy finansowe', '', '    ARR       ~12,40 mln PLN', '   EBITDA     ~8,15 mln PLN'].join('\n'),
    );
    expect(m.arr).toMatchObject({
      value: 12_400_000,
      currency: 'PLN',
      kind: 'projection',
      literal: '12,40 mln PLN',
    });
    expect(m.ebitda).toMatchObject({ value: 8_150_000, kind: 'projection' });
  });
});

describe('what a deck does not give', () => {
  it('reads nothing from a market slide', () => {
    const m = deck(
      [
        'Market',
        '$38M by Year 5',
        '           TAM',
        '           $9B',
        '           SOM',
        '           $38M',
        '        (Revenue)',
      ].join('\n'),
    );
    expect(m).toEqual({});
  });

  it('gives no figures for an image-only deck, and says why', () => {
    const doc = {
      ...pdf(['', '', '']),
      notices: ['No text was found in this PDF: its pages may be scanned images, which are not read.'],
    };
    const a = analyseDocument(doc, { filename: 'deck.pdf' });
    expect(a.key_metrics).toEqual({});
    expect(a.notices.join(' ')).toMatch(/no text was found/i);
  });

  it('gives no figures for a deck template', () => {
    const m = deck(
      '[Company Name]\nARR: $[X]M\nCustomers: [#]\nWe are raising $[amount]',
      'Insert your traction here',
    );
    expect(m).toEqual({});
  });

  it('answers the contract shape for every figure', () => {
    const m = deck('RAISING $10M SERIES A', '  2026 Estimated Revenue       $9 - $10 million');
    for (const metric of Object.values(m)) expect(ZKeyMetric.safeParse(metric).success).toBe(true);
  });
});

describe('amounts as decks print them', () => {
  it('reads crore and lakh next to a rupee, Polish millions and space-grouped thousands', () => {
    const read = (t: string) => findAmounts(t).map((a) => [a.value, a.currency]);
    expect(read('₹2.5 Cr')).toEqual([[25_000_000, 'INR']]);
    expect(read('-₹0.40L')).toEqual([[-40_000, 'INR']]);
    expect(read('18,95 mln PLN')).toEqual([[18_950_000, 'PLN']]);
    expect(read('1 000 000 PLN')).toEqual([[1_000_000, 'PLN']]);
    // no rupee: "Cr" and "L" are not Indian units
    expect(read('grade 5 L')).toEqual([]);
  });

  it('reads "$20-$25 million" and "$6-7 million" as ranges, and no year span as one', () => {
    expect(findRanges('Raising: $20-$25 Million')[0]).toMatchObject({ low: 20_000_000, high: 25_000_000 });
    expect(findRanges('$6-7 Million')[0]).toMatchObject({ low: 6_000_000, high: 7_000_000 });
    expect(findRanges('from 2019-2020')).toEqual([]);
  });
});
