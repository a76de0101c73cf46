import { formatMoney, matchSector } from '@atempo/scoring';
import { facilityOffer } from '../facility-offer.ts';
import type { RuleContext } from './rule-context.ts';
import {
  type DerivedSignal,
  impactFromRelevance,
  type RoundFact,
  raiseImpact,
  relevanceData,
  roundAmount,
  roundKind,
  roundSource,
  sourceSentence,
} from './signal-facts.ts';

/** Rounds in one thesis sector within this many days make a cluster… */
export const CLUSTER_WINDOW_DAYS = 30;
/** …from this many rounds (high impact from CLUSTER_HIGH_ROUNDS). */
export const CLUSTER_MIN_ROUNDS = 3;
export const CLUSTER_HIGH_ROUNDS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * market_opportunity: (1) a tracked company raised — the moment to offer a facility, one level
 * more urgent than the round's own relevance; (2) several rounds in one thesis sector within the
 * window — a market worth working, one standing signal per sector.
 */
export function marketOpportunitySignals(context: RuleContext): DerivedSignal[] {
  return [...trackedCompanyRaised(context), ...sectorClusters(context)];
}

function trackedCompanyRaised(context: RuleContext): DerivedSignal[] {
  const signals: DerivedSignal[] = [];
  for (const round of context.focus) {
    const company = round.companyId ? context.companyById.get(round.companyId) : undefined;
    if (!company) continue;
    const relevance = context.relevanceOf(round);
    signals.push({
      dedupKey: `market_opportunity:announcement:${round.id}`,
      signalType: 'market_opportunity',
      companyName: company.name,
      companyId: company.id,
      announcementId: round.id,
      title: `${company.name} just raised ${roundAmount(round)}: time to offer a facility`,
      description: `${company.name}, a company you track, raised ${roundAmount(round)} in a ${roundKind(round)}. Fresh equity is the best moment to offer venture debt. ${sourceSentence(round)}`,
      relevanceScore: relevance.score,
      impactLevel: raiseImpact(impactFromRelevance(relevance.score)),
      recommendedActions: [
        facilityOffer(
          round.amountEur,
          round.amountRaised !== null && round.currency
            ? { amount: round.amountRaised, currency: round.currency }
            : undefined,
        ),
        `Contact ${company.name} this week, while the round is closing`,
      ],
      data: {
        rule: 'market_opportunity',
        reason: `A tracked company raised; impact one level above relevance ${relevance.score}.`,
        round: roundSource(round),
        relevance: relevanceData(relevance),
      },
      occurredAt: round.announcedAt,
    });
  }
  return signals;
}

function sectorClusters(context: RuleContext): DerivedSignal[] {
  const since = context.now.getTime() - CLUSTER_WINDOW_DAYS * DAY_MS;
  const bySector = new Map<string, { name: string; weight: number; rounds: RoundFact[] }>();
  for (const round of context.rounds) {
    if (!round.sector || round.announcedAt.getTime() < since) continue;
    const match = matchSector(round.sector, context.thesis);
    if (!match) continue;
    const group = bySector.get(match.key) ?? {
      name: match.preference.name ?? match.key,
      weight: match.preference.weight,
      rounds: [],
    };
    group.rounds.push(round);
    bySector.set(match.key, group);
  }
  const signals: DerivedSignal[] = [];
  for (const [key, group] of [...bySector.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (group.rounds.length < CLUSTER_MIN_ROUNDS) continue;
    const rounds = [...group.rounds].sort(
      (a, b) =>
        b.announcedAt.getTime() - a.announcedAt.getTime() || a.companyName.localeCompare(b.companyName),
    );
    const relevance =
      Math.round(
        (rounds.reduce((sum, round) => sum + context.relevanceOf(round).score, 0) / rounds.length) * 100,
      ) / 100;
    const known = rounds.filter((round) => round.amountEur !== null);
    const total = known.reduce((sum, round) => sum + (round.amountEur ?? 0), 0);
    const names = rounds.map((round) => round.companyName);
    const totalText =
      known.length > 0
        ? `${formatMoney(total)} raised across the ${known.length} round${known.length === 1 ? '' : 's'} with a known amount`
        : 'no round gives its amount';
    signals.push({
      dedupKey: `market_opportunity:sector:${key}`,
      signalType: 'market_opportunity',
      companyName: group.name,
      companyId: null,
      announcementId: null,
      title: `${rounds.length} rounds in ${group.name} in the last ${CLUSTER_WINDOW_DAYS} days`,
      description: `${names.join(', ')} raised in ${group.name} (thesis weight ${group.weight}); ${totalText}.`,
      relevanceScore: relevance,
      impactLevel: rounds.length >= CLUSTER_HIGH_ROUNDS ? 'high' : 'medium',
      recommendedActions: [
        `Prioritise outreach in ${group.name}: ${names.slice(0, 5).join(', ')} raised in the last ${CLUSTER_WINDOW_DAYS} days`,
        ...rounds.slice(0, 3).map((round) => `${round.companyName}: ${facilityOffer(round.amountEur)}`),
      ],
      data: {
        rule: 'market_opportunity',
        reason: `${rounds.length} rounds in the thesis sector ${group.name} within ${CLUSTER_WINDOW_DAYS} days (from ${CLUSTER_MIN_ROUNDS}; high from ${CLUSTER_HIGH_ROUNDS}); relevance is their mean.`,
        sector: { key, name: group.name, weight: group.weight },
        rounds: rounds.map((round) => ({
          ...roundSource(round),
          company_name: round.companyName,
          relevance: context.relevanceOf(round).score,
          kind: roundKind(round),
        })),
      },
      occurredAt: rounds[0]!.announcedAt,
    });
  }
  return signals;
}
