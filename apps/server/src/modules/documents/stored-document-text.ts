import { type DocumentFormat, extractInSandbox, UnreadableDocumentError } from '@atempo/documents';
import type { JobDependencies } from '../../platform/context.ts';
import { readAll, StoredFileMissingError } from '../../platform/storage/index.ts';
import type { DocumentTextSource } from '../knowledge/knowledge-index.ts';
import * as repository from './documents.repository.ts';

/**
 * Reads an analysed document's text again from its stored file, for the knowledge index's rebuild
 * (POST /knowledge/initialize). A file gone from storage or no longer readable yields null: the
 * rebuild counts it as without text rather than failing the whole organisation.
 */
export function storedDocumentText(deps: Pick<JobDependencies, 'db' | 'storage'>): DocumentTextSource {
  return async (organizationId, documentId) => {
    const document = await repository.findDocument(deps.db, organizationId, documentId);
    if (document?.status !== 'completed') return null;
    try {
      const bytes = await readAll(await deps.storage.get(organizationId, document.sha256));
      const extracted = await extractInSandbox(bytes, document.format as DocumentFormat);
      return { extracted, documentType: document.documentType ?? 'other' };
    } catch (error) {
      if (error instanceof StoredFileMissingError || error instanceof UnreadableDocumentError) return null;
      throw error;
    }
  };
}
