/**
 * Load benchmark of the deals list, the pattern every list follows (docs/ARCHITECTURE.md "Lists").
 *
 * For each database (PostgreSQL, then embedded PGlite): the real app (buildApp, listening on a
 * loopback port) with an organisation of BENCH_DEALS deals, each on its own company, all scored.
 * autocannon runs as a separate process (its CLI, spawned with node) against the web client's
 * default table page, GET /api/v1/deals?sort=-created_at&limit=50&offset=0 with the admin's bearer
 * token. Reference in the same run, under the same load: a plain node:http server answering a fixed
 * buffer of exactly the measured response's size. Also reported: bytes per deal (raw, gzip, brotli
 * as the server sends them), the board projection's size (GET /deals/board, 1000 cards), and the
 * CPU each list request cost the server process and the PostgreSQL backends (Linux), a figure
 * that other work on a shared machine moves much less than req/s.
 *
 *   npx tsx bench/deals-list-load.ts
 *   BENCH_DEALS=2000 BENCH_SECONDS=3 BENCH_BACKENDS=postgres npx tsx bench/deals-list-load.ts
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { dealNumberCounters, migrateDatabase, openDatabase } from '@atempo/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { rescoreOrganization } from '../apps/server/src/modules/scoring/index.ts';
import {
  type BenchDatabase,
  createBenchDatabase,
  envInt,
  fakeCompany,
  fakeDeal,
  insertCompanies,
  insertDeals,
  ms,
  registerOrganization,
  rng,
  startApp,
} from './common.ts';

const DEALS = envInt('BENCH_DEALS', 10_000);
const SECONDS = envInt('BENCH_SECONDS', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 10);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((name) => name.trim());
/** What the deals screen asks for first (features/deals: sort, TABLE_PAGE_SIZE, offset). */
const LIST_PATH = '/api/v1/deals?sort=-created_at&limit=50&offset=0';
const BOARD_PATH = '/api/v1/deals/board?sort=-thematic_score&limit=1000';
const AUTOCANNON_CLI = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

const run = promisify(execFile);

