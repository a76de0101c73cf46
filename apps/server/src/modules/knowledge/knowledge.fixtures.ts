import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Database, documents } from '@atempo/db';
import type { ExtractedDocument } from '@atempo/documents';

/** Real public filings (see /work/shared/corpus/README.md); override with CORPUS_DIR. */
export const FINANCEBENCH_PDFS = path.join(
  process.env.CORPUS_DIR ?? '/work/shared/corpus',
  'financebench',
  'pdfs',
);

/**
 * The text of a real PDF's pages through poppler's pdftotext (the upload pipeline's extractor lives
 * on another branch; this is the same tool it may use). `first`/`last` are 1-based and inclusive.
 */
export function pdfPages(file: string, range?: { first: number; last: number }): ExtractedDocument {
  const args = [
    '-layout',
    ...(range ? ['-f', String(range.first), '-l', String(range.last)] : []),
    file,
    '-',
  ];
  const text = execFileSync('pdftotext', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const offset = range ? range.first : 1;
  const pages = text
    .split('\f')
    .map((pageText, i) => ({ number: offset + i, text: pageText }))
    .filter((page) => page.text.trim().length > 0);
  return { format: 'pdf', pages, sheets: [], metadata: { pageCount: pages.length }, notices: [] };
}

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
