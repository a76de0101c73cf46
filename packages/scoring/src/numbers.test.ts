import { describe, expect, it } from 'vitest';
import { formatMoney, formatMonths, formatPercent } from './format.ts';
import { isKnown, median, ramp, round1, toScore } from './numbers.ts';

describe('numeric helpers', () => {
  it('treats only finite numbers as known', () => {
    expect([0, -3, 1.5].every(isKnown)).toBe(true);
    expect([Number.NaN, Number.POSITIVE_INFINITY, null, undefined].some(isKnown)).toBe(false);
  });

  it('interpolates between points and is flat beyond the ends', () => {
    const curve = [
      [0, 0],
      [10, 5],
      [20, 10],
    ] as const;
    expect(ramp(-5, curve)).toBe(0);
    expect(ramp(5, curve)).toBe(2.5);
    expect(ramp(15, curve)).toBe(7.5);
    expect(ramp(99, curve)).toBe(10);
  });

  it('follows decreasing curves and vertical steps', () => {
    expect(
      ramp(1.5, [
        [1, 10],
        [2, 6],
      ]),
    ).toBe(8);
    expect(
      ramp(0.1, [
        [0, 0],
        [0, 6],
        [0.2, 10],
      ]),
    ).toBeCloseTo(8);
  });

  it('rounds scores to one decimal inside 0–10', () => {
    expect(round1(7.25)).toBe(7.3);
    expect(toScore(11)).toBe(10);
    expect(toScore(-2)).toBe(0);
    expect(toScore(Number.NaN)).toBe(0);
  });

  it('takes the median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('formats money, percentages and months for sentences', () => {
    expect(formatMoney(2_500_000)).toBe('€2.5M');
    expect(formatMoney(650_000)).toBe('€650k');
    expect(formatMoney(1_200_000_000)).toBe('€1.2bn');
    expect(formatMoney(-40_000)).toBe('-€40k');
    expect(formatPercent(0.652)).toBe('65.2%');
    expect(formatPercent(0.5241, 0)).toBe('52%');
    expect(formatMonths(1)).toBe('1 month');
    expect(formatMonths(5.9)).toBe('5.9 months');
  });
});
