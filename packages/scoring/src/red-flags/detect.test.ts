import { describe, expect, it } from 'vitest';
import { HEALTHY_DEAL, NOW, THESIS } from '../testing/fixtures.ts';
import { detectRedFlags } from './detect.ts';

describe('red-flag detection', () => {
  it('raises nothing for a healthy deal inside the thesis', () => {
    expect(detectRedFlags(HEALTHY_DEAL, THESIS, NOW)).toEqual([]);
  });

  it('collects every rule that fires, worst first, keeping rule order within a severity', () => {
    const flags = detectRedFlags(
      {
        sector: 'Gaming',
        stage: 'Seed',
        amount_requested: 500_000,
        financial_metrics: { revenue_growth: -0.2, runway_months: 4, net_revenue_retention: 0.8 },
      },
      THESIS,
      NOW,
    );
    expect(flags.map((flag) => `${flag.severity}:${flag.flag_type}`)).toEqual([
      'critical:short_runway',
      'high:declining_revenue',
      'high:missing_key_financials',
      'medium:low_net_revenue_retention',
      'medium:amount_outside_thesis_range',
      'medium:stage_outside_thesis',
      'low:sector_outside_thesis',
    ]);
  });

  it('copes with a subject that has no financial metrics at all', () => {
    expect(detectRedFlags({}, THESIS, NOW).map((flag) => flag.flag_type)).toEqual(['missing_key_financials']);
  });
});
