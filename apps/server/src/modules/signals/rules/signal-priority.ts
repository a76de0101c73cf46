import type { TImpactLevel } from '@atempo/contracts';
import type { RoundFact, TrackedCompany } from './signal-facts.ts';

/**
 * What "high" impact means (issue 18 §5): the few signals that need someone to act this week, not
 * every round that fits the thesis. High is kept for news about our own companies (a deal in the
 * pipeline or on the watchlist) that is recent and material; a round elsewhere is high only when it
 * is recent, large and an almost perfect fit. Everything else is medium (worth reading) or low.
 */

/** News older than this is not "this week" any more (a week, plus the lag before a round is reported). */
export const URGENT_DAYS = 14;
/** A round of our own company is material from this size when its relevance does not already say so. */
export const MATERIAL_ROUND_EUR = 10_000_000;
/** An untracked company's round is urgent only at this relevance or above… */
export const URGENT_RELEVANCE = 0.9;
/** …and from this size (the facility it supports is a ticket worth chasing now). */
export const URGENT_UNTRACKED_EUR = 20_000_000;
/** Below urgency: medium from this relevance, low under it. */
export const MEDIUM_RELEVANCE = 0.5;

const DAY_MS = 86_400_000;

export function isRecent(when: Date, now: Date, days = URGENT_DAYS): boolean {
  return now.getTime() - when.getTime() <= days * DAY_MS;
}

/** Ours: a company with a deal in the pipeline or on the watchlist (merely listed is not enough). */
export const isOurs = (company: TrackedCompany | undefined): company is TrackedCompany =>
  company !== undefined && (company.hasDeal || company.watched);

/** medium from MEDIUM_RELEVANCE, low under it: what a signal is worth when it is not urgent. */
export function readingImpact(relevance: number): TImpactLevel {
  return relevance >= MEDIUM_RELEVANCE ? 'medium' : 'low';
}

/** The impact of a company's round, and why, in words kept on the signal. */
export function roundImpact(
  round: RoundFact,
  relevance: number,
  company: TrackedCompany | undefined,
  now: Date,
): { level: TImpactLevel; words: string } {
  const recent = isRecent(round.announcedAt, now);
  const material =
    relevance >= MEDIUM_RELEVANCE || (round.amountEur !== null && round.amountEur >= MATERIAL_ROUND_EUR);
  if (isOurs(company)) {
    if (recent && material && !round.rumoured) {
      return { level: 'high', words: `our company's own round, within ${URGENT_DAYS} days and material` };
    }
    return {
      level: 'medium',
      words: `our company's own round, but ${!recent ? `older than ${URGENT_DAYS} days` : round.rumoured ? 'only reported' : 'small and off-thesis'}`,
    };
  }
  if (
    recent &&
    isRecent(round.announcedAt, now, 7) &&
    relevance >= URGENT_RELEVANCE &&
    round.amountEur !== null &&
    round.amountEur >= URGENT_UNTRACKED_EUR
  ) {
    return {
      level: 'high',
      words: `within 7 days, relevance ${relevance} (from ${URGENT_RELEVANCE}) and from €${URGENT_UNTRACKED_EUR / 1e6}M`,
    };
  }
  return {
    level: readingImpact(relevance),
    words: `relevance ${relevance}: medium from ${MEDIUM_RELEVANCE}; high only for our companies' recent rounds or a recent €${URGENT_UNTRACKED_EUR / 1e6}M+ round of relevance ${URGENT_RELEVANCE}+`,
  };
}

/** Lowers "high" to "medium" for news that is not recent: standing facts are read, not acted on this week. */
export function urgentOnlyIfRecent(level: TImpactLevel, when: Date, now: Date): TImpactLevel {
  return level === 'high' && !isRecent(when, now) ? 'medium' : level;
}
