import { type Database, documents, knowledgeChunks } from '@atempo/db';
import { chunkDocument } from '@atempo/documents';
import { and, eq } from 'drizzle-orm';
import type { DocumentIndexer } from '../../platform/ports.ts';

/** Rows per insert: about 1.5 MB of text at most, well inside a statement's parameter limit. */
const INSERT_BATCH = 500;

export class DocumentNotIndexableError extends Error {
  override readonly name = 'DocumentNotIndexableError';
}

export function createDocumentIndexer(db: Database): DocumentIndexer {
  return {
    async indexDocument({ organizationId, documentId, extracted, documentType }) {
      const chunks = chunkDocument(extracted).map((chunk) =>
        documentType === 'pitch_deck' && chunk.location.kind === 'page'
          ? {
              ...chunk,
              location: { ...chunk.location, kind: 'slide' as const, label: `slide ${chunk.location.page}` },
            }
          : chunk,
      );
      await db.transaction(async (tx) => {
        // Locking the document row makes two indexings of one document take turns, and proves the
        // document belongs to the organisation before anything is written under its name.
        const [owned] = await tx
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.id, documentId), eq(documents.organizationId, organizationId)))
          .for('update');
        if (!owned)
          throw new DocumentNotIndexableError(
            `Document ${documentId} is not in organisation ${organizationId}`,
          );
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId));
        for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
          await tx.insert(knowledgeChunks).values(
            chunks.slice(start, start + INSERT_BATCH).map((chunk) => ({
              organizationId,
              documentId,
              ordinal: chunk.ordinal,
              location: chunk.location,
              content: chunk.text,
            })),
          );
        }
      });
      return { chunks: chunks.length };
    },

    async removeDocument(organizationId, documentId) {
      await db
        .delete(knowledgeChunks)
        .where(
          and(eq(knowledgeChunks.organizationId, organizationId), eq(knowledgeChunks.documentId, documentId)),
        );
    },
  };
}
