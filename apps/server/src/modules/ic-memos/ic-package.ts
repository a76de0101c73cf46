import type { TIcMemo, TIcPackage } from '@atempo/contracts';
import type { IcMemoFacts } from './ic-memo-facts.ts';
import { packageFinancials } from './ic-package-financials.ts';
import { DECISION_LABELS, decisionOf, RISK_LEVEL_LABELS } from './memo-templates.ts';

/**
 * The IC package of spec 02 §3 (what the agent generator answers), taken from a stored memo and
 * the facts it was written from: the figures are the facts' own numbers, the texts the memo's
 * sections (footnote markers and all, so each figure still points at its source).
 */
export function icPackageOf(memo: TIcMemo, facts: IcMemoFacts): TIcPackage {
  const amount = facts.terms?.items.find((item) => item.name === 'facility_amount');
  const suggestion = facts.suggested_facility;
  const facilityAmount = amount?.value ?? suggestion?.max ?? null;
  const decision = decisionOf(facts);
  return {
    memo_id: memo.id,
    version: memo.version,
    deal_id: memo.deal_id,
    company_name: memo.company_name,
    executive_summary: memo.content.executive_summary ?? '',
    investment_recommendation: {
      decision,
      rationale: memo.content.recommendation ?? DECISION_LABELS[decision],
    },
    deal_terms: {
      facility_amount: facilityAmount,
      facility_range: amount ? null : suggestion ? { min: suggestion.min, max: suggestion.max } : null,
      is_proposal: !amount,
      summary: memo.content.deal_terms ?? '',
    },
    financial_analysis: packageFinancials(facts, memo.content.financial_analysis ?? ''),
    risk_assessment: {
      overall_risk_rating: facts.deal.red_flag_level
        ? RISK_LEVEL_LABELS[facts.deal.red_flag_level]
        : 'Not scored',
      red_flag_score: facts.deal.red_flag_score,
      key_concerns: facts.red_flags
        .filter((flag) => flag.severity === 'critical' || flag.severity === 'high')
        .map((flag) => flag.description),
      summary: memo.content.risk_assessment ?? '',
    },
    data_gaps: memo.metadata.data_gaps,
    formatted_markdown: memo.formatted_markdown,
    footnotes: memo.footnotes,
    generated_by: memo.metadata.generated_by,
    generation_time_seconds: memo.metadata.generation_time_seconds,
  };
}
