import { describe, expect, it } from 'vitest';
import { monitoringPriority } from './monitoring-priority.ts';
import { recommend } from './recommendation.ts';
import type { RedFlag } from './red-flags/types.ts';

const critical: RedFlag = {
  severity: 'critical',
  flag_type: 'short_runway',
  description: 'x',
  category: 'financial',
};
const high: RedFlag = { ...critical, severity: 'high' };

describe('thematic recommendation', () => {
  it.each([
    [7, 'proceed'],
    [6.9, 'conditional_proceed'],
    [5, 'conditional_proceed'],
    [4.9, 'reject'],
  ] as const)('score %d with low risk → %s', (score, expected) => {
    expect(recommend(score, 'low_risk', [])).toBe(expected);
  });

  it('allows proceed with high flags but never with a critical one', () => {
    expect(recommend(9, 'high_risk', [high, high])).toBe('proceed');
    expect(recommend(9, 'moderate_risk', [critical])).toBe('conditional_proceed');
  });

  it('rejects whenever the red-flag level is reject', () => {
    expect(recommend(9.5, 'reject', [critical])).toBe('reject');
    expect(recommend(9.5, 'reject', [])).toBe('reject');
  });
});

describe('monitoring priority', () => {
  it.each([
    [9, null, 'high'],
    [8.9, null, 'medium'],
    [8, 0.51, 'high'],
    [8, 0.5, 'medium'],
    [7.9, 2, 'medium'],
    [7.5, null, 'medium'],
    [5, null, 'medium'],
    [4.9, 3, 'low'],
  ] as const)('thematic %d with growth %s → %s', (score, growth, expected) => {
    expect(monitoringPriority(score, growth)).toBe(expected);
  });
});
