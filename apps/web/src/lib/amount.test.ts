import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountInput, parseAmount, requiredAmountError } from './amount.ts';

const value = (text: string) => {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error}`);
  return parsed.value;
};

describe('parseAmount', () => {
  it('reads plain numbers, thousands commas, decimals, shorthand and currency', () => {
    expect(value('5000000')).toBe(5_000_000);
    expect(value('1,500,000')).toBe(1_500_000);
    expect(value(' 7 500 000 ')).toBe(7_500_000);
    expect(value('2500000.50')).toBe(2_500_000.5);
    expect(value('2.5m')).toBe(2_500_000);
    expect(value('2.5M')).toBe(2_500_000);
    expect(value('1.1m')).toBe(1_100_000);
    expect(value('750k')).toBe(750_000);
    expect(value('1.2bn')).toBe(1_200_000_000);
    expect(value('€3m')).toBe(3_000_000);
    expect(value('EUR 12,000')).toBe(12_000);
    expect(value('.5k')).toBe(500);
    expect(value('0')).toBe(0);
    expect(value('')).toBeNull();
    expect(value('   ')).toBeNull();
  });

  it('refuses words, negatives, odd separators and units, and too much', () => {
    for (const text of [
      'lots',
      'five million',
      '1,5',
      '1,50,000',
      '2.5x',
      '1e6',
      '1.2.3',
      'k',
      '.',
      '12abc',
    ]) {
      const parsed = parseAmount(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/number/);
    }
    expect(parseAmount('-5')).toEqual({ ok: false, error: 'The amount cannot be negative' });
    expect(parseAmount('(1,000)')).toEqual({ ok: false, error: 'The amount cannot be negative' });
    expect(parseAmount('2000000bn')).toEqual({ ok: false, error: 'The amount is too large' });
  });

  it('says what a required field is missing', () => {
    expect(requiredAmountError('')).toBe('Enter an amount');
    expect(requiredAmountError('lots')).toMatch(/Not an amount/);
    expect(requiredAmountError('2m')).toBeNull();
  });

  it('gives back any amount in cents after formatting it with separators', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e17 }), (cents) => {
        const amount = cents / 100;
        expect(value(formatAmountInput(amount))).toBe(amount);
        expect(value(String(amount))).toBe(amount);
      }),
    );
  });

  it('reads shorthand as the multiple it stands for', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom(['k', 1e3], ['m', 1e6], ['bn', 1e9]),
        (n, [unit, factor]) => {
          expect(value(`${n}${unit}`)).toBe(n * (factor as number));
        },
      ),
    );
  });
});
