import type { TInvestmentThesis } from '@atempo/contracts';
import { sectorCandidates } from './matching/sector.ts';

export interface GrossMarginThreshold {
  value: number;
  /** Where the threshold comes from, for sentences: "the fintech sector minimum". */
  source: string;
}

/**
 * The sector's own minimum when the subject is in a thesis sector, else the thesis-wide minimum.
 * A subject in several thesis sectors ("Fintech / SaaS") is held to the most lenient of their
 * minimums: that does not depend on the sector weights, so re-weighting sectors never moves it.
 */
export function grossMarginThreshold(
  sector: string | null | undefined,
  thesis: TInvestmentThesis,
): GrossMarginThreshold {
  const candidates = typeof sector === 'string' ? sectorCandidates(sector, thesis) : [];
  let lenient = candidates[0];
  for (const candidate of candidates) {
    if (candidate.preference.min_gross_margin < lenient!.preference.min_gross_margin) lenient = candidate;
  }
  if (lenient)
    return {
      value: lenient.preference.min_gross_margin,
      source: `the ${lenient.preference.name ?? lenient.key} sector minimum`,
    };
  return { value: thesis.financial_requirements.gross_margin_min, source: 'the thesis minimum' };
}
