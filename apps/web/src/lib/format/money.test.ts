import { describe, expect, it } from 'vitest';
import { formatAmountShort, formatEuro, formatEuroCompact, formatMillions } from './money.ts';

describe('formatMillions', () => {
  it('shows whole millions, rounding half up', () => {
    expect(formatMillions(12_000_000)).toBe('€12M');
    expect(formatMillions(12_400_000)).toBe('€12M');
    expect(formatMillions(12_500_000)).toBe('€13M');
    expect(formatMillions(1_000_000)).toBe('€1M');
    expect(formatMillions(1_499_999)).toBe('€1M');
    expect(formatMillions(999_400_000)).toBe('€999M');
  });

  it('rounds amounts from half a million up to €1M', () => {
    expect(formatMillions(500_000)).toBe('€1M');
    expect(formatMillions(999_999)).toBe('€1M');
  });

  it('never shows €0M for a positive amount', () => {
    expect(formatMillions(499_999)).toBe('<€1M');
    expect(formatMillions(1)).toBe('<€1M');
    expect(formatMillions(0)).toBe('€0M');
  });

  it('shows a dash for unknown amounts', () => {
    expect(formatMillions(null)).toBe('—');
    expect(formatMillions(undefined)).toBe('—');
    expect(formatMillions(Number.NaN)).toBe('—');
  });
});

describe('formatEuro and formatEuroCompact', () => {
  it('writes the exact amount with grouping', () => {
    expect(formatEuro(12_500_000)).toBe('€12,500,000');
    expect(formatEuro(null)).toBe('—');
  });

  it('writes a compact amount with at most one decimal', () => {
    expect(formatEuroCompact(12_500_000)).toBe('€12.5M');
    expect(formatEuroCompact(12_000_000)).toBe('€12M');
    expect(formatEuroCompact(850_000)).toBe('€850k');
    expect(formatEuroCompact(1_240_000_000)).toBe('€1.2B');
    expect(formatEuroCompact(900)).toBe('€900');
    expect(formatEuroCompact(-250_000)).toBe('-€250k');
  });
});

describe('billions', () => {
  it('print as billions with one decimal in every form, never as thousands of millions', () => {
    expect(formatMillions(16_946_800_000)).toBe('€16.9B');
    expect(formatMillions(2_500_000_000)).toBe('€2.5B');
    expect(formatEuroCompact(16_946_800_000)).toBe('€16.9B');
    expect(formatAmountShort(16_946_800_000, '€')).toBe('€16.9B');
    expect(formatAmountShort(-2_000_000_000, 'USD ')).toBe('-USD 2.0B');
  });

  it('start where a figure would otherwise print as 1,000 million', () => {
    expect(formatAmountShort(999_940_000, '€')).toBe('€999.9M');
    expect(formatAmountShort(999_960_000, '€')).toBe('€1.0B');
    expect(formatMillions(1_000_000_000)).toBe('€1.0B');
  });
});
