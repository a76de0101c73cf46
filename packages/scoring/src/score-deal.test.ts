import { describe, expect, it } from 'vitest';
import { scoreDeal } from './score-deal.ts';
import { SCORE_INPUT_FIELDS } from './subject.ts';
import { HEALTHY_DEAL, NOW, THESIS } from './testing/fixtures.ts';
import { THEMATIC_WEIGHTS } from './weights.ts';

describe('scoreDeal', () => {
  it('recommends a well-fitting, healthy deal', () => {
    const score = scoreDeal(HEALTHY_DEAL, THESIS, NOW);
    expect(score.thematic_score).toBeGreaterThanOrEqual(9);
    expect(score.thematic_recommendation).toBe('proceed');
    expect(score.red_flag_level).toBe('low_risk');
    expect(score.red_flag_score).toBe(0);
    expect(score.scoring_breakdown.sector_scores).toMatchObject({
      sector_alignment: 10,
      geographic_fit: 10,
      stage_fit: 10,
      deal_size_fit: 10,
    });
    expect(score.scoring_breakdown.reasons.geographic_fit).toBe(
      'United Kingdom is a thesis market (weight 1).',
    );
    expect(score.suggested_facility).toMatchObject({ min: 6_000_000, max: 10_000_000 });
  });

  it('rejects a poorly-fitting, struggling deal with its concerns listed', () => {
    const score = scoreDeal(
      {
        sector: 'Gaming',
        geography: 'United States',
        stage: 'Seed',
        deal_type: 'growth equity',
        amount_requested: 500_000,
        financial_metrics: {
          revenue: 400_000,
          revenue_growth: -0.1,
          gross_margin: 0.3,
          monthly_burn: 200_000,
          cash: 800_000,
          monthly_churn: 0.06,
        },
        last_interaction_at: '2024-10-01',
      },
      THESIS,
      NOW,
    );
    expect(score.thematic_score).toBeLessThan(3);
    expect(score.thematic_recommendation).toBe('reject');
    expect(score.red_flag_level).toBe('reject');
    expect(score.red_flag_score).toBe(10);
    expect(score.red_flag_summary.critical_flags).toBe(1);
    expect(score.red_flag_summary.key_concerns[0]).toMatch(/^Runway is 4 months/);
    expect(score.red_flag_summary.key_concerns).toHaveLength(5);
  });

  it('weighs sector and geography most: a strong fit with unknown financials still proceeds', () => {
    const score = scoreDeal(
      { sector: 'Fintech', geography: 'Germany', stage: 'Series A', amount_requested: 6_000_000 },
      THESIS,
      NOW,
    );
    // 0.3 × 9 + 0.25 × 9 + 0.15 × 10 + 0.15 × 10 + 0.15 × 3 = 8.4
    expect(score.thematic_score).toBe(8.4);
    expect(score.scoring_breakdown.reasons.financial_metrics).toContain('No financial metrics');
    expect(score.red_flag_summary.data_quality_flags).toHaveLength(1);
    expect(score.thematic_recommendation).toBe('proceed');
  });

  it('rejects a strong thematic fit when a critical flag is raised', () => {
    const score = scoreDeal(
      { ...HEALTHY_DEAL, financial_metrics: { ...HEALTHY_DEAL.financial_metrics, runway_months: 5 } },
      THESIS,
      NOW,
    );
    expect(score.thematic_score).toBeGreaterThanOrEqual(7);
    expect(score.thematic_recommendation).toBe('reject');
  });

  it('scores an empty subject without failing', () => {
    const score = scoreDeal({}, THESIS, NOW);
    expect(score.thematic_score).toBe(3);
    expect(score.thematic_recommendation).toBe('reject');
    expect(Object.values(score.scoring_breakdown.reasons).every((reason) => reason.length > 0)).toBe(true);
    expect(score.suggested_facility.min).toBeNull();
  });

  it('exposes its weights, which sum to 1, and its input fields', () => {
    expect(Object.values(THEMATIC_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(scoreDeal(HEALTHY_DEAL, THESIS, NOW).scoring_breakdown.weights).toEqual(THEMATIC_WEIGHTS);
    expect(SCORE_INPUT_FIELDS).toContain('financial_metrics');
    expect(SCORE_INPUT_FIELDS).toContain('amount_requested');
  });

  it('does not change its inputs', () => {
    const subject = structuredClone(HEALTHY_DEAL);
    const thesis = structuredClone(THESIS);
    scoreDeal(subject, thesis, NOW);
    expect(subject).toEqual(HEALTHY_DEAL);
    expect(thesis).toEqual(THESIS);
  });
});
