import type { TInvestmentThesis } from '@atempo/contracts';
import { memoised } from '../compiled-thesis.ts';
import { formatPercent } from '../format.ts';
import { describePlace, matchGeography } from '../matching/geography.ts';
import { compactName } from '../matching/sector.ts';
import { toScore } from '../numbers.ts';
import {
  type ComponentScore,
  MISSING_DATA_SCORE,
  NO_PREFERENCE_SCORE,
  OUTSIDE_THESIS_SCORE,
} from '../weights.ts';

/** 10 × the weight of the best thesis market, reduced when the subject is only known by region. */
export function scoreGeographicFit(
  geography: string | null | undefined,
  thesis: TInvestmentThesis,
): ComponentScore {
  if (typeof geography !== 'string') return computeScoreGeographicFit(geography, thesis);
  return memoised(thesis, 'geographicFit', geography, () => computeScoreGeographicFit(geography, thesis));
}

function computeScoreGeographicFit(
  geography: string | null | undefined,
  thesis: TInvestmentThesis,
): ComponentScore {
  if (typeof geography !== 'string' || geography.trim() === '') {
    return {
      score: MISSING_DATA_SCORE,
      reason: 'No geography given, so geographic fit is scored neutral-low.',
    };
  }
  if (Object.keys(thesis.primary_markets).length === 0) {
    return { score: NO_PREFERENCE_SCORE, reason: 'The thesis sets no primary markets.' };
  }
  const label = describePlace(geography) ?? geography.trim();
  const match = matchGeography(geography, thesis);
  if (!match) {
    return { score: OUTSIDE_THESIS_SCORE, reason: `${label} is not among the thesis primary markets.` };
  }
  const score = toScore(10 * match.fit);
  if (match.fit === match.weight) {
    const where =
      compactName(match.market) === compactName(label)
        ? 'is a thesis market'
        : `falls within the thesis market ${match.market}`;
    return { score, reason: `${label} ${where} (weight ${match.weight}).` };
  }
  return {
    score,
    reason: `${label} only partly locates the company: best overlapping market ${match.market} (weight ${match.weight}) counted at ${formatPercent(match.fit / match.weight)}.`,
  };
}
