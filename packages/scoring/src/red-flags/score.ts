import { RED_FLAG_LEVEL_THRESHOLDS, SEVERITY_POINTS } from './thresholds.ts';
import type { RedFlag, RedFlagLevel } from './types.ts';

/** 0–10, 10 the worst: severity points summed and capped. */
export function redFlagScore(flags: readonly RedFlag[]): number {
  // Summed in tenths (whole numbers) so the total is exact whatever the order of the flags.
  const tenths = flags.reduce((sum, flag) => sum + Math.round(SEVERITY_POINTS[flag.severity] * 10), 0);
  return Math.min(100, tenths) / 10;
}

/** reject on any critical flag or a score ≥ 8; high_risk ≥ 5; moderate_risk ≥ 2.5; else low_risk. */
export function redFlagLevel(flags: readonly RedFlag[], score: number): RedFlagLevel {
  if (flags.some((flag) => flag.severity === 'critical') || score >= RED_FLAG_LEVEL_THRESHOLDS.reject) {
    return 'reject';
  }
  if (score >= RED_FLAG_LEVEL_THRESHOLDS.high_risk) return 'high_risk';
  if (score >= RED_FLAG_LEVEL_THRESHOLDS.moderate_risk) return 'moderate_risk';
  return 'low_risk';
}
