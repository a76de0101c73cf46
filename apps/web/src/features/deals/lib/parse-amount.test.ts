import { describe, expect, it } from 'vitest';
import { parseDecimalAmount, parseWholeAmount } from './parse-amount.ts';

describe('amount parsing (spec 02 §5)', () => {
  it('parses the New Deal amount as an integer, 0 when it does not parse', () => {
    expect(parseWholeAmount('5000000')).toBe(5_000_000);
    expect(parseWholeAmount('5000000.75')).toBe(5_000_000);
    expect(parseWholeAmount('€12,000,000')).toBe(12_000_000);
    expect(parseWholeAmount('7 500 000')).toBe(7_500_000);
    expect(parseWholeAmount('five million')).toBe(0);
    expect(parseWholeAmount('')).toBe(0);
  });

  it('parses the inline amount as a float, 0 when it does not parse', () => {
    expect(parseDecimalAmount('2500000.5')).toBe(2_500_000.5);
    expect(parseDecimalAmount('1e6')).toBe(1_000_000);
    expect(parseDecimalAmount('€3,250,000')).toBe(3_250_000);
    expect(parseDecimalAmount('abc')).toBe(0);
  });
});
