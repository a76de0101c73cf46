import {
  KEY_METRIC_NAMES,
  type TDocument,
  type TDocumentAnalysis,
  type TDocumentListItem,
  type TKeyMetricName,
} from '@atempo/contracts';
import type { DocumentListRow, DocumentWithNames } from './documents.repository.ts';

/** What documents.analysis holds: the analysis less the fields the row has columns for. */
export type StoredAnalysis = Omit<
  TDocumentAnalysis,
  'document_id' | 'filename' | 'file_size' | 'document_type' | 'page_count' | 'processed_at' | 'created_by'
>;

type Status = TDocument['status'];

/** Where GET /documents/{id}/download streams the file. */
export const downloadUrl = (id: string) => `/api/v1/documents/${id}/download`;

/** The whole analysis of a processed document; null while it is processing or when it failed. */
export function toAnalysis(row: DocumentWithNames): TDocumentAnalysis | null {
  if (row.status !== 'completed' || !row.analysis || !row.processedAt) return null;
  const stored = row.analysis as StoredAnalysis;
  return {
    ...stored,
    document_id: row.id,
    filename: row.name,
    file_size: row.size,
    document_type: row.documentType as TDocumentAnalysis['document_type'],
    page_count: row.pageCount ?? 0,
    processed_at: row.processedAt.toISOString(),
    created_by: row.createdByName,
  };
}

/** The fields every document shape shares (list item and full document). */
function documentFields(row: Omit<DocumentListRow, 'analysisPreview'>): Omit<TDocumentListItem, 'analysis'> {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.format,
    status: row.status as Status,
    error: row.error,
    deal_id: row.dealId,
    company_id: row.companyId,
    company_names: row.companyName ? [row.companyName] : [],
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
    modified_at: row.modifiedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    url: downloadUrl(row.id),
  };
}

export function toDocument(row: DocumentWithNames): TDocument {
  return { ...documentFields(row), sha256: row.sha256, analysis: toAnalysis(row) };
}

export function toDocumentListItem(row: DocumentListRow): TDocumentListItem {
  const analysis =
    row.status === 'completed' && row.analysisPreview
      ? (row.analysisPreview as TDocumentListItem['analysis'])
      : null;
  return { ...documentFields(row), analysis };
}

/** The metrics in display order (KEY_METRIC_NAMES), whatever order the jsonb kept. */
export function orderedMetrics<T>(
  metrics: Partial<Record<TKeyMetricName, T>> | undefined,
): [TKeyMetricName, T][] {
  if (!metrics) return [];
  return KEY_METRIC_NAMES.flatMap((name) =>
    metrics[name] ? [[name, metrics[name]] as [TKeyMetricName, T]] : [],
  );
}
