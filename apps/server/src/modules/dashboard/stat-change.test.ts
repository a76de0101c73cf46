import { describe, expect, it } from 'vitest';
import { conversionRate, countStat, oneDecimal, rateStat } from './stat-change.ts';

describe('stat changes', () => {
  it('rounds to one decimal, halves away from zero, never -0', () => {
    expect(oneDecimal(2.25)).toBe(2.3);
    expect(oneDecimal(-2.25)).toBe(-2.3);
    expect(oneDecimal(-0.04)).toBe(0);
    expect(Object.is(oneDecimal(-0.04), -0)).toBe(false);
    expect(oneDecimal(100 / 3)).toBe(33.3);
  });

  it('puts a count change in percent of the month-ago count', () => {
    expect(countStat(3, 4)).toEqual({ value: 3, previous: 4, change: -25, trend: 'down' });
    expect(countStat(7, 3)).toEqual({ value: 7, previous: 3, change: 133.3, trend: 'up' });
    expect(countStat(5, 5)).toEqual({ value: 5, previous: 5, change: 0, trend: 'up' });
    // From zero there is no percentage; zero to zero is no change.
    expect(countStat(2, 0)).toEqual({ value: 2, previous: 0, change: null, trend: 'up' });
    expect(countStat(0, 0)).toEqual({ value: 0, previous: 0, change: 0, trend: 'up' });
    expect(countStat(0, 9)).toEqual({ value: 0, previous: 9, change: -100, trend: 'down' });
  });

  it('puts the conversion change in percentage points', () => {
    expect(rateStat(66.7, 50)).toEqual({ value: 66.7, previous: 50, change: 16.7, trend: 'up' });
    expect(rateStat(40, 62.5)).toEqual({ value: 40, previous: 62.5, change: -22.5, trend: 'down' });
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(1, 8)).toBe(12.5);
    expect(conversionRate(0, 0)).toBe(0);
  });
});
