/**
 * GET /search latency (decision 030) over an organisation of BENCH_COMPANIES companies, a deal for
 * every other company, as many documents and funding announcements, on PostgreSQL.
 *
 * Measured in the same run, from a separate load-generator process (bench/search-everything-client.ts):
 * - HTTP: GET /api/v1/search?q=…&limit=8 on the real app listening on a loopback port;
 * - raw SQL: the very statement the server runs for each query (searchStatement), with node-postgres.
 * The difference is what the API adds (auth, validation, serialisation) to the database's work.
 *
 *   npx tsx bench/search-everything.ts
 *   BENCH_COMPANIES=5000 BENCH_REQUESTS=200 npx tsx bench/search-everything.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { documents, fundingAnnouncements } from '@atempo/db';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../apps/server/src/app.ts';
import { searchStatement } from '../apps/server/src/modules/search/search.repository.ts';
import {
  benchConfig,
  createBenchDatabase,
  envInt,
  fakeCompany,
  fakeDeal,
  insertCompanies,
  insertDeals,
  registerOrganization,
  rng,
} from './common.ts';

const COMPANIES = envInt('BENCH_COMPANIES', 20_000);
const REQUESTS = envInt('BENCH_REQUESTS', 400);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 4);
const CLIENT = fileURLToPath(new URL('./search-everything-client.ts', import.meta.url));

/** What people type: name prefixes, words, a typo, a deal number, something absent. */
const QUERIES = [
  'company 00012',
  'company 0000042',
  'labs',
  'health',
  'energy',
  'compnay 00007',
  '#1234',
  'series b',
  'pitch deck',
  'model',
  'raises',
  'nothing like this',
  'ai',
  'pay',
  'company 0019',
  'systems',
];

function runClient(plan: object): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLIENT], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exited ${code}`)),
    );
    child.stdin.end(JSON.stringify(plan));
  });
}

const database = await createBenchDatabase();
try {
  const config = benchConfig(database.url);
  const app = await buildApp({ config, database: database.handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const { organizationId, userId, token } = await registerOrganization(app);
  const random = rng(7);
  const companyRows = Array.from({ length: COMPANIES }, (_, index) =>
    fakeCompany(organizationId, index, random),
  );
  const seedStart = Date.now();
  const companyIds = await insertCompanies(database.handle, companyRows);
  await insertDeals(
    database.handle,
    companyIds
      .filter((_, index) => index % 2 === 0)
      .map((id, index) => fakeDeal(organizationId, id, companyRows[index * 2]!, index + 1, userId, random)),
  );
  for (let start = 0; start < COMPANIES; start += 1000) {
    const slice = companyIds.slice(start, start + 1000);
    await database.handle.db.insert(documents).values(
      slice.map((companyId, offset) => ({
        organizationId,
        companyId,
        name: `${companyRows[start + offset]!.name} ${['pitch deck.pdf', 'model.xlsx', 'board report.pdf'][offset % 3]}`,
        size: 40_000,
        format: 'pdf',
        sha256: `${start + offset}`.padStart(64, '0'),
        status: 'completed',
      })),
    );
    await database.handle.db.insert(fundingAnnouncements).values(
      slice.map((companyId, offset) => ({
        organizationId,
        companyId,
        companyName: companyRows[start + offset]!.name,
        title: `${companyRows[start + offset]!.name} raises a Series B`,
        amountRaised: 10_000_000,
        currency: 'EUR',
        stage: 'Series B',
        announcedAt: new Date(),
        confidenceScore: 0.9,
        sourceName: 'Bench',
        dedupKey: `bench-${start + offset}`,
      })),
    );
  }
  await database.handle.executeSql('analyze');
  const seeded = (Date.now() - seedStart) / 1000;

  const dialect = new PgDialect();
  const statements = QUERIES.map((query) => {
    const compiled = dialect.sqlToQuery(searchStatement(organizationId, query, 8));
    return { sql: compiled.sql, params: compiled.params };
  });
  const urls = QUERIES.map(
    (query) =>
      `http://127.0.0.1:${address.port}/api/v1/search?${new URLSearchParams({ q: query, limit: '8' })}`,
  );
  const common = { connections: CONNECTIONS, requests: REQUESTS, warmup: QUERIES.length * 2 };
  const sqlFirst = await runClient({ ...common, mode: 'sql', databaseUrl: database.url, statements });
  const http = await runClient({ ...common, mode: 'http', urls, token });
  const sqlAfter = await runClient({ ...common, mode: 'sql', databaseUrl: database.url, statements });
  const summary = {
    companies: COMPANIES,
    deals: Math.ceil(COMPANIES / 2),
    documents: COMPANIES,
    announcements: COMPANIES,
    seeded_seconds: seeded,
    connections: CONNECTIONS,
    http,
    raw_sql: { before: sqlFirst, after: sqlAfter },
    http_over_sql_p95: Math.round((http.p95_ms! / Math.max(sqlFirst.p95_ms!, sqlAfter.p95_ms!)) * 100) / 100,
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log(
    `GET /search over ${COMPANIES} companies: p50 ${http.p50_ms} ms, p95 ${http.p95_ms} ms (raw SQL p95 ${sqlFirst.p95_ms}/${sqlAfter.p95_ms} ms), ${http.requests_per_second} req/s at ${CONNECTIONS} connections`,
  );
  await app.close();
} finally {
  await database.drop();
}
