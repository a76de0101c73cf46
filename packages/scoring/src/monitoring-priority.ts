import { isKnown } from './numbers.ts';

export const MONITORING_PRIORITIES = ['high', 'medium', 'low'] as const;
export type MonitoringPriority = (typeof MONITORING_PRIORITIES)[number];

/** High-growth means revenue growing more than 50 % a year (the Companies screen's High Growth signal). */
export const HIGH_GROWTH = 0.5;

/** high: thematic ≥ 7.5, or ≥ 6.5 and high growth; medium: ≥ 5; else low. */
export function monitoringPriority(
  thematicScore: number,
  revenueGrowth: number | null | undefined,
): MonitoringPriority {
  if (thematicScore >= 7.5) return 'high';
  if (thematicScore >= 6.5 && isKnown(revenueGrowth) && revenueGrowth > HIGH_GROWTH) return 'high';
  if (thematicScore >= 5) return 'medium';
  return 'low';
}
