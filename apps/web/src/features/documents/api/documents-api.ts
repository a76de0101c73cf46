import type {
  TAcceptMetricsResult,
  TDocument,
  TDocumentAnalysis,
  TDocumentUploadResponse,
  TKeyMetricName,
  TRecentDocumentsResponse,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Spec 02 §9: the Knowledge Hub lists the 20 most recent documents. */
export const RECENT_DOCUMENTS_LIMIT = 20;

const documentPath = (id: string) => `/documents/${encodeURIComponent(id)}`;

/**
 * POST /workflows/document-processing (spec 01 §7): multipart deal_id, company_name, file. The
 * server answers at once with the document and the execution to follow; the analysis runs as a job.
 */
export function uploadDealDocument(
  input: { dealId: string; companyName: string; file: File },
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('deal_id', input.dealId);
  form.append('company_name', input.companyName);
  form.append('file', input.file, input.file.name);
  return api.post<TDocumentUploadResponse>('/workflows/document-processing', form, { signal });
}

/** GET /document-processing/result/{document_id}: the analysis, every figure with its source. */
export const fetchDocumentAnalysis = (documentId: string, signal?: AbortSignal) =>
  api.get<TDocumentAnalysis>(`/document-processing/result/${encodeURIComponent(documentId)}`, { signal });

/** GET /documents/{id}: one document with its whole analysis (where a search result for it leads). */
export const fetchDocument = (documentId: string, signal?: AbortSignal) =>
  api.get<TDocument>(documentPath(documentId), { signal });

export const fetchRecentDocuments = (limit = RECENT_DOCUMENTS_LIMIT, signal?: AbortSignal) =>
  api.get<TRecentDocumentsResponse>(`/documents/recent?limit=${limit}`, { signal });

/**
 * Writes the chosen figures of one document onto its deal's financial metrics (re-scores the deal).
 * With `dryRun` the server answers what it would write (old and new values, skips and conversions)
 * and writes nothing: the confirmation dialog shows that.
 */
export const acceptDocumentMetrics = (
  documentId: string,
  metrics: TKeyMetricName[],
  dryRun = false,
  confirmOtherCompany = false,
) =>
  api.post<TAcceptMetricsResult>(
    `${documentPath(documentId)}/accept-metrics${dryRun ? '?dry_run=true' : ''}`,
    // Only sent when the person confirmed: a document about another company is refused (409) without it.
    confirmOtherCompany ? { metrics, confirm_other_company: true } : { metrics },
  );

/**
 * Where the file streams back. It needs the bearer token, so screens download it through
 * authorizedFetch rather than linking to it.
 */
export const documentDownloadPath = (documentId: string) => `${documentPath(documentId)}/download`;

export const documentKeys = {
  all: ['documents'] as const,
  recent: (limit: number) => ['documents', 'recent', limit] as const,
  analysis: (id: string) => ['documents', 'analysis', id] as const,
  one: (id: string) => ['documents', 'one', id] as const,
};

export const recentDocumentsQuery = (limit = RECENT_DOCUMENTS_LIMIT) =>
  queryOptions({
    queryKey: documentKeys.recent(limit),
    queryFn: ({ signal }) => fetchRecentDocuments(limit, signal),
  });

export const documentQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.one(id), queryFn: ({ signal }) => fetchDocument(id, signal) });

export const documentAnalysisQuery = (id: string) =>
  queryOptions({
    queryKey: documentKeys.analysis(id),
    queryFn: ({ signal }) => fetchDocumentAnalysis(id, signal),
  });
