import { isKnown } from './numbers.ts';

export const MONITORING_PRIORITIES = ['high', 'medium', 'low'] as const;
export type MonitoringPriority = (typeof MONITORING_PRIORITIES)[number];

/** High-growth means revenue growing more than 50 % a year (the Companies screen's High Growth signal). */
export const HIGH_GROWTH = 0.5;
/** A near-perfect thesis fit is high on its own… */
export const HIGH_FIT = 9;
/** …a strong fit only with high growth (issue 18 §5: "High" is the few to watch closely, not most). */
export const STRONG_FIT = 8;
export const MEDIUM_FIT = 5;

/** high: thematic ≥ 9, or ≥ 8 and high growth; medium: ≥ 5; else low. */
export function monitoringPriority(
  thematicScore: number,
  revenueGrowth: number | null | undefined,
): MonitoringPriority {
  if (thematicScore >= HIGH_FIT) return 'high';
  if (thematicScore >= STRONG_FIT && isKnown(revenueGrowth) && revenueGrowth > HIGH_GROWTH) return 'high';
  if (thematicScore >= MEDIUM_FIT) return 'medium';
  return 'low';
}
