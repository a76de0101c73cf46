import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent.ts';

describe('formatPercent', () => {
  it('shows fractions as percents, signed for growth', () => {
    expect(formatPercent(0.853, { signed: true })).toBe('+85.3%');
    expect(formatPercent(-0.1, { signed: true })).toBe('-10%');
    expect(formatPercent(0.68)).toBe('68%');
    expect(formatPercent(null)).toBe('—');
  });
});
