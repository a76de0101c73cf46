import type { TInvestmentThesis } from '@atempo/contracts';
import { formatMoney } from '../format.ts';
import { clamp, isKnown, toScore } from '../numbers.ts';
import { type ComponentScore, MISSING_DATA_SCORE } from '../weights.ts';

/**
 * Inside the thesis range a ticket scores 8 at the edges rising to 10 in the sweet spot: the
 * middle 40 % of the range on a log scale (for €2M–€25M that is about €4.3M–€11.7M, close to
 * the "$5-10M" sweet spot of the spec). Outside, the score decays with the ratio to the
 * nearest bound: half the minimum or twice the maximum scores 4.
 */
export const DEAL_SIZE_EDGE_SCORE = 8;
export const DEAL_SIZE_SWEET_SPOT = [0.3, 0.7] as const;

/** Where the amount sits in the range on a log scale: 0 at the minimum, 1 at the maximum. */
function logPosition(amount: number, min: number, max: number): number {
  // A range starting at 0 has no log scale: measure from 1 % of the maximum instead.
  const low = min > 0 ? min : max / 100;
  if (max <= low) return 0.5;
  return clamp(Math.log(amount / low) / Math.log(max / low), 0, 1);
}

export function scoreDealSizeFit(
  amount: number | null | undefined,
  thesis: TInvestmentThesis,
): ComponentScore {
  if (!isKnown(amount) || amount <= 0) {
    return {
      score: MISSING_DATA_SCORE,
      reason: 'No amount requested, so deal size fit is scored neutral-low.',
    };
  }
  const [min, max] = thesis.deal_size_range;
  const range = `${formatMoney(min)}–${formatMoney(max)}`;
  if (amount < min) {
    return {
      score: toScore((DEAL_SIZE_EDGE_SCORE * amount) / min),
      reason: `${formatMoney(amount)} is below the thesis minimum of ${formatMoney(min)}.`,
    };
  }
  if (amount > max) {
    return {
      score: toScore((DEAL_SIZE_EDGE_SCORE * max) / amount),
      reason: `${formatMoney(amount)} is above the thesis maximum of ${formatMoney(max)}.`,
    };
  }
  const position = logPosition(amount, min, max);
  const [sweetLow, sweetHigh] = DEAL_SIZE_SWEET_SPOT;
  const edgeBonus = 10 - DEAL_SIZE_EDGE_SCORE;
  if (position < sweetLow) {
    return {
      score: toScore(DEAL_SIZE_EDGE_SCORE + (edgeBonus * position) / sweetLow),
      reason: `${formatMoney(amount)} is in the thesis range ${range}, towards its lower end.`,
    };
  }
  if (position > sweetHigh) {
    return {
      score: toScore(DEAL_SIZE_EDGE_SCORE + (edgeBonus * (1 - position)) / (1 - sweetHigh)),
      reason: `${formatMoney(amount)} is in the thesis range ${range}, towards its upper end.`,
    };
  }
  return { score: 10, reason: `${formatMoney(amount)} is in the sweet spot of the thesis range ${range}.` };
}
