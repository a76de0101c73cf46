import type { TInvestmentThesis } from '@atempo/contracts';
import { memoised } from '../compiled-thesis.ts';
import { normaliseStage, stageIndex } from '../matching/stage.ts';
import { type ComponentScore, MISSING_DATA_SCORE, NO_PREFERENCE_SCORE } from '../weights.ts';

/** Score by distance (in funding rounds) to the nearest target stage: 0 → 10, 1 → 5, 2 → 2.5, more → 1. */
export const STAGE_DISTANCE_SCORES = [10, 5, 2.5, 1] as const;

export function scoreStageFit(stage: string | null | undefined, thesis: TInvestmentThesis): ComponentScore {
  if (typeof stage !== 'string') return computeScoreStageFit(stage, thesis);
  return memoised(thesis, 'stageFit', stage, () => computeScoreStageFit(stage, thesis));
}

function computeScoreStageFit(stage: string | null | undefined, thesis: TInvestmentThesis): ComponentScore {
  if (typeof stage !== 'string' || stage.trim() === '') {
    return {
      score: MISSING_DATA_SCORE,
      reason: 'No funding stage given, so stage fit is scored neutral-low.',
    };
  }
  const label = normaliseStage(stage);
  if (!label) {
    return { score: MISSING_DATA_SCORE, reason: `"${stage.trim()}" is not a recognised funding stage.` };
  }
  if (thesis.target_stages.length === 0) {
    return { score: NO_PREFERENCE_SCORE, reason: 'The thesis sets no target stages.' };
  }
  let nearest = thesis.target_stages[0]!;
  let distance = Number.POSITIVE_INFINITY;
  for (const target of thesis.target_stages) {
    const gap = Math.abs(stageIndex(target) - stageIndex(label));
    if (gap < distance) {
      distance = gap;
      nearest = target;
    }
  }
  const score = STAGE_DISTANCE_SCORES[Math.min(distance, STAGE_DISTANCE_SCORES.length - 1)]!;
  if (distance === 0) return { score, reason: `${label} is a target stage.` };
  const rounds = distance === 1 ? 'one round' : `${distance} rounds`;
  return { score, reason: `${label} is ${rounds} away from the nearest target stage (${nearest}).` };
}
