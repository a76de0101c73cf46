import { z } from 'zod';
import {
  ZDocumentListItem,
  ZFacilityTerms,
  ZKeyMetric,
  ZKeyMetricName,
  ZOtherCompany,
  ZSourcedText,
} from './documents.ts';

/** GET /deals/{id}/intelligence (spec 01 §3 deal intelligence). */
export const ZDealIntelligence = z.object({
  deal_id: z.uuid(),
  company_name: z.string(),
  document_intelligence: z.object({
    documents: z.array(ZDocumentListItem),
    documents_analysed: z.number().int(),
    /** Analysed documents that appear to be about another company than the deal's (issue 18 §4). */
    other_company_documents: z
      .array(ZOtherCompany.extend({ document_id: z.uuid(), document_name: z.string() }))
      .optional(),
    /**
     * Per metric, the newest document's figure; each keeps its source and document. Documents about
     * the deal's company come first; a figure from another company's document carries other_company.
     */
    key_metrics: z.partialRecord(
      ZKeyMetricName,
      ZKeyMetric.extend({
        document_id: z.uuid(),
        document_name: z.string(),
        other_company: ZOtherCompany.optional(),
      }),
    ),
    risk_flags: z.array(ZSourcedText.extend({ document_id: z.uuid(), document_name: z.string() })),
    action_items: z.array(z.string()),
    facility_terms: ZFacilityTerms.extend({ document_id: z.uuid(), document_name: z.string() }).nullable(),
    summary: z.string().nullable(),
  }),
});
export type TDealIntelligence = z.infer<typeof ZDealIntelligence>;
