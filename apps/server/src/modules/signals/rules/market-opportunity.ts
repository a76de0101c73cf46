import { formatMoney, formatPercent, matchSector } from '@atempo/scoring';
import { facilityOffer } from '../facility-offer.ts';
import { documentSource } from './document-evidence.ts';
import type { RuleContext } from './rule-context.ts';
import { type DerivedSignal, type RoundFact, relevanceData, roundKind, roundSource } from './signal-facts.ts';
import { urgentOnlyIfRecent } from './signal-priority.ts';

/** Rounds in one thesis sector within this many days make a cluster… */
export const CLUSTER_WINDOW_DAYS = 30;
/** …from this many rounds (medium impact: a sector warming up is read, not acted on this week). */
export const CLUSTER_MIN_ROUNDS = 3;
/** Revenue growth (a fraction, as the analyst reads it) from which a document makes an opportunity… */
export const STRONG_REVENUE_GROWTH = 0.5;
/** …and from which it is high impact (revenue doubling). */
export const DOUBLING_REVENUE_GROWTH = 1;
/** Risk flags of the document quoted with a growth opportunity, as the caveats a lender reads first. */
const QUOTED_RISK_FLAGS = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * market_opportunity: (1) a tracked company raised — the moment to offer a facility, one level
 * more urgent than the round's own relevance; (2) several rounds in one thesis sector within the
 * window — a market worth working, one standing signal per sector; (3) a tracked company in a
 * thesis sector whose document shows strong revenue growth — one standing signal per document.
 */
export function marketOpportunitySignals(context: RuleContext): DerivedSignal[] {
  // A tracked company's own round is its funding_round signal (one signal per round), which
  // carries the facility offer and the "contact this week" action.
  return [...sectorClusters(context), ...documentedGrowth(context)];
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
      // A sector warming up is worth reading, not acting on this week: never high.
      impactLevel: 'medium',
      recommendedActions: [
        `Prioritise outreach in ${group.name}: ${names.slice(0, 5).join(', ')} raised in the last ${CLUSTER_WINDOW_DAYS} days`,
        ...rounds.slice(0, 3).map((round) => `${round.companyName}: ${facilityOffer(round.amountEur)}`),
      ],
      data: {
        rule: 'market_opportunity',
        reason: `${rounds.length} rounds in the thesis sector ${group.name} within ${CLUSTER_WINDOW_DAYS} days (from ${CLUSTER_MIN_ROUNDS}; a sector trend is medium, never urgent); relevance is their mean.`,
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

function documentedGrowth(context: RuleContext): DerivedSignal[] {
  if (!context.fullScan) return [];
  const signals: DerivedSignal[] = [];
  for (const document of context.documents) {
    const growth = document.keyMetrics.revenue_growth;
    const company = context.companyById.get(document.companyId);
    if (!growth || growth.value < STRONG_REVENUE_GROWTH || !company?.industry) continue;
    const sector = matchSector(company.industry, context.thesis);
    if (!sector) continue;
    const sectorName = sector.preference.name ?? sector.key;
    const rate = formatPercent(growth.value, 1);
    const source = documentSource(document, { location: growth.source, excerpt: growth.source.excerpt });
    const caveats = document.riskFlags.slice(0, QUOTED_RISK_FLAGS).map((flag) => flag.text);
    const relevance = context.relevanceOfCompany(company);
    signals.push({
      dedupKey: `market_opportunity:document:${document.id}`,
      signalType: 'market_opportunity',
      companyName: company.name,
      companyId: company.id,
      announcementId: null,
      title: `${company.name} reports revenue growth of ${rate} in ${sectorName}`,
      description: [
        `${document.name} (${source.location.label}) reports revenue growth of ${rate}${growth.period ? ` (${growth.period})` : ''}: "${source.excerpt}".`,
        `${company.name} is in ${sectorName} (thesis weight ${sector.preference.weight}).`,
        ...(caveats.length > 0 ? [`The document also flags: ${caveats.join(' ')}`] : []),
      ].join(' '),
      relevanceScore: relevance.score,
      impactLevel: urgentOnlyIfRecent(
        growth.value >= DOUBLING_REVENUE_GROWTH ? 'high' : 'medium',
        document.processedAt,
        context.now,
      ),
      recommendedActions: [
        `Propose a growth facility to ${company.name}, sized on its revenue and runway`,
        `Confirm the growth of ${rate} against ${company.name}'s monthly management accounts`,
      ],
      data: {
        rule: 'market_opportunity',
        reason: `Revenue growth of ${rate} in a document of a tracked company in the thesis sector ${sectorName} (from ${formatPercent(STRONG_REVENUE_GROWTH)} counts; high from ${formatPercent(DOUBLING_REVENUE_GROWTH)} while the document is recent).`,
        document: source,
        metric: { name: 'revenue_growth', value: growth.value, period: growth.period },
        risk_flags: document.riskFlags.map((flag) => flag.text),
        sector: { key: sector.key, name: sectorName, weight: sector.preference.weight },
        relevance: relevanceData(relevance),
      },
      occurredAt: document.processedAt,
    });
  }
  return signals;
}
