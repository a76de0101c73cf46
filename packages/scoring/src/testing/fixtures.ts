import { DEFAULT_THESIS, type TFinancialMetrics, type TInvestmentThesis } from '@atempo/contracts';
import type { RuleContext } from '../red-flags/types.ts';
import type { ScoringSubject } from '../subject.ts';

/** Test helpers only (not exported from the package). */

export const NOW = new Date('2025-06-01T12:00:00Z');

export const THESIS: TInvestmentThesis = DEFAULT_THESIS;

export function thesisWith(patch: Partial<TInvestmentThesis>): TInvestmentThesis {
  return { ...structuredClone(DEFAULT_THESIS), ...patch };
}

/** A healthy Series B SaaS company in London asking for €8M: it should trip no rule. */
export const HEALTHY_METRICS: TFinancialMetrics = {
  arr: 20_000_000,
  revenue_growth: 0.8,
  gross_margin: 0.78,
  monthly_burn: 600_000,
  cash: 18_000_000,
  monthly_churn: 0.01,
  net_revenue_retention: 1.15,
  cac_payback_months: 14,
  last_round_amount: 30_000_000,
  last_round_date: '2024-11-15',
};

export const HEALTHY_DEAL: ScoringSubject = {
  sector: 'B2B SaaS',
  geography: 'London, UK',
  stage: 'Series B',
  deal_type: 'venture_debt',
  amount_requested: 8_000_000,
  financial_metrics: HEALTHY_METRICS,
  last_interaction_at: '2025-05-20T10:00:00Z',
};

export function context(
  metrics: TFinancialMetrics,
  subject: ScoringSubject = {},
  thesis: TInvestmentThesis = THESIS,
): RuleContext {
  return { subject: { ...subject, financial_metrics: metrics }, metrics, thesis, now: NOW };
}
