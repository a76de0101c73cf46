import { facilityOffer } from '../facility-offer.ts';
import type { RuleContext } from './rule-context.ts';
import {
  type DerivedSignal,
  impactFromRelevance,
  raisedPhrase,
  relevanceData,
  roundGeography,
  roundKind,
  roundSectorName,
  roundSource,
  sourceSentence,
} from './signal-facts.ts';

/** The key a round's funding_round signal is stored under: one signal per announcement. */
export const fundingRoundKey = (announcementId: string) => `funding_round:${announcementId}`;

/** Every announced round is a funding_round signal; its impact follows its relevance to the thesis. */
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
      impactLevel: impactFromRelevance(relevance.score),
      recommendedActions: actions,
      data: {
        rule: 'funding_round',
        reason: `${round.rumoured ? 'A rumoured' : 'An announced'} ${roundKind(round)}; impact from relevance ${relevance.score} (high from 0.75, medium from 0.5).`,
        round: roundSource(round),
        relevance: relevanceData(relevance),
      },
      occurredAt: round.announcedAt,
    };
  });
}
