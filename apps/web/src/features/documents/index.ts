/** What other features may use of the documents feature; everything else in it is its own. */

export {
  acceptDocumentMetrics,
  documentAnalysisQuery,
  documentDownloadPath,
  documentQuery,
  fetchDocumentAnalysis,
  fetchRecentDocuments,
} from './api/documents-api.ts';
export { SmartDocumentUpload } from './components/smart-document-upload.tsx';
export {
  documentTypeLabel,
  formatConfidence,
  formatKeyMetric,
  metricLabel,
  orderedMetrics,
  originalCurrencyNote,
} from './lib/metric-format.ts';
export { openDocument } from './lib/open-document.ts';
