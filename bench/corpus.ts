/**
 * Real text for the benchmarks: the pages of the ten FinanceBench filings (/work/shared/corpus, read
 * with pdftotext), indexed by the same document indexer the pipeline calls, copy after copy as
 * separate documents until a passage count is reached. Not a test; nothing here asserts.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '@atempo/db';
import type { ExtractedDocument } from '@atempo/documents';
import { createDocumentIndexer } from '../apps/server/src/modules/knowledge/document-indexer.ts';
import { insertDocument } from '../apps/server/src/modules/knowledge/knowledge.fixtures.ts';

export const CORPUS = process.env.CORPUS_DIR ?? '/work/shared/corpus';
const run = promisify(execFile);

/** The corpus's FinanceBench questions. */
export function corpusQuestions(): string[] {
  return readFileSync(path.join(CORPUS, 'financebench', 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { question: string }).question);
}

/** Every filing's pages, read once. */
export async function corpusDocuments(): Promise<{ name: string; extracted: ExtractedDocument }[]> {
  const dir = path.join(CORPUS, 'financebench', 'pdfs');
  const out = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()) {
    const { stdout } = await run('pdftotext', ['-layout', path.join(dir, file), '-'], { maxBuffer: 1 << 28 });
    const pages = stdout
      .split('\f')
      .map((text, i) => ({ number: i + 1, text }))
      .filter((p) => p.text.trim());
    out.push({
      name: file,
      extracted: {
        format: 'pdf' as const,
        pages,
        sheets: [],
        metadata: { pageCount: pages.length },
        notices: [],
      },
    });
  }
  return out;
}

/**
 * Indexes copies of the corpus as documents of `organizationId` (each on the next of `companyIds`)
 * until `chunks` passages exist; the last copy is cut to the pages that reach the count.
 */
export async function indexCorpusCopies(
  db: Database,
  options: {
    organizationId: string;
    userId: string;
    companyIds: string[];
    chunks: number;
    documents: { name: string; extracted: ExtractedDocument }[];
  },
): Promise<{ chunks: number; documents: number }> {
  const { organizationId, userId, companyIds, documents } = options;
  const indexer = createDocumentIndexer(db);
  let chunks = 0;
  let copies = 0;
  let documentCount = 0;
  while (chunks < options.chunks) {
    for (const document of documents) {
      if (chunks >= options.chunks) break;
      // About 4 passages a page.
      const room = options.chunks - chunks;
      const pages = document.extracted.pages.slice(0, Math.max(1, Math.ceil(room / 3)));
      const id = await insertDocument(db, {
        organizationId,
        name: `${copies}-${document.name}`,
        companyId: companyIds[documentCount % companyIds.length] ?? null,
        createdBy: userId,
        documentType: 'annual_report',
      });
      const result = await indexer.indexDocument({
        organizationId,
        documentId: id,
        extracted: { ...document.extracted, pages },
        documentType: 'annual_report',
      });
      chunks += result.chunks;
      documentCount++;
    }
    copies++;
  }
  return { chunks, documents: documentCount };
}
