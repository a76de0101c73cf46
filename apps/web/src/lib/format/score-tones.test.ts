import { describe, expect, it } from 'vitest';
import { componentScoreTone, riskScoreTone, roundScore, thematicScoreTone } from './score-tones.ts';

describe('score tones (spec 02 §9)', () => {
  it('colours a thematic score green from 8, yellow from 6, else red', () => {
    expect(thematicScoreTone(10)).toBe('green');
    expect(thematicScoreTone(8)).toBe('green');
    expect(thematicScoreTone(7.9)).toBe('yellow');
    expect(thematicScoreTone(6)).toBe('yellow');
    expect(thematicScoreTone(5.9)).toBe('red');
    expect(thematicScoreTone(0)).toBe('red');
  });

  it('colours a component green above 7, yellow above 4, else red', () => {
    expect(componentScoreTone(7.1)).toBe('green');
    expect(componentScoreTone(7)).toBe('yellow');
    expect(componentScoreTone(4.1)).toBe('yellow');
    expect(componentScoreTone(4)).toBe('red');
  });

  it('colours a risk score red from 8, orange from 6, yellow from 4, else green', () => {
    expect(riskScoreTone(8)).toBe('red');
    expect(riskScoreTone(7.9)).toBe('orange');
    expect(riskScoreTone(6)).toBe('orange');
    expect(riskScoreTone(5.9)).toBe('yellow');
    expect(riskScoreTone(4)).toBe('yellow');
    expect(riskScoreTone(3.9)).toBe('green');
  });

  it('rounds to the one decimal shown, so 7.96 reads and colours as 8.0', () => {
    expect(roundScore(7.96)).toBe(8);
    expect(thematicScoreTone(roundScore(7.96))).toBe('green');
    expect(roundScore(6.04)).toBe(6);
  });
});
