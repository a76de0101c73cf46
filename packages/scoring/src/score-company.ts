import type { TInvestmentThesis } from '@atempo/contracts';
import { scoreComponents } from './components/index.ts';
import { type FacilitySuggestion, suggestFacility } from './facility.ts';
import { type MonitoringPriority, monitoringPriority } from './monitoring-priority.ts';
import { recommend, type ThematicRecommendation } from './recommendation.ts';
import { assessRedFlags, type RedFlagAssessment } from './red-flags/assess.ts';
import type { ScoringSubject } from './subject.ts';
import { weightedThematicScore } from './thematic.ts';

export interface CompanyScore extends RedFlagAssessment {
  thematic_score: number;
  thematic_recommendation: ThematicRecommendation;
  sector_alignment_score: number;
  geographic_fit_score: number;
  stage_fit_score: number;
  financial_health_score: number;
  monitoring_priority: MonitoringPriority;
  reasons: {
    sector_alignment: string;
    geographic_fit: string;
    stage_fit: string;
    financial_health: string;
  };
  suggested_facility: FacilitySuggestion;
}

/**
 * Scores a company against the thesis. A company has no ticket yet, so deal-size fit is left
 * out and the other components are re-weighted; any amount_requested is ignored.
 */
export function scoreCompany(subject: ScoringSubject, thesis: TInvestmentThesis, now: Date): CompanyScore {
  const companySubject: ScoringSubject = { ...subject, amount_requested: null };
  const components = scoreComponents(companySubject, thesis);
  const thematic_score = weightedThematicScore({
    sector_alignment: components.sector_alignment.score,
    geographic_fit: components.geographic_fit.score,
    stage_fit: components.stage_fit.score,
    financial_metrics: components.financial_metrics.score,
  });
  const flags = assessRedFlags(companySubject, thesis, now);
  return {
    thematic_score,
    thematic_recommendation: recommend(thematic_score, flags.red_flag_level, flags.red_flags),
    sector_alignment_score: components.sector_alignment.score,
    geographic_fit_score: components.geographic_fit.score,
    stage_fit_score: components.stage_fit.score,
    financial_health_score: components.financial_metrics.score,
    monitoring_priority: monitoringPriority(thematic_score, subject.financial_metrics?.revenue_growth),
    reasons: {
      sector_alignment: components.sector_alignment.reason,
      geographic_fit: components.geographic_fit.reason,
      stage_fit: components.stage_fit.reason,
      financial_health: components.financial_metrics.reason,
    },
    ...flags,
    suggested_facility: suggestFacility(companySubject, thesis),
  };
}
