import type { ExtractedDocument } from '@atempo/documents';

/**
 * What the processing pipeline's last stage hands an analysed document to, so the Knowledge Hub can
 * search it (the knowledge module implements it). Both calls must be idempotent: a job that is
 * retried indexes the same document again, which replaces what an earlier attempt indexed.
 */
export interface DocumentIndexer {
  indexDocument(input: {
    organizationId: string;
    documentId: string;
    extracted: ExtractedDocument;
    documentType: string;
  }): Promise<unknown>;
  removeDocument(organizationId: string, documentId: string): Promise<void>;
}
