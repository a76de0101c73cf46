import type { TFinancialMetrics } from '@atempo/contracts';

/**
 * What is scored: a deal or a company, reduced to the facts the scores use. Everything is
 * optional; missing facts lower confidence (neutral-low component scores, data-quality flags)
 * but never make scoring fail.
 */
export interface ScoringSubject {
  /** Free text, matched forgivingly to the thesis sectors ("SaaS", "FinTech", "Climate Tech"). */
  sector?: string | null;
  /** Country, region or "City, Country" ("UK", "Berlin, Germany", "Nordics", "Europe"). */
  geography?: string | null;
  /** Funding stage of the company (Seed … Pre-IPO), not the pipeline stage of a deal. */
  stage?: string | null;
  /** One of the thesis deal types (venture_debt, …); free text is tolerated. */
  deal_type?: string | null;
  /** Ticket asked for, in the thesis currency (deals only). */
  amount_requested?: number | null;
  financial_metrics?: TFinancialMetrics | null;
  /**
   * ISO time of the last interaction with the company. `null` says there has been none (the
   * relationship age then runs from `created_at`); `undefined` means unknown: no relationship flag.
   */
  last_interaction_at?: string | null;
  /** ISO time the deal or company entered the platform. */
  created_at?: string | null;
  /** Where the deal came from (direct, tier1_vc, …). Informational: no score uses it yet. */
  source_type?: string | null;
}

/**
 * The subject fields the scores depend on: when one of them changes, the server re-scores.
 * (Relationship flags also depend on the clock, so a periodic re-score keeps them fresh.)
 */
export const SCORE_INPUT_FIELDS = [
  'sector',
  'geography',
  'stage',
  'deal_type',
  'amount_requested',
  'financial_metrics',
  'last_interaction_at',
  'created_at',
] as const satisfies readonly (keyof ScoringSubject)[];
export type ScoreInputField = (typeof SCORE_INPUT_FIELDS)[number];
