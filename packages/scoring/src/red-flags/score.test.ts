import { describe, expect, it } from 'vitest';
import { redFlagLevel, redFlagScore } from './score.ts';
import type { RedFlag, RedFlagSeverity } from './types.ts';

const flags = (...severities: RedFlagSeverity[]): RedFlag[] =>
  severities.map((severity, i) => ({
    severity,
    flag_type: `rule_${i}`,
    description: 'x',
    category: 'financial',
  }));

describe('red-flag score and level', () => {
  it('adds severity points: critical 4, high 2.5, medium 1.2, low 0.5', () => {
    expect(redFlagScore([])).toBe(0);
    expect(redFlagScore(flags('critical'))).toBe(4);
    expect(redFlagScore(flags('high', 'medium', 'low'))).toBe(4.2);
  });

  it('caps the score at 10', () => {
    expect(redFlagScore(flags('critical', 'critical', 'critical'))).toBe(10);
  });

  it('rejects on any critical flag, whatever the score', () => {
    expect(redFlagLevel(flags('critical'), 4)).toBe('reject');
  });

  it.each([
    [0, 'low_risk'],
    [2.4, 'low_risk'],
    [2.5, 'moderate_risk'],
    [4.9, 'moderate_risk'],
    [5, 'high_risk'],
    [7.9, 'high_risk'],
    [8, 'reject'],
  ])('score %d without critical flags → %s', (score, level) => {
    expect(redFlagLevel(flags('high'), score)).toBe(level);
  });

  it('levels real combinations', () => {
    const twoHighs = flags('high', 'high');
    expect(redFlagLevel(twoHighs, redFlagScore(twoHighs))).toBe('high_risk');
    const oneMedium = flags('medium');
    expect(redFlagLevel(oneMedium, redFlagScore(oneMedium))).toBe('low_risk');
  });
});
