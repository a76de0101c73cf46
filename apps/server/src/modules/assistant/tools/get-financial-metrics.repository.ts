import type { TKeyMetric, TKeyMetricName } from '@atempo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/sql-rows.ts';
import type { Subject } from './subject.source.ts';
import type { ToolContext } from './tool.ts';

export interface AnalysedDocumentRow {
  id: string;
  name: string;
  created_at: string | Date;
  key_metrics: Partial<Record<TKeyMetricName, TKeyMetric>> | null;
}

/**
 * The analysed documents about a subject, newest first, with the key metrics the analyst found:
 * a deal's own documents and those filed on its company alone; for a company, its documents and
 * those of its deals.
 */
export async function analysedDocuments(
  context: ToolContext,
  subject: Subject,
): Promise<AnalysedDocumentRow[]> {
  const companyId = subject.company.id;
  const about = subject.deal
    ? sql`(doc.deal_id = ${subject.deal.id} or (doc.company_id = ${companyId} and doc.deal_id is null))`
    : sql`(doc.company_id = ${companyId} or doc.deal_id in (
        select d.id from deals d where d.company_id = ${companyId} and d.organization_id = ${context.organizationId}))`;
  return rowsOf<AnalysedDocumentRow>(
    context.db,
    sql`select doc.id, doc.name, doc.created_at, doc.analysis -> 'key_metrics' as key_metrics
      from documents doc
      where doc.organization_id = ${context.organizationId} and doc.status = 'completed' and ${about}
      order by doc.created_at desc, doc.id`,
  );
}
