import { compactName, formatMoney, resolvePlace, sameSector } from '@atempo/scoring';
import type { RuleContext } from './rule-context.ts';
import {
  type DerivedSignal,
  relevanceData,
  roundAmount,
  roundGeography,
  roundKind,
  roundSource,
  sourceSentence,
} from './signal-facts.ts';

/** A competitor's round from this size is a large one: high impact. */
export const LARGE_ROUND_EUR = 20_000_000;

/** The same country, or the round's country inside the company's region. A bare "Europe" round is too vague. */
export function sameGeography(roundPlace: string | null, companyPlace: string | null): boolean {
  if (!roundPlace || !companyPlace) return false;
  const round = resolvePlace(roundPlace);
  const company = resolvePlace(companyPlace);
  if (!round || !company) return compactName(roundPlace) === compactName(companyPlace);
  if (round.name === company.name) return true;
  return round.kind === 'country' && company.kind === 'region' && company.members.has(round.name);
}

/**
 * competitive_threat: a company in the same sector and geography as one of ours (with a deal, or
 * watched) raised. One signal per round and threatened company, linked to ours so its watchers
 * hear of it; high when the round is large.
 */
export function competitiveThreatSignals(context: RuleContext): DerivedSignal[] {
  const ours = context.companies.filter((company) => company.hasDeal || company.watched);
  const signals: DerivedSignal[] = [];
  for (const round of context.focus) {
    const where = roundGeography(round);
    for (const company of ours) {
      if (company.id === round.companyId) continue;
      if (compactName(company.name) === compactName(round.companyName)) continue;
      if (!sameSector(round.sector, company.industry, context.thesis)) continue;
      if (!sameGeography(where, company.country)) continue;
      const relevance = context.relevanceOf(round);
      const large = round.amountEur !== null && round.amountEur >= LARGE_ROUND_EUR;
      const impact = large ? 'high' : round.amountEur !== null ? 'medium' : 'low';
      signals.push({
        dedupKey: `competitive_threat:${round.id}:${company.id}`,
        signalType: 'competitive_threat',
        companyName: company.name,
        companyId: company.id,
        announcementId: round.id,
        title: `${round.companyName} raised ${roundAmount(round)}: a competitor of ${company.name}`,
        description: `${round.companyName} (${round.sector}, ${where}) raised ${roundAmount(round)} in a ${roundKind(round)}, in the same sector and market as ${company.name}. ${sourceSentence(round)}`,
        relevanceScore: relevance.score,
        impactLevel: impact,
        recommendedActions: [
          `Ask ${company.name} for an update on competition, pipeline and runway`,
          `Review ${company.name}'s covenants and milestones against a better-funded competitor`,
        ],
        data: {
          rule: 'competitive_threat',
          reason: `Same sector (${round.sector} / ${company.industry}) and market (${where} / ${company.country}); ${
            large
              ? `a large round (from ${formatMoney(LARGE_ROUND_EUR)})`
              : round.amountEur !== null
                ? `a round under ${formatMoney(LARGE_ROUND_EUR)}`
                : 'round size not in the data'
          }.`,
          competitor: { name: round.companyName, company_id: round.companyId },
          threatened: {
            id: company.id,
            name: company.name,
            has_deal: company.hasDeal,
            watched: company.watched,
          },
          round: roundSource(round),
          relevance: relevanceData(relevance),
        },
        occurredAt: round.announcedAt,
      });
    }
  }
  return signals;
}
