import { describe, expect, it } from 'vitest';
import { context } from '../../testing/fixtures.ts';
import { shortRunway } from './runway.ts';

describe('short runway rule', () => {
  it.each([
    [0, 'critical'],
    [5.9, 'critical'],
    [6, 'high'],
    [11.9, 'high'],
    [12, null],
    [30, null],
  ])('reported runway of %d months → %s', (months, severity) => {
    expect(shortRunway(context({ runway_months: months }))?.severity ?? null).toBe(severity);
  });

  it('derives runway from cash and burn when it is not reported', () => {
    const flag = shortRunway(context({ cash: 2_000_000, monthly_burn: 500_000 }));
    expect(flag).toEqual({
      severity: 'critical',
      flag_type: 'short_runway',
      category: 'financial',
      description:
        'Runway is 4 months (cash €2M ÷ monthly burn €500k), under the 6-month minimum: the company must raise equity or cut burn before it can service debt.',
    });
    expect(shortRunway(context({ cash: 2_950_000, monthly_burn: 500_000 }))?.severity).toBe('critical'); // 5.9
    expect(shortRunway(context({ cash: 3_000_000, monthly_burn: 500_000 }))?.severity).toBe('high'); // 6
    expect(shortRunway(context({ cash: 5_950_000, monthly_burn: 500_000 }))?.severity).toBe('high'); // 11.9
    expect(shortRunway(context({ cash: 6_000_000, monthly_burn: 500_000 }))).toBeNull(); // 12
  });

  it('prefers the reported runway over the derived one', () => {
    expect(shortRunway(context({ runway_months: 24, cash: 1_000_000, monthly_burn: 500_000 }))).toBeNull();
  });

  it('says nothing for cash-generative companies or unknown runway', () => {
    expect(shortRunway(context({ cash: 100_000, monthly_burn: -20_000 }))).toBeNull();
    expect(shortRunway(context({ cash: 100_000 }))).toBeNull();
    expect(shortRunway(context({}))).toBeNull();
  });

  it('treats negative reported runway as none left', () => {
    expect(shortRunway(context({ runway_months: -3 }))?.severity).toBe('critical');
  });
});
