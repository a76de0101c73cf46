/**
 * Colour rules of spec 02 §9 for scores on a 0–10 scale. Callers pass the value as displayed
 * (rounded to one decimal) so a badge reading 8.0 is never yellow.
 */
export type ScoreTone = 'green' | 'yellow' | 'orange' | 'red';

/** Thematic score: 8 and above green, 6 and above yellow, else red. */
export function thematicScoreTone(score: number): ScoreTone {
  if (score >= 8) return 'green';
  if (score >= 6) return 'yellow';
  return 'red';
}

/** Breakdown components: above 7 green, above 4 yellow, else red. */
export function componentScoreTone(score: number): ScoreTone {
  if (score > 7) return 'green';
  if (score > 4) return 'yellow';
  return 'red';
}

/** Risk (red-flag) score, where high is bad: 8 and above red, 6 orange, 4 yellow, else green. */
export function riskScoreTone(score: number): ScoreTone {
  if (score >= 8) return 'red';
  if (score >= 6) return 'orange';
  if (score >= 4) return 'yellow';
  return 'green';
}

/** One decimal, as scores are shown. */
export function roundScore(score: number): number {
  return Math.round(score * 10) / 10;
}

export const SCORE_TONE_CLASSES: Record<ScoreTone, { badge: string; bar: string; text: string }> = {
  green: {
    badge: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
    bar: 'bg-emerald-500',
    text: 'text-emerald-700',
  },
  yellow: {
    badge: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
    bar: 'bg-yellow-400',
    text: 'text-yellow-700',
  },
  orange: {
    badge: 'bg-orange-50 text-orange-700 ring-orange-200',
    bar: 'bg-orange-500',
    text: 'text-orange-700',
  },
  red: { badge: 'bg-red-50 text-red-700 ring-red-200', bar: 'bg-red-500', text: 'text-red-700' },
};
