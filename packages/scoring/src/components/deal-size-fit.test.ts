import { describe, expect, it } from 'vitest';
import { THESIS, thesisWith } from '../testing/fixtures.ts';
import { MISSING_DATA_SCORE } from '../weights.ts';
import { scoreDealSizeFit } from './deal-size-fit.ts';

const score = (amount: number | null | undefined) => scoreDealSizeFit(amount, THESIS).score;

describe('deal size fit (thesis €2M–€25M)', () => {
  it('gives full marks in the sweet spot, around €5–10M', () => {
    for (const amount of [5_000_000, 7_000_000, 10_000_000]) expect(score(amount)).toBe(10);
    expect(scoreDealSizeFit(7_000_000, THESIS).reason).toBe(
      '€7M is in the sweet spot of the thesis range €2M–€25M.',
    );
  });

  it('scores 8 at the edges of the range, rising towards the middle', () => {
    expect(score(2_000_000)).toBe(8);
    expect(score(25_000_000)).toBe(8);
    expect(score(3_000_000)).toBeGreaterThan(8);
    expect(score(3_000_000)).toBeLessThan(10);
    expect(score(18_000_000)).toBeGreaterThan(8);
    expect(scoreDealSizeFit(3_000_000, THESIS).reason).toContain('towards its lower end');
  });

  it('decays with the ratio outside the range', () => {
    expect(score(1_000_000)).toBe(4);
    expect(score(500_000)).toBe(2);
    expect(score(50_000_000)).toBe(4);
    expect(scoreDealSizeFit(1_000_000, THESIS).reason).toBe('€1M is below the thesis minimum of €2M.');
    expect(scoreDealSizeFit(50_000_000, THESIS).reason).toBe('€50M is above the thesis maximum of €25M.');
  });

  it('scores a missing or meaningless amount neutral-low and says so', () => {
    for (const amount of [null, undefined, 0, -5, Number.NaN]) expect(score(amount)).toBe(MISSING_DATA_SCORE);
    expect(scoreDealSizeFit(null, THESIS).reason).toContain('No amount requested');
  });

  it('copes with a range starting at zero and a single-value range', () => {
    expect(scoreDealSizeFit(1_000, thesisWith({ deal_size_range: [0, 10_000_000] })).score).toBe(8);
    expect(scoreDealSizeFit(5_000_000, thesisWith({ deal_size_range: [5_000_000, 5_000_000] })).score).toBe(
      10,
    );
    expect(scoreDealSizeFit(1_000, thesisWith({ deal_size_range: [0, 0] })).score).toBe(0);
  });
});
