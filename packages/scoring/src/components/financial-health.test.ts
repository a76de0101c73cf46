import { describe, expect, it } from 'vitest';
import { HEALTHY_METRICS, THESIS } from '../testing/fixtures.ts';
import type { GrossMarginThreshold } from '../thresholds.ts';
import { MISSING_DATA_SCORE } from '../weights.ts';
import { scoreFinancialHealth } from './financial-health.ts';

const margin: GrossMarginThreshold = { value: 0.5, source: 'the thesis minimum' };
const health = (metrics: Parameters<typeof scoreFinancialHealth>[0]) =>
  scoreFinancialHealth(metrics, THESIS, margin);

describe('financial health', () => {
  it('scores a healthy company high and names each metric', () => {
    const result = health(HEALTHY_METRICS);
    expect(result.score).toBeGreaterThanOrEqual(9);
    expect(result.reason).toContain('runway 30 months');
    expect(result.reason).toContain('gross margin 78%');
    expect(result.reason).toContain('burn multiple 0.81');
    expect(result.reason).not.toContain('missing');
  });

  it('scores a struggling company low and names its weakest metric', () => {
    const result = health({
      revenue: 400_000,
      revenue_growth: -0.1,
      gross_margin: 0.3,
      monthly_burn: 200_000,
      cash: 800_000,
      monthly_churn: 0.06,
    });
    expect(result.score).toBeLessThan(3);
    expect(result.reason).toContain('weakest: burn multiple');
    expect(result.reason).toContain('missing: NRR, CAC payback');
  });

  it('is neutral-low without metrics', () => {
    expect(health(undefined)).toEqual({
      score: MISSING_DATA_SCORE,
      reason: 'No financial metrics available, so scored neutral-low.',
    });
    expect(health({ employee_count: 40 }).score).toBe(MISSING_DATA_SCORE);
  });

  it('pulls thin data toward neutral so one good number cannot look excellent', () => {
    expect(health({ revenue_growth: 2 }).score).toBeLessThan(8);
    expect(health({ revenue_growth: 2 }).score).toBeGreaterThan(MISSING_DATA_SCORE);
  });

  it('treats a cash-generative company as having unlimited runway and no burn problem', () => {
    const result = health({ monthly_burn: -100_000, revenue: 5_000_000, revenue_growth: 0.2 });
    expect(result.reason).toContain('runway unlimited (cash generative)');
    expect(result.score).toBeGreaterThan(7);
  });

  it('anchors gross margin on the threshold it is given', () => {
    const strict: GrossMarginThreshold = { value: 0.7, source: 'the b2b_saas sector minimum' };
    const metrics = { gross_margin: 0.6, runway_months: 18, revenue_growth: 0.5 };
    expect(scoreFinancialHealth(metrics, THESIS, strict).score).toBeLessThan(health(metrics).score);
  });
});
