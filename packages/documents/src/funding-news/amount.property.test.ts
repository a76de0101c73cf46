import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRaisedAmount } from './amount.ts';

/** How a headline writes a currency before or after the number. */
const CURRENCIES = [
  { code: 'EUR', before: ['€', 'EUR '], after: [' euros', ' EUR'] },
  { code: 'GBP', before: ['£', 'GBP '], after: [' GBP'] },
  { code: 'USD', before: ['$', 'US$', 'USD '], after: [' USD'] },
] as const;
/** Scale words and their multipliers as headlines print them. */
const SCALES = [
  { words: ['k', 'K', ' thousand'], factor: 1e3 },
  { words: ['m', 'M', 'mn', ' million', ' Million'], factor: 1e6 },
  { words: ['bn', 'B', ' billion'], factor: 1e9 },
] as const;

const amountText = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  scale: fc.constantFrom(...SCALES),
  // up to 999.9 with at most one decimal, as headlines write them ("€12.5m")
  tenths: fc.integer({ min: 1, max: 9999 }),
  codeAfter: fc.boolean(),
  wordIndex: fc.nat(),
  markerIndex: fc.nat(),
});

describe('amount and currency reading (properties)', () => {
  it('reads back any amount written the way headlines write it', () => {
    fc.assert(
      fc.property(amountText, ({ currency, scale, tenths, codeAfter, wordIndex, markerIndex }) => {
        const number = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
        const word = scale.words[wordIndex % scale.words.length]!;
        const markers = codeAfter ? currency.after : currency.before;
        const marker = markers[markerIndex % markers.length]!;
        const written = codeAfter ? `${number}${word}${marker}` : `${marker}${number}${word}`;
        const read = findRaisedAmount(`Acme raises ${written} to grow`);
        expect(read, written).not.toBeNull();
        expect(read!.currency).toBe(currency.code);
        expect(read!.value).toBeCloseTo((tenths / 10) * scale.factor, 2);
      }),
      { numRuns: 500 },
    );
  });

  it('reads thousands separators as written ("$1,200,000")', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 999_999_999 }), (n) => {
        const written = `$${n.toLocaleString('en-GB')}`;
        expect(findRaisedAmount(`Acme raises ${written}`)?.value).toBe(n);
      }),
    );
  });

  it('finds no round in text without a currency, and never a negative or zero one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const read = findRaisedAmount(
          text.replace(/[€£$¥]|EUR|GBP|USD|CHF|SEK|NOK|DKK|PLN|JPY|CAD|AUD|euros?/gi, ''),
        );
        expect(read).toBeNull();
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const read = findRaisedAmount(text);
        if (read) expect(read.value).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('skips valuations and revenue for the round', () => {
    expect(findRaisedAmount('Cloudnest, valued at $120m, raises $15m')).toMatchObject({
      value: 15e6,
      currency: 'USD',
    });
    expect(findRaisedAmount('With €30m ARR, Fluxa raises €7m')).toMatchObject({ value: 7e6 });
    expect(findRaisedAmount('Netflux raises prices by $2')).toBeNull();
  });
});
