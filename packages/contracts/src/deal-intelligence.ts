import { z } from 'zod';
import { ZDocumentListItem, ZFacilityTerms, ZKeyMetric, ZKeyMetricName, ZSourcedText } from './documents.ts';

/** GET /deals/{id}/intelligence (spec 01 §3 deal intelligence). */
export const ZDealIntelligence = z.object({
  deal_id: z.uuid(),
  company_name: z.string(),
  document_intelligence: z.object({
    documents: z.array(ZDocumentListItem),
    documents_analysed: z.number().int(),
    /** Per metric, the newest document's figure; each keeps its source and document. */
    key_metrics: z.partialRecord(
      ZKeyMetricName,
      ZKeyMetric.extend({ document_id: z.uuid(), document_name: z.string() }),
    ),
    risk_flags: z.array(ZSourcedText.extend({ document_id: z.uuid(), document_name: z.string() })),
    action_items: z.array(z.string()),
    facility_terms: ZFacilityTerms.extend({ document_id: z.uuid(), document_name: z.string() }).nullable(),
    summary: z.string().nullable(),
  }),
});
export type TDealIntelligence = z.infer<typeof ZDealIntelligence>;
