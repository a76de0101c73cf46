import type { TInvestmentThesis } from '@atempo/contracts';
import { scoreComponents } from './components/index.ts';
import { type FacilitySuggestion, suggestFacility } from './facility.ts';
import { recommend, type ThematicRecommendation } from './recommendation.ts';
import { assessRedFlags, type RedFlagAssessment } from './red-flags/assess.ts';
import type { ScoringSubject } from './subject.ts';
import { buildBreakdown, type ScoringBreakdown, weightedThematicScore } from './thematic.ts';

export interface DealScore extends RedFlagAssessment {
  thematic_score: number;
  thematic_recommendation: ThematicRecommendation;
  scoring_breakdown: ScoringBreakdown;
  suggested_facility: FacilitySuggestion;
}

/** Scores a deal against the thesis. Pure: `now` is the only clock. */
export function scoreDeal(subject: ScoringSubject, thesis: TInvestmentThesis, now: Date): DealScore {
  const breakdown = buildBreakdown(scoreComponents(subject, thesis));
  const thematic_score = weightedThematicScore(breakdown.sector_scores);
  const flags = assessRedFlags(subject, thesis, now);
  return {
    thematic_score,
    thematic_recommendation: recommend(thematic_score, flags.red_flag_level, flags.red_flags),
    scoring_breakdown: breakdown,
    ...flags,
    suggested_facility: suggestFacility(subject, thesis),
  };
}
