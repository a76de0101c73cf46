import type { ToolContext } from '../assistant/index.ts';
import { sourcedFiguresOf } from '../assistant/index.ts';
import { getCompanyRow } from '../companies/index.ts';
import { getDealIntelligence } from '../deal-intelligence/index.ts';
import { getDeal } from '../deals/index.ts';
import { calculations } from './facts/calculations.ts';
import { companyFacts } from './facts/company.ts';
import { comparableFacts } from './facts/comparables.ts';
import { dealFacts, dealRefOf } from './facts/deal.ts';
import { documentFacts, documentRiskFacts } from './facts/documents.ts';
import type { IcMemoFacts } from './facts/fact-types.ts';
import { pickMetricsWithReadings } from './facts/metrics.ts';
import { redFlagFacts } from './facts/red-flags.ts';
import { scoringFacts } from './facts/scoring.ts';
import { suggestedFacilityFacts } from './facts/suggested-facility.ts';
import { termFacts } from './facts/terms.ts';

export type { CitedMetric, CitedTerm, IcMemoFacts, OtherReading } from './facts/fact-types.ts';
export { METRIC_LABELS } from './facts/metrics.ts';

/**
 * The facts of an IC memo, gathered from the deal, its company, its documents and the organisation's
 * comparable deals, one reader per group (facts/): see IcMemoFacts for what each says.
 */

/** Gathers the facts of one deal of the organisation; the deal missing answers 404 (getDeal). */
export async function gatherIcMemoFacts(context: ToolContext, dealId: string): Promise<IcMemoFacts> {
  const deal = await getDeal(context.db, context.organizationId, dealId);
  const [companyRow, intelligence, figures] = await Promise.all([
    getCompanyRow(context.db, context.organizationId, deal.company_id),
    getDealIntelligence(context.db, context.organizationId, dealId),
    sourcedFiguresOf(context, { deal_id: dealId }),
  ]);
  const dealRef = dealRefOf(deal);
  const dealRecord = dealFacts(deal);
  const company = companyFacts(companyRow);
  const documentIntelligence = intelligence.document_intelligence;
  // A document about another company lends none of its figures: sourcedFiguresOf leaves them out.
  const { metrics, other_readings } = pickMetricsWithReadings(figures ?? [], dealRecord, company);
  const scoring = scoringFacts(deal, dealRef);
  const terms = termFacts(documentIntelligence);
  const comparables = await comparableFacts(context, deal);
  return {
    gathered_at: context.now.toISOString(),
    deal: dealRecord,
    scoring,
    company,
    metrics,
    other_readings,
    documents: documentFacts(documentIntelligence),
    red_flags: redFlagFacts(deal, dealRef, metrics),
    document_risks: documentRiskFacts(documentIntelligence),
    terms,
    suggested_facility: suggestedFacilityFacts(deal, dealRef),
    calculations: calculations(metrics),
    comparables,
  };
}
