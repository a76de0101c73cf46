import { describe, expect, it } from 'vitest';
import { scoreCompany } from './score-company.ts';
import { HEALTHY_DEAL, NOW, THESIS } from './testing/fixtures.ts';

describe('scoreCompany', () => {
  it('scores a company on sector, geography, stage and financial health', () => {
    const score = scoreCompany(HEALTHY_DEAL, THESIS, NOW);
    expect(score).toMatchObject({
      sector_alignment_score: 10,
      geographic_fit_score: 10,
      stage_fit_score: 10,
      monitoring_priority: 'high',
      thematic_recommendation: 'proceed',
      red_flag_level: 'low_risk',
    });
    expect(score.financial_health_score).toBeGreaterThan(9);
    expect(score.reasons.financial_health).toContain('runway 30 months');
  });

  it('leaves deal size out of the thematic score and re-weights the rest', () => {
    const subject = { sector: 'Fintech', geography: 'Germany', stage: 'Series A' };
    // (0.3 × 9 + 0.25 × 9 + 0.15 × 10 + 0.15 × 3) / 0.85 = 8.12
    expect(scoreCompany(subject, THESIS, NOW).thematic_score).toBe(8.1);
    expect(scoreCompany({ ...subject, amount_requested: 100_000_000 }, THESIS, NOW).thematic_score).toBe(8.1);
    expect(
      scoreCompany({ ...subject, amount_requested: 100_000_000 }, THESIS, NOW).red_flags.map(
        (f) => f.flag_type,
      ),
    ).not.toContain('amount_outside_thesis_range');
  });

  it('gives high priority to a fast grower from 8', () => {
    const subject = {
      sector: 'Marketplace',
      geography: 'Germany',
      stage: 'Series B',
      financial_metrics: { revenue_growth: 1.2, gross_margin: 0.55, runway_months: 20 },
    };
    const score = scoreCompany(subject, THESIS, NOW);
    expect(score.thematic_score).toBeGreaterThanOrEqual(8);
    expect(score.thematic_score).toBeLessThan(9);
    expect(score.monitoring_priority).toBe('high');
    const slower = scoreCompany(
      { ...subject, financial_metrics: { ...subject.financial_metrics, revenue_growth: 0.4 } },
      THESIS,
      NOW,
    );
    expect(slower.monitoring_priority).toBe('medium');
  });

  it('gives low priority to a company outside the thesis', () => {
    expect(scoreCompany({ sector: 'Gaming', geography: 'Brazil' }, THESIS, NOW).monitoring_priority).toBe(
      'low',
    );
  });
});
