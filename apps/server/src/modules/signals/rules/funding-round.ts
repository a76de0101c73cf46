import { facilityOffer } from '../facility-offer.ts';
import type { RuleContext } from './rule-context.ts';
import {
  type DerivedSignal,
  raisedPhrase,
  relevanceData,
  roundGeography,
  roundKind,
  roundSectorName,
  roundSource,
  sourceSentence,
} from './signal-facts.ts';
import { isOurs, roundImpact } from './signal-priority.ts';

/** The key a round's funding_round signal is stored under: the round's first announcement (round-identity.ts). */
export const fundingRoundKey = (announcementId: string) => `funding_round:${announcementId}`;

/**
 * Every announced round is a funding_round signal, one per round however many articles report it.
 * Its impact is calibrated (signal-priority.ts): high for our companies' recent, material rounds.
 * For our companies it is also the moment to offer a facility (what the market_opportunity rule
 * used to say in a second signal about the same round).
 */
export function fundingRoundSignals(context: RuleContext): DerivedSignal[] {
  return context.focus.map((round) => {
    const relevance = context.relevanceOf(round);
    const tracked = round.companyId ? context.companyById.get(round.companyId) : undefined;
    const actions = [
      facilityOffer(
        round.amountEur,
        round.amountRaised !== null && round.currency
          ? { amount: round.amountRaised, currency: round.currency }
          : undefined,
      ),
    ];
    if (!tracked) actions.push(`Add ${round.companyName} to your companies to track it`);
    if (isOurs(tracked)) actions.push(`Contact ${tracked.name} this week, while the round is closing`);
    const impact = roundImpact(round, relevance.score, tracked, context.now);
    const lead = round.investors[0];
    if (lead) actions.push(`Ask ${lead} (lead investor) for an introduction`);
    const where = roundGeography(round);
    return {
      dedupKey: fundingRoundKey(round.id),
      signalType: 'funding_round',
      companyName: round.companyName,
      companyId: tracked?.id ?? null,
      announcementId: round.id,
      title: `${round.companyName} ${raisedPhrase(round)} in a ${roundKind(round)}`,
      description: [
        round.title,
        [roundSectorName(round), where].filter(Boolean).join(', ') || null,
        sourceSentence(round),
      ]
        .filter(Boolean)
        .join(' — '),
      relevanceScore: relevance.score,
      impactLevel: impact.level,
      recommendedActions: actions,
      data: {
        rule: 'funding_round',
        reason: `${round.rumoured ? 'A rumoured' : 'An announced'} ${roundKind(round)}; impact ${impact.level}: ${impact.words}.`,
        round: roundSource(round),
        relevance: relevanceData(relevance),
      },
      occurredAt: round.announcedAt,
    };
  });
}
