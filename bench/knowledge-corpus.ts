/**
 * The knowledge-search benchmark's data (decision 016): the pages of the ten FinanceBench filings
 * (/work/shared/corpus, read with pdftotext), indexed by the same document indexer the pipeline
 * calls, copy after copy as separate documents until the passage count is reached; companies and
 * emails so every branch of the search runs; and the 40 rotating queries.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Database, knowledgeInteractions } from '@atempo/db';
import type { ExtractedDocument } from '@atempo/documents';
import { createDocumentIndexer } from '../apps/server/src/modules/knowledge/index.ts';
import { insertDocument } from '../apps/server/src/modules/knowledge/knowledge.fixtures.ts';
import { fakeCompany, insertCompanies, rng } from './common.ts';

const CORPUS = process.env.CORPUS_DIR ?? '/work/shared/corpus';
const run = promisify(execFile);

export const KEYWORD_QUERIES = [
  'capital expenditures 2022',
  'revenue growth',
  '"free cash flow"',
  'goodwill impairment -lease',
  'share repurchase program',
  'dividends declared per share',
  'cybersecurity risk factors',
  'operating lease liabilities',
  'net interest income',
  'segment operating income',
  'effective income tax rate',
  'long-term debt maturities',
  'number of employees',
  'legal proceedings litigation',
  'foreign currency exchange risk',
  '"stock-based compensation" expense',
  'What was the FY2022 capital expenditure of the company?',
];

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

export async function seedKnowledge(
  db: Database,
  organizationId: string,
  userId: string,
  sizes: { chunks: number; companies: number; emails: number },
) {
  const documents = await corpusDocuments();
  const random = rng(11);
  const companyRows = Array.from({ length: sizes.companies }, (_, i) =>
    fakeCompany(organizationId, i, random),
  );
  const companyIds = await insertCompanies({ db } as never, companyRows);
  const indexed = await indexCorpusCopies(db, {
    organizationId,
    userId,
    companyIds,
    chunks: sizes.chunks,
    documents,
  });
  const emailRandom = rng(5);
  const sentences = documents.flatMap((d) =>
    d.extracted.pages.slice(0, 20).map((p) => p.text.replace(/\s+/g, ' ').slice(0, 1200)),
  );
  for (let start = 0; start < sizes.emails; start += 500) {
    await db.insert(knowledgeInteractions).values(
      Array.from({ length: Math.min(500, sizes.emails - start) }, (_, i) => ({
        organizationId,
        kind: 'email',
        subject: `Update ${start + i}`,
        body: sentences[Math.floor(emailRandom() * sentences.length)] ?? 'update',
        sender: `sender${i}@example.com`,
        occurredAt: new Date(Date.now() - Math.floor(emailRandom() * 300) * 86_400_000),
      })),
    );
  }
  return indexed;
}

/** The 40 rotating queries: the corpus's FinanceBench questions as written, then keyword searches. */
export function benchQueries(): string[] {
  return [...corpusQuestions(), ...KEYWORD_QUERIES].slice(0, 40);
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
