import { describe, expect, it } from 'vitest';
import { addressProblem, splitAddresses } from './recipients.ts';

describe('email dialog addresses (spec 02 §5)', () => {
  it('splits on commas, trims, and drops empties', () => {
    expect(splitAddresses(' a@fund.com , ,b@fund.com,, ')).toEqual(['a@fund.com', 'b@fund.com']);
    expect(splitAddresses('   ')).toEqual([]);
  });

  it('requires recipients, not CC', () => {
    expect(addressProblem(' , ', true)).toBe('Enter at least one recipient.');
    expect(addressProblem('', false)).toBeNull();
  });

  it('names the first address that is not one', () => {
    expect(addressProblem('a@fund.com, bob at fund, c@', true)).toBe('bob at fund is not an email address.');
    expect(addressProblem('a@fund.com, x@@y.com', false)).toBe('x@@y.com is not an email address.');
    expect(addressProblem('first.last+ic@sub.fund.co.uk', true)).toBeNull();
  });

  it('refuses more than 50 addresses', () => {
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@fund.com`).join(',');
    expect(addressProblem(many, true)).toBe('At most 50 addresses.');
  });
});
