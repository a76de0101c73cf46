import type { TInvestmentThesis } from '@atempo/contracts';
import { type Relevance, scoreRelevance } from '../signal-relevance.ts';
import type { DocumentFacts } from './document-evidence.ts';
import { groupRounds } from './round-identity.ts';
import { type RoundFact, roundGeography, type TrackedCompany } from './signal-facts.ts';

/**
 * What every rule reads: the rounds in the window, the organisation's companies, the recent
 * documents of those companies, and its thesis.
 */
export interface RuleContext {
  thesis: TInvestmentThesis;
  /** Every round in the scan window, one per round however many articles report it (round-identity.ts). */
  rounds: RoundFact[];
  /** The rounds to derive per-round signals for (all of `rounds` unless the scan names some). */
  focus: RoundFact[];
  /** Announcements that are further reports of a round in `rounds`: their own signals are folded into its. */
  duplicateAnnouncementIds: string[];
  /** True unless the scan names rounds: only a full scan derives signals that stand without a round. */
  fullScan: boolean;
  companies: TrackedCompany[];
  companyById: Map<string, TrackedCompany>;
  /** The companies' analysed documents in the window, newest first, with their listing and competition passages. */
  documents: DocumentFacts[];
  documentsOf(companyId: string): DocumentFacts[];
  relevanceOf(round: RoundFact): Relevance;
  /** A company's relevance from its record (sector, country, stage; no round size). */
  relevanceOfCompany(company: TrackedCompany): Relevance;
  now: Date;
}

export function ruleContext(input: {
  thesis: TInvestmentThesis;
  rounds: RoundFact[];
  focusIds?: readonly string[];
  companies: TrackedCompany[];
  documents?: DocumentFacts[];
  now: Date;
}): RuleContext {
  const memo = new Map<string, Relevance>();
  const focusIds = input.focusIds ? new Set(input.focusIds) : null;
  const groups = groupRounds(input.rounds);
  const rounds = groups.map((group) => group.representative);
  const focus = focusIds
    ? groups
        .filter((group) => group.members.some((member) => focusIds.has(member.id)))
        .map((group) => group.representative)
    : rounds;
  const documents = input.documents ?? [];
  const documentsByCompany = new Map<string, DocumentFacts[]>();
  for (const document of documents) {
    const list = documentsByCompany.get(document.companyId);
    if (list) list.push(document);
    else documentsByCompany.set(document.companyId, [document]);
  }
  return {
    thesis: input.thesis,
    rounds,
    focus,
    duplicateAnnouncementIds: groups.flatMap((group) => group.members.slice(1).map((member) => member.id)),
    fullScan: focusIds === null,
    companies: input.companies,
    companyById: new Map(input.companies.map((company) => [company.id, company])),
    documents,
    documentsOf: (companyId) => documentsByCompany.get(companyId) ?? [],
    now: input.now,
    relevanceOfCompany: (company) =>
      scoreRelevance(
        { sector: company.industry, geography: company.country, stage: company.stage, amountEur: null },
        input.thesis,
      ),
    relevanceOf: (round) => {
      let relevance = memo.get(round.id);
      if (!relevance) {
        relevance = scoreRelevance(
          {
            sector: round.sector,
            geography: roundGeography(round),
            stage: round.stage,
            amountEur: round.amountEur,
          },
          input.thesis,
        );
        memo.set(round.id, relevance);
      }
      return relevance;
    },
  };
}
