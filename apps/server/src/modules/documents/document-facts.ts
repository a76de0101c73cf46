import type { TDocumentType, TKeyMetric, TKeyMetricName, TSourcedText } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { SourceLocation } from '@atempo/documents';
import type { StoredAnalysis } from './document-columns.ts';
import * as repository from './documents.repository.ts';

/** A passage of a document's text as the knowledge index holds it, with where it was read. */
export interface DocumentPassage {
  location: SourceLocation;
  text: string;
}

/** What the analysis of a document found, for rules that read documents (market signals). */
export interface DocumentFacts {
  id: string;
  name: string;
  companyId: string;
  documentType: TDocumentType;
  processedAt: Date;
  summary: string;
  keyMetrics: Partial<Record<TKeyMetricName, TKeyMetric>>;
  riskFlags: TSourcedText[];
  /** The passages matching the query asked for, in reading order. */
  passages: DocumentPassage[];
}

export interface DocumentFactsQuery {
  companyIds: readonly string[];
  /** Documents processed since. */
  since: Date;
  /** At most this many documents, newest first. */
  limit: number;
  /** to_tsquery text (English) choosing the passages to read; the index is searched, not scanned. */
  passagesMatching: string;
  passagesPerDocument: number;
}

/** The analysed documents of the organisation's companies, with their facts and chosen passages. */
export async function recentDocumentFacts(
  db: Database,
  organizationId: string,
  query: DocumentFactsQuery,
): Promise<DocumentFacts[]> {
  const rows = await repository.recentDocumentsOfCompanies(
    db,
    organizationId,
    query.companyIds,
    query.since,
    query.limit,
  );
  const passages = await repository.passagesMatching(
    db,
    organizationId,
    rows.map((row) => row.id),
    query.passagesMatching,
    query.passagesPerDocument,
  );
  const byDocument = new Map<string, DocumentPassage[]>();
  for (const passage of passages) {
    const list = byDocument.get(passage.document_id) ?? [];
    list.push({ location: passage.location as SourceLocation, text: passage.content });
    byDocument.set(passage.document_id, list);
  }
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
        passages: byDocument.get(row.id) ?? [],
      },
    ];
  });
}
