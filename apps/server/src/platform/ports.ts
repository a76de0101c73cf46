/**
 * Ports: what platform-level wiring hands to modules without importing them. Each is declared here,
 * beside the context that carries it, so neither the context nor the module that implements a port
 * depends on the module that consumes it (no import cycles, type-only ones included).
 */
import type { TFundingArticle, TRole } from '@atempo/contracts';
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

/** Who is calling, as the guards established it. */
export interface Principal {
  userId: string;
  organizationId: string;
  role: TRole;
  /** Set when the caller authenticated with a personal API key rather than a sign-in. */
  apiKeyId?: string;
}

/**
 * The signed-in user's current organisation and role, read on every authenticated request (the
 * users module implements it), so a removed user or a changed role takes effect at once.
 */
export type CallerLookup = (userId: string) => Promise<{ organizationId: string; role: TRole } | undefined>;

export type ApiKeyVerdict = { kind: 'ok'; principal: Principal } | { kind: 'unknown' } | { kind: 'expired' };

/** Checks a personal API key (`atp_…`) presented as a bearer token (the api-keys module implements it). */
export type ApiKeyVerifier = (secret: string, now?: number) => Promise<ApiKeyVerdict>;

/** What the guards read about callers, handed to createGuards at the composition root. */
export interface CallerDirectory {
  lookupCaller: CallerLookup;
  verifyApiKey: ApiKeyVerifier;
}
