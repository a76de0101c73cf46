import type { TDocumentAnalysis } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { type DocumentWithNames, findDocumentWithNames, toAnalysis } from '../documents/index.ts';

export const documentNotFound = () => notFound('Document not found');

/**
 * A document of the organisation with its analysis, for the routes that read one. Still
 * processing → 409 (ask again later); failed → 422 with the reason the pipeline gave, so a
 * caller never mistakes "not analysed" for "nothing found".
 */
export async function analysedDocument(
  db: Database,
  organizationId: string,
  id: string,
): Promise<{ row: DocumentWithNames; analysis: TDocumentAnalysis }> {
  const row = await findDocumentWithNames(db, organizationId, id);
  if (!row) throw documentNotFound();
  if (row.status === 'failed') {
    throw new AppError(422, 'DOCUMENT_FAILED', row.error ?? `Analysis failed: ${row.name} could not be read`);
  }
  const analysis = toAnalysis(row);
  if (row.status !== 'completed' || !analysis) {
    throw conflict(
      `${row.name} is still being analysed; ask again when it has finished`,
      'DOCUMENT_PROCESSING',
    );
  }
  return { row, analysis };
}
