/**
 * Does knowledge search find the page that answers? (issue 18 §6, decision 016.)
 *
 * The ten FinanceBench filings of /work/shared/corpus are read with extractDocument (as the upload
 * pipeline reads them) and indexed by the document indexer the pipeline calls, one document per
 * filing, each on its own company, in a fresh organisation of a throw-away PostgreSQL database.
 * After `analyze` (autovacuum's job in production), each of the 23 FinanceBench questions is asked
 * as written through the real route, POST /api/v1/knowledge/search, twice:
 *
 * - across all ten filings: {query, limit: 5, passages_per_document: 5, doc_types: ['document']};
 * - within the question's filing: the same with company_ids = [that filing's company], as a lender
 *   asking about one deal's documents would.
 *
 * A question counts as answered when one of the five results is a page of its filing within one
 * page of an evidence page. Reports both shares, the questions missed (with the pages found) and
 * p50/p95 of the request latency (in process, app.inject: the latency bench is knowledge-search.ts).
 *
 *   npx tsx bench/knowledge-evidence.ts
 *   BENCH_TOP=10 npx tsx bench/knowledge-evidence.ts
 *
 * Env: `BENCH_TOP` (5), `CORPUS_DIR` (`/work/shared/corpus`), `BENCH_DATABASE_URL`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractDocument } from '@atempo/documents';
import { buildApp } from '../apps/server/src/app.ts';
import { createDocumentIndexer } from '../apps/server/src/modules/knowledge/index.ts';
import { insertDocument } from '../apps/server/src/modules/knowledge/knowledge.fixtures.ts';
import {
  benchConfig,
  createBenchDatabase,
  envInt,
  fakeCompany,
  insertCompanies,
  registerOrganization,
  rng,
} from './common.ts';

const CORPUS = process.env.CORPUS_DIR ?? '/work/shared/corpus';
const TOP = envInt('BENCH_TOP', 5);

interface Question {
  doc: string;
  question: string;
  financebench_id: string;
  evidence: { page: number }[];
}

interface Hit {
  document_id: string;
  score: number;
  content: string;
  metadata: { name: string; location: { page?: number } | null };
}

/** BENCH_SHOW=<financebench_id>: print that question's hits (file, page, score, preview). */
const SHOW = process.env.BENCH_SHOW ?? '';

const questions: Question[] = readFileSync(path.join(CORPUS, 'financebench', 'questions.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Question);

const database = await createBenchDatabase();
const app = await buildApp({ config: benchConfig(database.url), database: database.handle });
await app.ready();
try {
  const db = database.handle.db;
  const { organizationId, userId, token } = await registerOrganization(app);
  const dir = path.join(CORPUS, 'financebench', 'pdfs');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort();
  const random = rng(3);
  const companyIds = await insertCompanies(
    { db } as never,
    files.map((_, i) => fakeCompany(organizationId, i, random)),
  );
  const indexer = createDocumentIndexer(db);
  const documentOf = new Map<string, { id: string; company: string }>();
  let passages = 0;
  const indexStarted = performance.now();
  for (const [i, file] of files.entries()) {
    const extracted = await extractDocument(new Uint8Array(readFileSync(path.join(dir, file))), 'pdf');
    const companyId = companyIds[i] ?? null;
    const id = await insertDocument(db, {
      organizationId,
      name: file,
      companyId,
      createdBy: userId,
      documentType: 'annual_report',
    });
    passages += (
      await indexer.indexDocument({
        organizationId,
        documentId: id,
        extracted,
        documentType: 'annual_report',
      })
    ).chunks;
    documentOf.set(`financebench/pdfs/${file}`, { id, company: companyId ?? '' });
  }
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  await database.handle.executeSql('analyze knowledge_chunks');

  const ask = async (query: string, companyIds?: string[]) => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/knowledge/search',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: {
        query,
        limit: TOP,
        passages_per_document: TOP,
        doc_types: ['document'],
        ...(companyIds ? { company_ids: companyIds } : {}),
      },
    });
    const took = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
    return { hits: (response.json() as { results: Hit[] }).results, took };
  };

  // One warm-up round: the first searches parse statements and read the lexeme statistics.
  for (const q of questions) await ask(q.question);

  const latencies: number[] = [];
  const misses: string[] = [];
  let across = 0;
  let within = 0;
  for (const q of questions) {
    const target = documentOf.get(q.doc);
    if (!target) throw new Error(`no document for ${q.doc}`);
    const pages = q.evidence.map((e) => e.page);
    const answers = (hits: Hit[]) =>
      hits.some(
        (h) =>
          h.document_id === target.id &&
          pages.some((p) => Math.abs((h.metadata.location?.page ?? -99) - p) <= 1),
      );
    const all = await ask(q.question);
    const one = await ask(q.question, [target.company]);
    latencies.push(all.took, one.took);
    if (SHOW && q.financebench_id === SHOW)
      for (const h of all.hits)
        console.log(
          `  ${h.metadata.name} page ${h.metadata.location?.page} score ${h.score.toFixed(3)}: ${h.content.replace(/\s+/g, ' ').slice(0, 160)}`,
        );
    const okAll = answers(all.hits);
    const okOne = answers(one.hits);
    if (okAll) across++;
    if (okOne) within++;
    if (!okAll || !okOne) {
      const found = (hits: Hit[]) =>
        hits
          .map((h) => `${h.document_id === target.id ? '' : 'other:'}${h.metadata.location?.page ?? '?'}`)
          .join(',');
      misses.push(
        `${okAll ? '  ' : 'A '}${okOne ? '  ' : 'W '}${q.financebench_id} ${path.basename(q.doc)} evidence ${pages.join(',')}; across [${found(all.hits)}] within [${found(one.hits)}] — ${q.question.slice(0, 110)}`,
      );
    }
  }
  latencies.sort((x, y) => x - y);
  const at = (p: number) =>
    Math.round((latencies[Math.max(0, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0) * 10) / 10;
  const summary = {
    questions: questions.length,
    top: TOP,
    documents: files.length,
    passages,
    index_seconds: Math.round(indexSeconds * 10) / 10,
    evidence_in_top_across_filings: across,
    evidence_in_top_within_filing: within,
    share_across: Math.round((across / questions.length) * 1000) / 1000,
    share_within: Math.round((within / questions.length) * 1000) / 1000,
    p50_ms: at(50),
    p95_ms: at(95),
  };
  console.log(misses.join('\n'));
  console.log(JSON.stringify(summary, null, 2));
  console.log(
    `evidence page (±1) in the top ${TOP}: ${across}/${questions.length} across the ten filings, ${within}/${questions.length} within the question's filing; p50 ${summary.p50_ms} ms, p95 ${summary.p95_ms} ms (in process)`,
  );
} finally {
  await app.close();
  await database.drop();
}
