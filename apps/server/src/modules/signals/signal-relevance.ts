import type { TInvestmentThesis } from '@atempo/contracts';
import {
  type ComponentScore,
  scoreDealSizeFit,
  scoreGeographicFit,
  scoreSectorAlignment,
  scoreStageFit,
} from '@atempo/scoring';
import { facilityBand } from './facility-offer.ts';

/**
 * How much a round matters to this lender, 0–1, from the thesis components the scoring engine
 * already uses for deals: sector and geography weigh most, then stage; size is judged on the
 * facility the round would support (its midpoint), since that is the ticket the lender writes.
 */
export const RELEVANCE_WEIGHTS = {
  sector_alignment: 0.35,
  geographic_fit: 0.3,
  stage_fit: 0.2,
  deal_size_fit: 0.15,
} as const;
export type RelevanceComponent = keyof typeof RELEVANCE_WEIGHTS;

export interface RelevanceSubject {
  sector: string | null;
  /** Country when known, else region ("UK", "Germany", "Europe"). */
  geography: string | null;
  stage: string | null;
  /** The round, in EUR; null when the source did not say. */
  amountEur: number | null;
}

export interface Relevance {
  score: number;
  components: Record<RelevanceComponent, ComponentScore & { weight: number }>;
}

export function scoreRelevance(subject: RelevanceSubject, thesis: TInvestmentThesis): Relevance {
  const band = facilityBand(subject.amountEur);
  const scores: Record<RelevanceComponent, ComponentScore> = {
    sector_alignment: scoreSectorAlignment(subject.sector, thesis),
    geographic_fit: scoreGeographicFit(subject.geography, thesis),
    stage_fit: scoreStageFit(subject.stage, thesis),
    deal_size_fit: scoreDealSizeFit(band ? band.midpoint : null, thesis),
  };
  let total = 0;
  const components = {} as Relevance['components'];
  for (const key of Object.keys(RELEVANCE_WEIGHTS) as RelevanceComponent[]) {
    const weight = RELEVANCE_WEIGHTS[key];
    total += (weight * scores[key].score) / 10;
    components[key] = { ...scores[key], weight };
  }
  return { score: Math.round(Math.min(1, Math.max(0, total)) * 100) / 100, components };
}
