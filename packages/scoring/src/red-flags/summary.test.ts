import { describe, expect, it } from 'vitest';
import { summariseRedFlags } from './summary.ts';
import type { RedFlag } from './types.ts';

const flag = (
  severity: RedFlag['severity'],
  category: RedFlag['category'],
  description: string,
): RedFlag => ({
  severity,
  flag_type: description.toLowerCase().replace(/\s+/g, '_'),
  category,
  description,
});

describe('red-flag summary', () => {
  it('has the Deal entity shape even without flags', () => {
    expect(summariseRedFlags([])).toEqual({
      total_flags: 0,
      critical_flags: 0,
      high_flags: 0,
      medium_flags: 0,
      low_flags: 0,
      key_concerns: [],
      flags_by_category: { financial: 0, data_quality: 0, operational: 0, market: 0, relationship: 0 },
      financial_flags: [],
      data_quality_flags: [],
      operational_flags: [],
      market_flags: [],
      relationship_flags: [],
    });
  });

  it('counts by severity and category and lists flags per category worst first', () => {
    const medium = flag('medium', 'financial', 'Medium one');
    const critical = flag('critical', 'financial', 'Critical one');
    const low = flag('low', 'market', 'Low one');
    const summary = summariseRedFlags([medium, low, critical]);
    expect(summary).toMatchObject({
      total_flags: 3,
      critical_flags: 1,
      medium_flags: 1,
      low_flags: 1,
      high_flags: 0,
    });
    expect(summary.flags_by_category).toEqual({
      financial: 2,
      data_quality: 0,
      operational: 0,
      market: 1,
      relationship: 0,
    });
    expect(summary.financial_flags).toEqual([critical, medium]);
    expect(summary.market_flags).toEqual([low]);
  });

  it('lists the critical and high descriptions as key concerns, worst first, at most 5', () => {
    const input = [
      flag('medium', 'financial', 'M'),
      ...['H1', 'H2', 'H3', 'H4', 'H5'].map((d) => flag('high', 'operational', d)),
      flag('critical', 'relationship', 'C'),
    ];
    expect(summariseRedFlags(input).key_concerns).toEqual(['C', 'H1', 'H2', 'H3', 'H4']);
  });
});
