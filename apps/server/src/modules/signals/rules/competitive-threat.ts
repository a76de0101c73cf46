import type { TImpactLevel } from '@atempo/contracts';
import { compactName, formatMoney, resolvePlace, sameSector } from '@atempo/scoring';
import { citeHit, wholeWordIndex } from './document-evidence.ts';
import type { RuleContext } from './rule-context.ts';
import {
  type DerivedSignal,
  type RoundFact,
  raisedPhrase,
  raiseImpact,
  relevanceData,
  roundGeography,
  roundKind,
  roundSectorName,
  roundSource,
  sourceSentence,
  type TrackedCompany,
} from './signal-facts.ts';
import { urgentOnlyIfRecent } from './signal-priority.ts';

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

/** Words that make a passage about competition: a company named there is named as a competitor. */
export const COMPETITION_WORDS = /\b(?:compet\w*|rivals?)\b/i;
/** Names shorter than this are too likely to be ordinary words or initials to look for in text. */
const MIN_NAME_LENGTH = 3;

/**
 * Citations of the documents of `company` naming the round's company in a passage about
 * competition (the first such passage of each document).
 */
function namedAsCompetitor(context: RuleContext, company: TrackedCompany, round: RoundFact) {
  if (round.companyName.length < MIN_NAME_LENGTH) return [];
  return context.documentsOf(company.id).flatMap((document) => {
    for (const passage of document.passages) {
      if (!COMPETITION_WORDS.test(passage.text)) continue;
      const index = wholeWordIndex(passage.text, round.companyName);
      if (index !== -1) return [citeHit(document, { passage, index, found: round.companyName })];
    }
    return [];
  });
}

function sizeImpact(round: RoundFact): { impact: TImpactLevel; words: string } {
  if (round.amountEur === null) return { impact: 'low', words: 'round size not in the data' };
  if (round.amountEur >= LARGE_ROUND_EUR) {
    return { impact: 'high', words: `a large round (from ${formatMoney(LARGE_ROUND_EUR)})` };
  }
  return { impact: 'medium', words: `a round under ${formatMoney(LARGE_ROUND_EUR)}` };
}

/**
 * competitive_threat: another company raised, and it competes with one of ours (with a deal, or
 * watched): in the same sector and geography, or named as a competitor in our company's own
 * documents. One signal per round and threatened company, linked to ours so its watchers hear of
 * it; high when the round is large, and one level higher when our company's documents name it.
 */
export function competitiveThreatSignals(context: RuleContext): DerivedSignal[] {
  const ours = context.companies.filter((company) => company.hasDeal || company.watched);
  const signals: DerivedSignal[] = [];
  for (const round of context.focus) {
    const where = roundGeography(round);
    for (const company of ours) {
      if (company.id === round.companyId) continue;
      if (compactName(company.name) === compactName(round.companyName)) continue;
      const sameMarket =
        sameSector(round.sector, company.industry, context.thesis) && sameGeography(where, company.country);
      const cited = namedAsCompetitor(context, company, round);
      if (!sameMarket && cited.length === 0) continue;
      const relevance = context.relevanceOf(round);
      const size = sizeImpact(round);
      const why = [
        ...(sameMarket
          ? [
              `Same sector (${roundSectorName(round)} / ${company.industry}) and market (${where} / ${company.country})`,
            ]
          : []),
        ...cited.map((source) => `named as a competitor in ${source.name} (${source.location.label})`),
      ];
      const relation = [
        sameMarket ? `in the same sector and market as ${company.name}` : null,
        cited[0]
          ? `named as a competitor in ${company.name}'s ${cited[0].name} (${cited[0].location.label})`
          : null,
      ]
        .filter(Boolean)
        .join(', and ');
      signals.push({
        dedupKey: `competitive_threat:${round.id}:${company.id}`,
        signalType: 'competitive_threat',
        companyName: company.name,
        companyId: company.id,
        announcementId: round.id,
        title: `${round.companyName} ${raisedPhrase(round)}: a competitor of ${company.name}`,
        description: `${round.companyName} (${[roundSectorName(round), where].filter(Boolean).join(', ') || 'sector and market not in the data'}) ${raisedPhrase(round)} in a ${roundKind(round)}, ${relation}. ${sourceSentence(round)}`,
        relevanceScore: relevance.score,
        // Urgent only when our company's own documents name the competitor and the news is recent.
        impactLevel:
          cited.length > 0
            ? urgentOnlyIfRecent(raiseImpact(size.impact), round.announcedAt, context.now)
            : size.impact === 'high'
              ? 'medium'
              : size.impact,
        recommendedActions: [
          `Ask ${company.name} for an update on competition, pipeline and runway`,
          `Review ${company.name}'s covenants and milestones against a better-funded competitor`,
        ],
        data: {
          rule: 'competitive_threat',
          reason: `${why.join('; ')}; ${size.words}${cited.length > 0 ? ', one level higher for a competitor our company names' : ''}.`,
          competitor: { name: round.companyName, company_id: round.companyId },
          threatened: {
            id: company.id,
            name: company.name,
            has_deal: company.hasDeal,
            watched: company.watched,
          },
          round: roundSource(round),
          ...(cited.length > 0 ? { documents: cited } : {}),
          relevance: relevanceData(relevance),
        },
        occurredAt: round.announcedAt,
      });
    }
  }
  return signals;
}
