import { dealIdsOfCompany } from '../../deals/index.ts';
import { type AnalysedDocumentRow, analysedDocumentsWithKeyMetrics } from '../../documents/index.ts';
import type { Subject } from './subject.source.ts';
import type { ToolContext } from './tool.ts';

export type { AnalysedDocumentRow };

/**
 * The analysed documents about a subject, newest first, with the key metrics the analyst found:
 * a deal's own documents and those filed on its company alone; for a company, its documents and
 * those of its deals.
 */
export async function analysedDocuments(
  context: ToolContext,
  subject: Subject,
): Promise<AnalysedDocumentRow[]> {
  const { db, organizationId } = context;
  const companyId = subject.company.id;
  const about = subject.deal
    ? { dealIds: [subject.deal.id], companyId, companyDocuments: 'without-deal' as const }
    : {
        dealIds: await dealIdsOfCompany(db, organizationId, companyId),
        companyId,
        companyDocuments: 'all' as const,
      };
  return analysedDocumentsWithKeyMetrics(db, organizationId, about);
}
