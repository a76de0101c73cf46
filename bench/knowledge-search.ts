/**
 * Knowledge search latency over BENCH_CHUNKS passages (100,000 by default), decision 016.
 *
 * The passages are real text: the pages of the ten FinanceBench filings (/work/shared/corpus, read
 * with pdftotext), indexed by the same document indexer the pipeline calls, copy after copy as
 * separate documents until the count is reached; plus companies and emails so every branch of the
 * search runs. 40 queries rotate (the corpus's 23 FinanceBench questions and 17 keyword searches,
 * some with web-search syntax).
 *
 * Measured in the same run, for each backend:
 * - HTTP: POST /api/v1/knowledge/search on the real app listening on a loopback port, from a
 *   separate load-generator process (bench/knowledge-search-client.ts), p50/p95/p99;
 * - raw SQL: the very statements the server ran for each query (recorded once, after the word cache
 *   is warm), replayed with node-postgres from the same kind of separate process. On PGlite, which
 *   lives inside the server process, the raw statements run in that process between HTTP runs.
 *
 *   npx tsx bench/knowledge-search.ts
 *   BENCH_CHUNKS=20000 BENCH_BACKENDS=postgres,pglite BENCH_CONNECTIONS=1,4 npx tsx bench/knowledge-search.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Database, knowledgeInteractions, migrateDatabase, openDatabase } from '@atempo/db';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { searchKnowledge } from '../apps/server/src/modules/knowledge/search.service.ts';
import {
  type BenchDatabase,
  benchConfig,
  createBenchDatabase,
  envInt,
  fakeCompany,
  insertCompanies,
  ms,
  registerOrganization,
  rng,
} from './common.ts';
import { corpusDocuments, corpusQuestions, indexCorpusCopies } from './corpus.ts';

const CHUNKS = envInt('BENCH_CHUNKS', 100_000);
const REQUESTS = envInt('BENCH_REQUESTS', 800);
const COMPANIES = envInt('BENCH_COMPANIES', 500);
const EMAILS = envInt('BENCH_EMAILS', 2_000);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres').split(',').map((s) => s.trim());
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,4').split(',').map((s) => Number(s.trim()));
const CLIENT = fileURLToPath(new URL('./knowledge-search-client.ts', import.meta.url));

const KEYWORD_QUERIES = [
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

/** Runs the load generator in its own process with `plan` on stdin. */
function client(plan: object): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLIENT], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exited ${code}`)),
    );
    child.stdin.end(JSON.stringify(plan));
  });
}

/** The statements searchKnowledge runs, recorded by wrapping db.execute. */
async function recordStatements(db: Database, organizationId: string, query: string) {
  const dialect = new PgDialect();
  const statements: { sql: string; params: unknown[] }[] = [];
  const recording = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (statement: SQL) => {
          const { sql, params } = dialect.sqlToQuery(statement);
          statements.push({ sql, params });
          return target.execute(statement);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  const response = await searchKnowledge(recording, organizationId, {
    query,
    limit: 20,
    passages_per_document: 1,
  });
  return { statements, results: response.total };
}

async function seed(db: Database, organizationId: string, userId: string) {
  const documents = await corpusDocuments();
  const random = rng(11);
  const companyRows = Array.from({ length: COMPANIES }, (_, i) => fakeCompany(organizationId, i, random));
  const companyIds = await insertCompanies({ db } as never, companyRows);
  const { chunks, documents: documentCount } = await indexCorpusCopies(db, {
    organizationId,
    userId,
    companyIds,
    chunks: CHUNKS,
    documents,
  });
  const emailRandom = rng(5);
  const sentences = documents.flatMap((d) =>
    d.extracted.pages.slice(0, 20).map((p) => p.text.replace(/\s+/g, ' ').slice(0, 1200)),
  );
  for (let start = 0; start < EMAILS; start += 500) {
    await db.insert(knowledgeInteractions).values(
      Array.from({ length: Math.min(500, EMAILS - start) }, (_, i) => ({
        organizationId,
        kind: 'email',
        subject: `Update ${start + i}`,
        body: sentences[Math.floor(emailRandom() * sentences.length)] ?? 'update',
        sender: `sender${i}@example.com`,
        occurredAt: new Date(Date.now() - Math.floor(emailRandom() * 300) * 86_400_000),
      })),
    );
  }
  return { chunks, documents: documentCount };
}

async function openBackend(backend: string): Promise<{ database: BenchDatabase; app: FastifyInstance }> {
  if (backend === 'pglite') {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    const config = benchConfig('');
    const app = await buildApp({ config: { ...config, databaseUrl: undefined }, database: handle });
    await app.ready();
    return { database: { handle, url: '', drop: () => handle.close() }, app };
  }
  const database = await createBenchDatabase();
  const app = await buildApp({ config: benchConfig(database.url), database: database.handle });
  await app.ready();
  return { database, app };
}

async function measure(backend: string) {
  const { database, app } = await openBackend(backend);
  try {
    const { organizationId, userId, token } = await registerOrganization(app);
    const db = database.handle.db;
    const seedStart = process.hrtime.bigint();
    const seeded = await seed(db, organizationId, userId);
    const seedMs = ms(seedStart);
    for (const table of ['knowledge_chunks', 'knowledge_interactions', 'companies', 'documents']) {
      await database.handle.executeSql(`vacuum analyze ${table}`);
    }
    const queries = [...corpusQuestions(), ...KEYWORD_QUERIES].slice(0, 40);
    // Warm the word cache, then record the statements each query runs in the steady state.
    for (const query of queries)
      await searchKnowledge(db, organizationId, { query, limit: 20, passages_per_document: 1 });
    const recorded = [];
    for (const query of queries) recorded.push(await recordStatements(db, organizationId, query));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const bodies = queries.map((query) => ({ query, limit: 20 }));
    const figures = [];
    for (const connections of CONNECTIONS) {
      const http = await client({
        mode: 'http',
        url: `${address}/api/v1/knowledge/search`,
        token,
        bodies,
        connections,
        requests: REQUESTS,
        warmup: queries.length,
      });
      let raw: Record<string, number>;
      if (backend === 'pglite') {
        raw = await rawInProcess(
          database,
          recorded.map((r) => r.statements),
        );
      } else {
        raw = await client({
          mode: 'sql',
          databaseUrl: database.url,
          statements: recorded.map((r) => r.statements),
          connections,
          requests: REQUESTS,
          warmup: queries.length,
        });
      }
      figures.push({
        connections,
        http,
        raw,
        ratio_p95: Math.round(((http.p95_ms ?? 0) / Math.max(raw.p95_ms ?? 0, 0.01)) * 100) / 100,
        ratio_p50: Math.round(((http.p50_ms ?? 0) / Math.max(raw.p50_ms ?? 0, 0.01)) * 100) / 100,
      });
    }
    return {
      backend,
      ...seeded,
      seed_ms: Math.round(seedMs),
      queries: queries.length,
      statements_per_query: recorded.map((r) => r.statements.length),
      results_per_query: recorded.map((r) => r.results),
      figures,
    };
  } finally {
    await app.close();
    await database.drop();
  }
}

/** PGlite runs inside the server's process: the raw statements are timed there, one at a time. */
async function rawInProcess(database: BenchDatabase, statements: { sql: string; params: unknown[] }[][]) {
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS + statements.length; i++) {
    const start = process.hrtime.bigint();
    for (const statement of statements[i % statements.length] ?? []) {
      await database.handle.executeSql(statement.sql, statement.params);
    }
    if (i >= statements.length) latencies.push(ms(start));
  }
  latencies.sort((x, y) => x - y);
  const at = (p: number) =>
    Math.round(
      (latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0) * 100,
    ) / 100;
  return { requests: latencies.length, p50_ms: at(50), p95_ms: at(95), p99_ms: at(99), max_ms: at(100) };
}

const results = [];
for (const backend of BACKENDS) results.push(await measure(backend));
console.log(
  JSON.stringify({ benchmark: 'knowledge-search', chunks: CHUNKS, requests: REQUESTS, results }, null, 2),
);
for (const result of results) {
  for (const f of result.figures) {
    console.log(
      `knowledge-search [${result.backend}] ${result.chunks} passages in ${result.documents} documents, 40 rotating queries, ` +
        `${f.connections} connection(s): HTTP p50 ${f.http.p50_ms} ms, p95 ${f.http.p95_ms} ms, p99 ${f.http.p99_ms} ms; ` +
        `raw SQL p50 ${f.raw.p50_ms} ms, p95 ${f.raw.p95_ms} ms; HTTP/raw p95 ${f.ratio_p95}×, p50 ${f.ratio_p50}×`,
    );
  }
}
