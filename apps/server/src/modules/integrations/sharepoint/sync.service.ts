import { SYNC_MAX_DOCUMENTS, type TSharePointSyncResult } from '@atempo/contracts';
import type { Principal } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { getDocument, storedDocumentText } from '../../documents/index.ts';
import { recentIngestedDocuments } from './drive-items.repository.ts';

/** max_documents as the spec reads it: 1 to 100, anything else (empty, text, out of range) 20. */
export function maxDocumentsOf(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= SYNC_MAX_DOCUMENTS.min && value <= SYNC_MAX_DOCUMENTS.max
    ? value
    : SYNC_MAX_DOCUMENTS.fallback;
}

/**
 * The Basic Sync: the most recently ingested deal-folder documents indexed again into the
 * Knowledge Hub, cut into passages by the Knowledge Hub's own chunking, with the facility terms the analyst read in each. Documents still being analysed, or that could not
 * be read, are listed as issues.
 */
export async function syncDealDocuments(
  ctx: AppContext,
  principal: Principal,
  options: { maxDocuments: number },
): Promise<TSharePointSyncResult> {
  const recent = await recentIngestedDocuments(ctx.db, principal.organizationId, options.maxDocuments);
  const errors: string[] = [];
  const extractedTerms: TSharePointSyncResult['extracted_terms'] = [];
  let indexed = 0;
  let passages = 0;
  const readText = storedDocumentText(ctx);
  for (const { documentId, name } of recent) {
    const document = await getDocument(ctx.db, principal.organizationId, documentId);
    if (document.status !== 'completed' || !document.analysis) {
      errors.push(
        document.status === 'failed'
          ? `${name}: ${document.error ?? 'could not be read'}`
          : `${name}: still being analysed`,
      );
      continue;
    }
    const terms = Object.fromEntries(
      Object.entries(document.analysis.facility_terms?.terms ?? {}).map(([term, value]) => [
        term,
        value.text,
      ]),
    );
    if (Object.keys(terms).length > 0) extractedTerms.push({ document: name, terms });
    if (!ctx.documentIndexer) continue;
    const text = await readText(principal.organizationId, documentId);
    if (!text) {
      errors.push(`${name}: its stored file could not be read again`);
      continue;
    }
    const { chunks } = await ctx.documentIndexer.indexDocument({
      organizationId: principal.organizationId,
      documentId,
      extracted: text.extracted,
      documentType: text.documentType,
    });
    indexed += 1;
    passages += chunks;
  }
  const summary =
    recent.length === 0
      ? 'No SharePoint documents yet: run an ingestion first.'
      : `Synced ${indexed} of ${recent.length} SharePoint document${recent.length === 1 ? '' : 's'} into the Knowledge Hub (${passages} passage${passages === 1 ? '' : 's'}); facility terms found in ${extractedTerms.length}.`;
  return { summary, extracted_terms: extractedTerms, errors };
}
