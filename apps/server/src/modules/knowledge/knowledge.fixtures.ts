import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Database, documents } from '@atempo/db';
import type { ExtractedDocument } from '@atempo/documents';
import { corpusDir } from '@atempo/documents/testing';

/** Real public filings (see the corpus README); read them with readPdfFile from @atempo/documents/testing. */
export const FINANCEBENCH_PDFS = path.join(corpusDir(), 'financebench', 'pdfs');

/** A documents row as the upload pipeline would leave it once processed. */
export async function insertDocument(
  db: Database,
  values: {
    organizationId: string;
    name: string;
    companyId?: string | null;
    dealId?: string | null;
    createdBy?: string | null;
    documentType?: string | null;
    analysis?: unknown;
    createdAt?: Date;
    size?: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(documents)
    .values({
      organizationId: values.organizationId,
      name: values.name,
      size: values.size ?? 123_456,
      format: values.name.split('.').at(-1) ?? 'pdf',
      // A real digest shape; no file is stored for it, so a rebuild finds no text to re-read.
      sha256: createHash('sha256').update(randomUUID()).digest('hex'),
      status: 'completed',
      companyId: values.companyId ?? null,
      dealId: values.dealId ?? null,
      createdBy: values.createdBy ?? null,
      documentType: values.documentType ?? null,
      analysis: values.analysis ?? null,
      processedAt: new Date(),
      ...(values.createdAt ? { createdAt: values.createdAt, modifiedAt: values.createdAt } : {}),
    })
    .returning({ id: documents.id });
  if (!row) throw new Error('document not inserted');
  return row.id;
}

/** A document made of the given pages of text. */
export function textDocument(
  pages: string[],
  format: ExtractedDocument['format'] = 'pdf',
): ExtractedDocument {
  return {
    format,
    pages: pages.map((text, i) => ({ number: i + 1, text })),
    sheets: [],
    metadata: { pageCount: pages.length },
    notices: [],
  };
}
