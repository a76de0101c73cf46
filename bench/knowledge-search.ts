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
 * - raw SQL: the very statements the server ran for each query (recorded once, caches warm, by
 *   bench/statement-recorder.ts), replayed with node-postgres from the same kind of separate
 *   process, prepared under the server's names when the server prepares them. On PGlite, which
 *   lives inside the server process, the raw statements run in that process between HTTP runs.
 *
 *   npx tsx bench/knowledge-search.ts
 *   BENCH_CHUNKS=20000 BENCH_BACKENDS=postgres,pglite BENCH_CONNECTIONS=1,4 npx tsx bench/knowledge-search.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openDatabase } from '@atempo/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import {
  type BenchDatabase,
  benchConfig,
  createBenchDatabase,
  envInt,
  ms,
  registerOrganization,
} from './common.ts';
import { benchQueries, seedKnowledge } from './knowledge-corpus.ts';
import { type RecordedStatement, statementRecorder } from './statement-recorder.ts';

const CHUNKS = envInt('BENCH_CHUNKS', 100_000);
const REQUESTS = envInt('BENCH_REQUESTS', 800);
const COMPANIES = envInt('BENCH_COMPANIES', 500);
const EMAILS = envInt('BENCH_EMAILS', 2_000);
/**
 * Rounds of the 40 queries before measuring, on both sides: PostgreSQL plans a prepared statement
 * afresh for its first 5 executions on each connection before it keeps the generic plan, so one
 * round would measure a server's first minute rather than its steady state.
 */
const WARMUP_ROUNDS = envInt('BENCH_WARMUP_ROUNDS', 6);
/** Slices HTTP and raw SQL alternate in, for each connection count. */
const SLICES = envInt('BENCH_SLICES', 4);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres').split(',').map((s) => s.trim());
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,4').split(',').map((s) => Number(s.trim()));
const CLIENT = fileURLToPath(new URL('./knowledge-search-client.ts', import.meta.url));

/** What the load generator answers for one run. */
interface Measured {
  requests: number;
  seconds: number;
  latencies: number[];
}

/** Percentiles over the latencies of several runs. */
function merged(runs: Measured[]) {
  const latencies = runs.flatMap((run) => run.latencies).sort((x, y) => x - y);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const at = (p: number) =>
    Math.round(
      (latencies[Math.max(0, Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1))] ??
        0) * 100,
    ) / 100;
  return {
    requests: latencies.length,
    requests_per_second: Math.round(latencies.length / Math.max(seconds, 1e-9)),
    p50_ms: at(50),
    p95_ms: at(95),
    p99_ms: at(99),
    max_ms: at(100),
  };
}

/** Runs the load generator in its own process with `plan` on stdin. */
function client(plan: object): Promise<Measured> {
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
    const seeded = await seedKnowledge(db, organizationId, userId, {
      chunks: CHUNKS,
      companies: COMPANIES,
      emails: EMAILS,
    });
    const seedMs = ms(seedStart);
    for (const table of ['knowledge_chunks', 'knowledge_interactions', 'companies', 'documents']) {
      await database.handle.executeSql(`vacuum analyze ${table}`);
    }
    const queries = benchQueries();
    // Warm the caches, then record the statements each query runs in the steady state.
    const recorder = statementRecorder(db);
    for (const query of queries) await recorder.record(organizationId, query);
    const recorded = [];
    for (const query of queries) recorded.push(await recorder.record(organizationId, query));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const bodies = queries.map((query) => ({ query, limit: 20 }));
    const figures = [];
    for (const connections of CONNECTIONS) {
      // HTTP and raw SQL alternate in slices, so a change in the machine's load between two long
      // runs does not land on one side only; each side's slices are merged before percentiles.
      const httpSlices: Measured[] = [];
      const rawSlices: Measured[] = [];
      const perSlice = Math.ceil(REQUESTS / SLICES);
      for (let slice = 0; slice < SLICES; slice++) {
        const common = {
          connections,
          requests: Math.min(perSlice, REQUESTS - slice * perSlice),
          warmup: slice === 0 ? queries.length * WARMUP_ROUNDS : 0,
          offset: slice * perSlice,
        };
        httpSlices.push(
          await client({ mode: 'http', url: `${address}/api/v1/knowledge/search`, token, bodies, ...common }),
        );
        if (backend !== 'pglite') {
          rawSlices.push(
            await client({
              mode: 'sql',
              databaseUrl: database.url,
              statements: recorded.map((r) => r.statements),
              ...common,
            }),
          );
        }
      }
      const http = merged(httpSlices);
      const raw =
        backend === 'pglite'
          ? await rawInProcess(
              database,
              recorded.map((r) => r.statements),
            )
          : merged(rawSlices);
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
async function rawInProcess(database: BenchDatabase, statements: RecordedStatement[][]) {
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