interface LoadFigures {
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

/**
 * CPU seconds the PostgreSQL backends serving `database` have used so far (Linux /proc, clock
 * ticks of 10 ms), or undefined where that cannot be read. With the server's own CPU, a figure per
 * request that the other load on a shared machine moves far less than req/s.
 */
async function backendCpuSeconds(
  handle: BenchDatabase['handle'],
  database: string,
): Promise<number | undefined> {
  if (handle.kind !== 'postgres') return undefined;
  const { rows } = await handle.executeSql('select pid from pg_stat_activity where datname = $1', [database]);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return ticks / 100;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
async function load(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [
    AUTOCANNON_CLI,
    '--json',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    ...headerArgs,
    url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The body as it crosses the wire (no decoding), with its encoding. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function sizes(url: string, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const raw = await rawGet(url, auth);
  if (raw.status !== 200) throw new Error(`${url}: ${raw.status} ${raw.body.toString('utf8').slice(0, 300)}`);
  const items = (JSON.parse(raw.body.toString('utf8')) as { deals: unknown[] }).deals.length;
  const gzip = await rawGet(url, { ...auth, 'accept-encoding': 'gzip' });
  const br = await rawGet(url, { ...auth, 'accept-encoding': 'br' });
  if (gzip.encoding !== 'gzip' || br.encoding !== 'br') throw new Error(`${url}: not compressed`);
  const perItem = (bytes: number) => Math.round(bytes / Math.max(items, 1));
  return {
    items,
    bytes: raw.body.length,
    bytes_gzip: gzip.body.length,
    bytes_br: br.body.length,
    bytes_per_deal: perItem(raw.body.length),
    bytes_per_deal_gzip: perItem(gzip.body.length),
    bytes_per_deal_br: perItem(br.body.length),
  };
}

/** A plain node:http server answering `bytes` bytes of JSON-typed filler to every request. */
async function startReference(bytes: number) {
  const body = Buffer.alloc(bytes, 'x');
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Embedded PGlite in a temporary DATA_DIR, as a server without DATABASE_URL runs. */
async function createPgliteDatabase(): Promise<{ database: BenchDatabase; app: FastifyInstance }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atempo-bench-pglite-'));
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
  await migrateDatabase(handle);
  const config = loadConfig({
    JWT_SECRET: `bench-secret-${process.pid}-${Date.now()}-pglite-0123456789`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmpdir(), 'atempo-no-web-dist'),
  });
  const app = await buildApp({ config, database: handle });
  await app.ready();
  return { database: { handle, url: '', drop: () => handle.close() }, app };
}

async function measure(backend: string) {
  const { database, app } =
    backend === 'pglite'
      ? await createPgliteDatabase()
      : await (async () => {
          const database = await createBenchDatabase();
          return { database, app: await startApp(database) };
        })();
  try {
    const { organizationId, userId, token } = await registerOrganization(app);
    const { handle } = database;

    const seedStart = process.hrtime.bigint();
    const random = rng(7);
    const companyRows = Array.from({ length: DEALS }, (_, i) => fakeCompany(organizationId, i, random));
    const companyIds = await insertCompanies(handle, companyRows);
    const dealRows = companyRows.map((company, i) =>
      fakeDeal(organizationId, companyIds[i]!, company, i + 1, userId, random),
    );
    await insertDeals(handle, dealRows);
    await handle.db.insert(dealNumberCounters).values({ organizationId, lastNumber: DEALS });
    const seedMs = ms(seedStart);

    const scoreStart = process.hrtime.bigint();
    await rescoreOrganization(handle.db, organizationId);
    const scoreMs = ms(scoreStart);
    await handle.executeSql('vacuum analyze companies');
    await handle.executeSql('vacuum analyze deals');

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const list = await sizes(`${address}${LIST_PATH}`, token);
    const board = await sizes(`${address}${BOARD_PATH}`, token);

    const reference = await startReference(list.bytes);
    try {
      const auth = { authorization: `Bearer ${token}` };
      const databaseName = database.url ? new URL(database.url).pathname.slice(1) : '';
      const backendBefore = await backendCpuSeconds(handle, databaseName);
      const serverBefore = process.cpuUsage();
      const listLoad = await load(`${address}${LIST_PATH}`, auth);
      const serverCpu = process.cpuUsage(serverBefore);
      const backendAfter = await backendCpuSeconds(handle, databaseName);
      const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(listLoad.requests, 1));
      const cpu = {
        server_us_per_request: perRequest((serverCpu.user + serverCpu.system) / 1e6),
        database_us_per_request:
          backendBefore === undefined || backendAfter === undefined
            ? null
            : perRequest(backendAfter - backendBefore),
      };
      const listLoadBrotli = await load(`${address}${LIST_PATH}`, { ...auth, 'accept-encoding': 'br' });
      const referenceLoad = await load(reference.url);
      return {
        backend,
        seed_ms: Math.round(seedMs),
        score_ms: Math.round(scoreMs),
        list: { path: LIST_PATH, ...list, total_deals: DEALS },
        board: { path: BOARD_PATH, ...board },
        load: { list: listLoad, list_brotli: listLoadBrotli, reference: referenceLoad },
        cpu_during_list_load: cpu,
        load_average: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
        ratio_rps_list_to_reference:
          Math.round((listLoad.requests_per_second / referenceLoad.requests_per_second) * 1000) / 1000,
      };
    } finally {
      await reference.close();
    }
  } finally {
    await app.close();
    await database.drop();
  }
}

const results = [];
for (const backend of BACKENDS) results.push(await measure(backend));
console.log(
  JSON.stringify(
    { benchmark: 'deals-list-load', deals: DEALS, seconds: SECONDS, connections: CONNECTIONS, results },
    null,
    2,
  ),
);
for (const result of results) {
  const { list, board, load: figures } = result;
  console.log(
    `deals-list-load [${result.backend}] GET ${list.path} over ${DEALS} deals: ${figures.list.requests_per_second} req/s, ` +
      `p50 ${figures.list.latency_p50_ms} ms, p99 ${figures.list.latency_p99_ms} ms (br: ${figures.list_brotli.requests_per_second} req/s, ` +
      `p99 ${figures.list_brotli.latency_p99_ms} ms); reference node:http ${list.bytes} B: ${figures.reference.requests_per_second} req/s, ` +
      `p99 ${figures.reference.latency_p99_ms} ms; ${list.bytes_per_deal} B/deal raw, ${list.bytes_per_deal_gzip} gzip, ` +
      `${list.bytes_per_deal_br} br; board ${board.items} cards ${board.bytes} B raw, ${board.bytes_br} B br; ` +
      `CPU per list request: server ${result.cpu_during_list_load.server_us_per_request} µs, ` +
      `database ${result.cpu_during_list_load.database_us_per_request ?? '—'} µs; load average ${result.load_average}`,
  );
}
