import type { TDocumentType, TKeyMetric, TKeyMetricName, TSourcedText } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { StoredAnalysis } from './document-columns.ts';
import * as repository from './documents.repository.ts';

/** What the analysis of a document found, for rules that read documents (market signals). */
export interface AnalysedDocument {
  id: string;
  name: string;
  companyId: string;
  documentType: TDocumentType;
  processedAt: Date;
  summary: string;
  keyMetrics: Partial<Record<TKeyMetricName, TKeyMetric>>;
  riskFlags: TSourcedText[];
}

export interface AnalysedDocumentsQuery {
  companyIds: readonly string[];
  /** Documents processed since. */
  since: Date;
  /** At most this many documents, newest first. */
  limit: number;
}

/** The analysed documents of the organisation's companies processed since `query.since`, newest first. */
export async function recentAnalysedDocuments(
  db: Database,
  organizationId: string,
  query: AnalysedDocumentsQuery,
): Promise<AnalysedDocument[]> {
  const rows = await repository.recentDocumentsOfCompanies(
    db,
    organizationId,
    query.companyIds,
    query.since,
    query.limit,
  );
  return rows.flatMap((row) => {
    // The query asked for analysed documents of companies; the guards satisfy the types.
    if (!row.companyId || !row.processedAt || !row.analysis) return [];
    const analysis = row.analysis as StoredAnalysis;
    return [
      {
        id: row.id,
        name: row.name,
        companyId: row.companyId,
        documentType: (row.documentType ?? 'other') as TDocumentType,
        processedAt: row.processedAt,
        summary: analysis.content_summary,
        keyMetrics: analysis.key_metrics ?? {},
        riskFlags: analysis.risk_flag_details ?? [],
      },
    ];
  });
}
