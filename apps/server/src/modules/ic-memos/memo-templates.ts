import type { TIcMemoSection } from '@atempo/contracts';
import type { Footnotes } from './footnotes.ts';
import type { IcMemoFacts } from './ic-memo-facts.ts';
import { companyOverview, productTechnology, teamAssessment } from './templates/company.ts';
import { dealTerms } from './templates/deal-terms.ts';
import { executiveSummary } from './templates/executive-summary.ts';
import { financialAnalysis } from './templates/financial-analysis.ts';
import { competitiveLandscape, marketOpportunity } from './templates/market.ts';
import { recommendation } from './templates/recommendation.ts';
import { riskAssessment } from './templates/risk-assessment.ts';
import { Writer } from './templates/writer.ts';

export { decisionOf, type IcDecision } from './templates/decision.ts';
export { DECISION_LABELS, RISK_LEVEL_LABELS } from './templates/labels.ts';

/**
 * The built-in analyst's memo: one deterministic template per section (templates/). Every figure is
 * written next to its footnote marker; what the data does not hold is said in the section (with what
 * to upload) and listed once in data_gaps, never filled in.
 */

/** The memo's body before it is rendered: sections, footnotes and what was missing. */
export interface MemoDraft {
  content: Record<TIcMemoSection, string>;
  footnotes: Footnotes;
  data_gaps: string[];
}

const TEMPLATES: Record<TIcMemoSection, (writer: Writer) => string> = {
  executive_summary: executiveSummary,
  company_overview: companyOverview,
  market_opportunity: marketOpportunity,
  competitive_landscape: competitiveLandscape,
  product_technology: productTechnology,
  team_assessment: teamAssessment,
  financial_analysis: financialAnalysis,
  risk_assessment: riskAssessment,
  deal_terms: dealTerms,
  recommendation: recommendation,
};

/** Writes every section from the facts, in reading order (footnotes are numbered as they first appear). */
export function writeTemplateMemo(facts: IcMemoFacts): MemoDraft {
  const writer = new Writer(facts);
  const content = {} as Record<TIcMemoSection, string>;
  for (const section of Object.keys(TEMPLATES) as TIcMemoSection[])
    content[section] = TEMPLATES[section](writer);
  return { content, footnotes: writer.notes, data_gaps: writer.gaps };
}
