export { type AnalysedDocument, recentAnalysedDocuments } from './analysed-documents.ts';
export { orderedMetrics, toAnalysis, toDocumentListItem } from './document-columns.ts';
export {
  type DocumentCreatedRow,
  type DocumentStatusRow,
  documentIdsOfDeal,
  documentsByIds,
  documentsCreatedBetween,
} from './document-status.queries.ts';
export {
  type AnalysedDocumentRow,
  analysedDocumentsWithKeyMetrics,
  type CompanyDocumentItem,
  completedDocumentIds,
  type DealDocument,
  type DocumentFlagRow,
  documentsOfDealNewestFirst,
  findDealDocumentByName,
  listDealDocuments,
  newestDocumentsOfCompany,
  riskFlagsOfDealDocuments,
} from './documents.queries.ts';
export { documentsRoutes } from './documents.routes.ts';
export {
  createDocumentFromUpload,
  type DocumentServices,
  type DocumentWithNames,
  documentsOfDealWithNames,
  findDocumentWithNames,
  getDocument,
  getResult,
} from './documents.service.ts';
export { DOCUMENT_PROCESSING } from './processing.workflow.ts';
export { storedDocumentText } from './stored-document-text.ts';
export { uploadRoutes } from './upload.routes.ts';
export { type ReceivedUpload, receiveStream } from './upload-receiver.ts';
