import { round1, toScore } from './numbers.ts';
import { type ComponentScore, THEMATIC_WEIGHTS, type ThematicComponent } from './weights.ts';

export interface ScoringBreakdown {
  sector_scores: Record<ThematicComponent, number>;
  reasons: Record<ThematicComponent, string>;
  /** The weights used, so the breakdown explains the total on its own. */
  weights: Record<ThematicComponent, number>;
}

/**
 * The thematic score: the weighted mean of the component scores, rounded to one decimal.
 * Components left out (a company has no ticket to size) are dropped and the rest re-weighted.
 */
export function weightedThematicScore(scores: Partial<Record<ThematicComponent, number>>): number {
  let total = 0;
  let weight = 0;
  for (const [component, componentWeight] of Object.entries(THEMATIC_WEIGHTS) as [
    ThematicComponent,
    number,
  ][]) {
    const score = scores[component];
    if (score === undefined) continue;
    total += componentWeight * score;
    weight += componentWeight;
  }
  return weight === 0 ? 0 : toScore(total / weight);
}

export function buildBreakdown(components: Record<ThematicComponent, ComponentScore>): ScoringBreakdown {
  const entries = Object.keys(THEMATIC_WEIGHTS) as ThematicComponent[];
  return {
    sector_scores: Object.fromEntries(entries.map((key) => [key, round1(components[key].score)])) as Record<
      ThematicComponent,
      number
    >,
    reasons: Object.fromEntries(entries.map((key) => [key, components[key].reason])) as Record<
      ThematicComponent,
      string
    >,
    weights: { ...THEMATIC_WEIGHTS },
  };
}
