import { competitiveThreatSignals } from './competitive-threat.ts';
import { fundingRoundSignals } from './funding-round.ts';
import { ipoSignals } from './ipo-signal.ts';
import { marketOpportunitySignals } from './market-opportunity.ts';
import type { RuleContext } from './rule-context.ts';
import type { DerivedSignal } from './signal-facts.ts';

const LEVELS = ['low', 'medium', 'high'] as const;

/**
 * Every rule over the same context; deterministic for the same rounds, companies, thesis and clock.
 * One signal per round: a round that also reads as an IPO signal is one signal of type ipo_signal,
 * stored under the round's key, with the round's actions too.
 */
export function deriveSignals(context: RuleContext): DerivedSignal[] {
  const ipo = ipoSignals(context);
  const ipoByRound = new Map(
    ipo.flatMap((signal) => (signal.announcementId ? [[signal.announcementId, signal]] : [])),
  );
  const rounds = fundingRoundSignals(context).map((round) => {
    const listing = round.announcementId ? ipoByRound.get(round.announcementId) : undefined;
    return listing ? asListingRound(round, listing) : round;
  });
  return [
    ...rounds,
    ...ipo.filter((signal) => !signal.announcementId),
    ...competitiveThreatSignals(context),
    ...marketOpportunitySignals(context),
  ];
}

/** Keys of per-round signals earlier versions stored beside the round's own (now folded into it). */
export const foldedRoundKeys = (announcementId: string) => [
  `ipo_signal:announcement:${announcementId}`,
  `market_opportunity:announcement:${announcementId}`,
];

function asListingRound(round: DerivedSignal, listing: DerivedSignal): DerivedSignal {
  const level = LEVELS[Math.max(LEVELS.indexOf(round.impactLevel), LEVELS.indexOf(listing.impactLevel))];
  return {
    ...listing,
    dedupKey: round.dedupKey,
    companyId: round.companyId ?? listing.companyId,
    impactLevel: level ?? round.impactLevel,
    recommendedActions: [...new Set([...listing.recommendedActions, ...round.recommendedActions])],
    data: { ...listing.data, funding_round: round.data },
  };
}
