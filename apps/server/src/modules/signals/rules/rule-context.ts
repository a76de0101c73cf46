import type { TInvestmentThesis } from '@atempo/contracts';
import { type Relevance, scoreRelevance } from '../signal-relevance.ts';
import { type RoundFact, roundGeography, type TrackedCompany } from './signal-facts.ts';

/** What every rule reads: the rounds in the window, the organisation's companies and thesis. */
export interface RuleContext {
  thesis: TInvestmentThesis;
  /** Every round in the scan window (context for clusters and comparisons). */
  rounds: RoundFact[];
  /** The rounds to derive per-round signals for (all of `rounds` unless the scan names some). */
  focus: RoundFact[];
  companies: TrackedCompany[];
  companyById: Map<string, TrackedCompany>;
  relevanceOf(round: RoundFact): Relevance;
  now: Date;
}

export function ruleContext(input: {
  thesis: TInvestmentThesis;
  rounds: RoundFact[];
  focusIds?: readonly string[];
  companies: TrackedCompany[];
  now: Date;
}): RuleContext {
  const memo = new Map<string, Relevance>();
  const focusIds = input.focusIds ? new Set(input.focusIds) : null;
  return {
    thesis: input.thesis,
    rounds: input.rounds,
    focus: focusIds ? input.rounds.filter((round) => focusIds.has(round.id)) : input.rounds,
    companies: input.companies,
    companyById: new Map(input.companies.map((company) => [company.id, company])),
    now: input.now,
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
