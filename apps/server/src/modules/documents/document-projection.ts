import {
  KEY_METRIC_NAMES,
  type TDocumentAnalysis,
  type TDocumentListItem,
  type TKeyMetricName,
} from '@atempo/contracts';

/**
 * One way to turn a documents row into what the API answers: the list projection
 * (ZDocumentListItem, with the Knowledge Hub card's analysis preview) and the full analysis
 * (ZDocumentAnalysis). The row keeps the analysis in documents.analysis (jsonb) without the fields
 * the row already holds (id, name, size, document_type, page_count, processed_at); they are laid
 * back over it here, so the row's columns always win.
 */

/** The columns a list item reads, with the two names joined in (company, uploader). */
export interface DocumentListRow {
  id: string;
  name: string;
  size: number;
  format: string;
  status: string;
  error: string | null;
  dealId: string | null;
  companyId: string | null;
  companyName: string | null;
  createdAt: Date;
  /** The uploader's name ("Ada Lovelace"), null when unknown or deleted. */
  createdByName: string | null;
  modifiedAt: Date;
  processedAt: Date | null;
  documentType: string | null;
  pageCount: number | null;
  /** The stored analysis, or at least the parts the preview reads (see ANALYSIS_PREVIEW_KEYS). */
  analysis: unknown;
}

/** The analysis keys a list item reads; a repository may select only these out of the jsonb. */
export const ANALYSIS_PREVIEW_KEYS = [
  'confidence_score',
  'content_summary',
  'key_metrics',
  'risk_flags',
] as const;

/** How many metrics and flags a card previews (spec 02 Knowledge Hub: the first 2 of each). */
export const PREVIEW_ITEMS = 2;

export const documentUrl = (id: string) => `/api/v1/documents/${id}/download`;

type StoredAnalysis = Partial<TDocumentAnalysis>;

const storedAnalysis = (row: Pick<DocumentListRow, 'status' | 'analysis'>): StoredAnalysis | null =>
  row.status === 'completed' && row.analysis !== null && typeof row.analysis === 'object'
    ? (row.analysis as StoredAnalysis)
    : null;

/** The metrics in display order (KEY_METRIC_NAMES), whatever order the jsonb kept. */
export function orderedMetrics<T>(
  metrics: Partial<Record<TKeyMetricName, T>> | undefined,
): [TKeyMetricName, T][] {
  if (!metrics) return [];
  return KEY_METRIC_NAMES.flatMap((name) =>
    metrics[name] ? [[name, metrics[name]] as [TKeyMetricName, T]] : [],
  );
}

export function toDocumentListItem(row: DocumentListRow): TDocumentListItem {
  const analysis = storedAnalysis(row);
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.format,
    status: row.status as TDocumentListItem['status'],
    error: row.error,
    deal_id: row.dealId,
    company_id: row.companyId,
    company_names: row.companyName ? [row.companyName] : [],
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
    modified_at: row.modifiedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    url: documentUrl(row.id),
    analysis:
      analysis && row.documentType
        ? {
            document_type: row.documentType as TDocumentAnalysis['document_type'],
            confidence_score: analysis.confidence_score ?? 0,
            content_summary: analysis.content_summary ?? '',
            key_metrics: Object.fromEntries(orderedMetrics(analysis.key_metrics).slice(0, PREVIEW_ITEMS)),
            risk_flags: (analysis.risk_flags ?? []).slice(0, PREVIEW_ITEMS),
            risk_flag_count: analysis.risk_flags?.length ?? 0,
          }
        : null,
  };
}

/**
 * The whole analysis of a completed document, or null while it has none (processing, failed).
 * Arrays the pipeline may not have written yet (notices, risk_flag_details) answer empty, and
 * flags without details get their sentence with no source rather than an invented one.
 */
export function toDocumentAnalysis(row: DocumentListRow): TDocumentAnalysis | null {
  const analysis = storedAnalysis(row);
  if (!analysis || !row.documentType || !row.processedAt) return null;
  const riskFlags = analysis.risk_flags ?? [];
  return {
    document_id: row.id,
    filename: row.name,
    file_size: row.size,
    document_type: row.documentType as TDocumentAnalysis['document_type'],
    confidence_score: analysis.confidence_score ?? 0,
    content_summary: analysis.content_summary ?? '',
    key_metrics: analysis.key_metrics ?? {},
    risk_flags: riskFlags,
    risk_flag_details: analysis.risk_flag_details ?? riskFlags.map((text) => ({ text, source: null })),
    action_items: analysis.action_items ?? [],
    facility_terms: analysis.facility_terms ?? null,
    suggested_folder: analysis.suggested_folder ?? '',
    notices: analysis.notices ?? [],
    page_count: row.pageCount ?? analysis.page_count ?? 0,
    engine: analysis.engine ?? { provider: 'built-in', model: 'unknown' },
    processed_at: row.processedAt.toISOString(),
    created_by: analysis.created_by ?? row.createdByName,
  };
}
