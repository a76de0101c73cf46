import type { Database } from '@atempo/db';
import type { SourceLocation } from '@atempo/documents';
import { type AnalysedDocument, recentAnalysedDocuments } from '../documents/index.ts';
import { passagesMatching } from '../knowledge/index.ts';

/** A passage of a document's text as the knowledge index holds it, with where it was read. */
export interface DocumentPassage {
  location: SourceLocation;
  text: string;
}

/** An analysed document with the passages the signal rules asked for, in reading order. */
export interface DocumentFacts extends AnalysedDocument {
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

/**
 * The analysed documents of the organisation's companies (documents' door) with their passages
 * matching the query (knowledge's door), at most `passagesPerDocument` of each.
 */
export async function recentDocumentFacts(
  db: Database,
  organizationId: string,
  query: DocumentFactsQuery,
): Promise<DocumentFacts[]> {
  const documents = await recentAnalysedDocuments(db, organizationId, query);
  const passages = await passagesMatching(
    db,
    organizationId,
    documents.map((document) => document.id),
    query.passagesMatching,
    query.passagesPerDocument,
  );
  const byDocument = new Map<string, DocumentPassage[]>();
  for (const passage of passages) {
    const list = byDocument.get(passage.document_id) ?? [];
    list.push({ location: passage.location as SourceLocation, text: passage.content });
    byDocument.set(passage.document_id, list);
  }
  return documents.map((document) => ({ ...document, passages: byDocument.get(document.id) ?? [] }));
}
