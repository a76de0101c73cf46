/**
 * Ports: what platform-level wiring hands to modules without importing them. Each is declared here,
 * beside the context that carries it, so neither the context nor the module that implements a port
 * depends on the module that consumes it (no import cycles, type-only ones included).
 */
import type { TFundingArticle } from '@atempo/contracts';
import type { ExtractedDocument } from '@atempo/documents';

export interface IndexDocumentInput {
  organizationId: string;
  documentId: string;
  extracted: ExtractedDocument;
  /** The analyst's type; a pitch deck's pages are shown as slides. */
  documentType: string;
}

/**
 * What document processing's last stage hands an analysed document to, so the Knowledge Hub can
 * search it (the knowledge module implements it). Both calls must be idempotent: a retried job
 * indexes the same document again, which replaces what an earlier attempt indexed.
 */
export interface DocumentIndexer {
  /** Replaces the document's passages with those of `extracted` (re-indexing is safe). */
  indexDocument(input: IndexDocumentInput): Promise<{ chunks: number }>;
  removeDocument(organizationId: string, documentId: string): Promise<void>;
}

/**
 * Reads a stored document again (file from storage, then extraction), for re-indexing documents
 * that have no passages yet. Document processing provides it; without one, such documents are
 * counted and left for their next processing.
 */
export type DocumentTextSource = (
  organizationId: string,
  documentId: string,
) => Promise<{ extracted: ExtractedDocument; documentType: string } | null>;

/**
 * Where fetched feed articles go: extraction, deduplication and storage of funding announcements,
 * then the signal scan over the rounds they made (wired in ingest-and-scan.ts). The feed fetcher is
 * given this function rather than importing them, so it can be tested on its own.
 */
export type FundingIngest = (
  organizationId: string,
  articles: TFundingArticle[],
  source: { id: string; name: string },
) => Promise<{ announcements: number }>;
