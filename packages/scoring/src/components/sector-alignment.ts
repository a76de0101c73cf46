import type { TInvestmentThesis } from '@atempo/contracts';
import { memoised } from '../compiled-thesis.ts';
import { matchSector } from '../matching/sector.ts';
import { toScore } from '../numbers.ts';
import {
  type ComponentScore,
  MISSING_DATA_SCORE,
  NO_PREFERENCE_SCORE,
  OUTSIDE_THESIS_SCORE,
} from '../weights.ts';

const HOW: Record<string, string> = {
  name: 'matches the thesis sector',
  alias: 'is another name for the thesis sector',
  focus_area: 'is a focus area of the thesis sector',
};

/** 10 × the thesis weight of the sector the subject belongs to. */
export function scoreSectorAlignment(
  sector: string | null | undefined,
  thesis: TInvestmentThesis,
): ComponentScore {
  if (typeof sector !== 'string') return computeScoreSectorAlignment(sector, thesis);
  return memoised(thesis, 'sectorAlignment', sector, () => computeScoreSectorAlignment(sector, thesis));
}

function computeScoreSectorAlignment(
  sector: string | null | undefined,
  thesis: TInvestmentThesis,
): ComponentScore {
  if (typeof sector !== 'string' || sector.trim() === '') {
    return {
      score: MISSING_DATA_SCORE,
      reason: 'No sector given, so sector alignment is scored neutral-low.',
    };
  }
  if (Object.keys(thesis.target_sectors).length === 0) {
    return { score: NO_PREFERENCE_SCORE, reason: 'The thesis sets no target sectors.' };
  }
  const match = matchSector(sector, thesis);
  if (!match) {
    return {
      score: OUTSIDE_THESIS_SCORE,
      reason: `"${sector.trim()}" is not among the thesis target sectors.`,
    };
  }
  return {
    score: toScore(10 * match.preference.weight),
    reason: `"${sector.trim()}" ${HOW[match.via]} ${match.preference.name ?? match.key} (weight ${match.preference.weight}).`,
  };
}
