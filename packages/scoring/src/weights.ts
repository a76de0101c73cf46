/**
 * How much each component counts in the thematic score. Sector and geography weigh most
 * (spec 02 §1); the weights sum to 1.
 */
export const THEMATIC_WEIGHTS = {
  sector_alignment: 0.3,
  geographic_fit: 0.25,
  stage_fit: 0.15,
  deal_size_fit: 0.15,
  financial_metrics: 0.15,
} as const;
export type ThematicComponent = keyof typeof THEMATIC_WEIGHTS;
export const THEMATIC_COMPONENTS = Object.keys(THEMATIC_WEIGHTS) as ThematicComponent[];

/** A component whose input is missing: below the middle, because an unknown is not a fit. */
export const MISSING_DATA_SCORE = 3;
/** A component the thesis expresses no preference on (e.g. no target sectors configured). */
export const NO_PREFERENCE_SCORE = 5;
/** A known value outside the thesis (sector or market not listed). */
export const OUTSIDE_THESIS_SCORE = 1;

/** One scored component with the one-line reason shown next to it. */
export interface ComponentScore {
  score: number;
  reason: string;
}
