import { fundingSectorLabel, type TImpactLevel, type TSignalType } from '@atempo/contracts';
import { formatMoney } from '@atempo/scoring';
import type { Relevance } from '../signal-relevance.ts';

/** A funding round as the rules read it, with the tracked company it names when there is one. */
export interface RoundFact {
  id: string;
  companyName: string;
  /** The organisation's company this round is about (linked by the extraction or by name). */
  companyId: string | null;
  title: string;
  summary: string | null;
  amountRaised: number | null;
  currency: string | null;
  amountEur: number | null;
  stage: string | null;
  region: string | null;
  country: string | null;
  sector: string | null;
  announcedAt: Date;
  confidenceScore: number;
  sourceName: string;
  sourceUrl: string | null;
  investors: string[];
  /** Reported as talks or plans rather than a closed round (the extraction's reading). */
  rumoured: boolean;
  /** Every announcement of this round when several report it (round-identity.ts); absent for one. */
  reports?: RoundReportRef[];
}

/** One announcement of a round, as a signal cites it. */
export interface RoundReportRef {
  announcement_id: string;
  source_name: string;
  source_url: string | null;
  title: string;
  announced_at: string;
}

/** A company of the organisation, with what makes it ours to watch over. */
export interface TrackedCompany {
  id: string;
  name: string;
  industry: string | null;
  country: string | null;
  stage: string | null;
  ipoSignals: boolean;
  /** It has a deal in the pipeline (a portfolio company or prospect). */
  hasDeal: boolean;
  watched: boolean;
}

/** A signal as a rule derives it; the scan stores it under `dedupKey` (a rescan updates it). */
export interface DerivedSignal {
  dedupKey: string;
  signalType: TSignalType;
  companyName: string;
  companyId: string | null;
  announcementId: string | null;
  title: string;
  description: string;
  relevanceScore: number;
  impactLevel: TImpactLevel;
  recommendedActions: string[];
  /** The rule, its inputs and its reasons. */
  data: Record<string, unknown>;
  /** When what it reports happened (the round's date): alerts only go out for recent news. */
  occurredAt: Date;
}

/** high from 0.75, medium from 0.5. */
export function impactFromRelevance(relevance: number): TImpactLevel {
  if (relevance >= 0.75) return 'high';
  if (relevance >= 0.5) return 'medium';
  return 'low';
}

export function raiseImpact(level: TImpactLevel): TImpactLevel {
  return level === 'low' ? 'medium' : 'high';
}

/** "€30M" or "an undisclosed amount". */
export function roundAmount(round: RoundFact): string {
  return round.amountEur !== null ? formatMoney(round.amountEur) : 'an undisclosed amount';
}

/** "raised €30M", or "is reported to be raising €30M" for a rumour: a signal never closes a round the news did not. */
export function raisedPhrase(round: RoundFact): string {
  return `${round.rumoured ? 'is reported to be raising' : 'raised'} ${roundAmount(round)}`;
}

/** "Series B round" or "funding round". */
export function roundKind(round: RoundFact): string {
  return round.stage ? `${round.stage} round` : 'funding round';
}

/** The round's sector as people read it ('b2b_saas' → 'B2B SaaS'); none when extraction could not tell. */
export function roundSectorName(round: RoundFact): string | null {
  return round.sector && round.sector !== 'other' ? fundingSectorLabel(round.sector) : null;
}

export function roundGeography(round: RoundFact): string | null {
  return round.country ?? (round.region && round.region !== 'Unknown' ? round.region : null);
}

/** Where the figures came from, kept on every signal built from a round. */
export function roundSource(round: RoundFact) {
  return {
    announcement_id: round.id,
    source_name: round.sourceName,
    source_url: round.sourceUrl,
    announced_at: round.announcedAt.toISOString(),
    amount_raised: round.amountRaised,
    currency: round.currency,
    amount_eur: round.amountEur,
    stage: round.stage,
    sector: round.sector,
    geography: roundGeography(round),
    confidence_score: round.confidenceScore,
    rumoured: round.rumoured,
    // Every article of the round: one signal per round, its reports listed.
    reports: round.reports ?? [
      {
        announcement_id: round.id,
        source_name: round.sourceName,
        source_url: round.sourceUrl,
        title: round.title,
        announced_at: round.announcedAt.toISOString(),
      },
    ],
  };
}

export function relevanceData(relevance: Relevance) {
  return { score: relevance.score, components: relevance.components };
}

export const sourceSentence = (round: RoundFact) =>
  `Source: ${round.sourceName}, ${round.announcedAt.toISOString().slice(0, 10)}.`;
