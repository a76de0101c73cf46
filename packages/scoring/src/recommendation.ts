import type { RedFlag, RedFlagLevel } from './red-flags/types.ts';

export const THEMATIC_RECOMMENDATIONS = ['proceed', 'conditional_proceed', 'reject'] as const;
export type ThematicRecommendation = (typeof THEMATIC_RECOMMENDATIONS)[number];

/** Minimum thematic scores for each recommendation. */
export const RECOMMENDATION_THRESHOLDS = { proceed: 7, conditional_proceed: 5 } as const;

/**
 * proceed: a strong thesis fit (≥ 7) with no critical flag; conditional_proceed: a fair fit
 * (≥ 5); reject otherwise, and always when the red-flag level is reject.
 */
export function recommend(
  thematicScore: number,
  redFlagLevel: RedFlagLevel,
  redFlags: readonly RedFlag[],
): ThematicRecommendation {
  if (redFlagLevel === 'reject') return 'reject';
  const hasCritical = redFlags.some((flag) => flag.severity === 'critical');
  if (thematicScore >= RECOMMENDATION_THRESHOLDS.proceed && !hasCritical) return 'proceed';
  if (thematicScore >= RECOMMENDATION_THRESHOLDS.conditional_proceed) return 'conditional_proceed';
  return 'reject';
}
