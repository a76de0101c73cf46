/**
 * SharePoint deal-folder ingestion (issue #17, decision 041), against the Microsoft 365 fake running
 * in its own process (`scripts/dev-fakes.mjs` with FAKES_DEAL_TREE), through the real app on a bench
 * database. Two parts:
 *
 * - **full**: `POST /sharepoint/ingest/full` over a generated deal tree, timed until the run and
 *   every document's analysis are done; reference in the same run, the same files (fetched from
 *   the fake beforehand) uploaded from disk through `POST /workflows/document-processing` by a
 *   separate process into a second organisation, timed the same way. Files/s of each and the ratio.
 * - **incremental**: a bigger tree ingested in full, then one file changed at the source and
 *   `POST /sharepoint/ingest/incremental` timed until the run completes and until that file's new
 *   document is analysed; the Graph requests the run made, from the fake's request log.
 *
 * Not a test: nothing asserts. See bench/README.md for the knobs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePdf } from '@atempo/documents/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import {
  type BenchDatabase,
  benchConfig,
  createBenchDatabase,
  envInt,
  registerOrganization,
} from './common.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const UPLOAD_CLIENT = path.join(import.meta.dirname, 'sharepoint-upload-client.ts');

const FILES = envInt('BENCH_FILES', 200);
const FILES_PER_COMPANY = envInt('BENCH_FILES_PER_COMPANY', 10);
const INCREMENTAL_FILES = envInt('BENCH_INCREMENTAL_FILES', 2000);
const INCREMENTAL_FILES_PER_COMPANY = envInt('BENCH_INCREMENTAL_FILES_PER_COMPANY', 20);
const UPLOAD_CONCURRENCY = envInt('BENCH_UPLOAD_CONCURRENCY', 3);
const POLL_MS = envInt('BENCH_POLL_MS', 100);
const RUN_POLL_MS = envInt('BENCH_RUN_POLL_MS', 20);
const TIMEOUT_SECONDS = envInt('BENCH_TIMEOUT_SECONDS', 3600);
/** Added by the fake to each Graph request of the timed incremental run, as a real tenant's distance. */
const GRAPH_LATENCY_MS = envInt('BENCH_GRAPH_LATENCY_MS', 0);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'full,incremental').split(',').map((p) => p.trim()));
const REFERENCE_FIRST = process.env.BENCH_ORDER === 'reference-first';
/** When set, a CPU profile of the server's main thread per timed phase is written there. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** CPU seconds of a process (user + system), and of its waited-for children, from /proc (Linux). */
function procCpu(pid: number | 'self'): { own: number; children: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const tick = (index: number) => Number(fields[index - 3] ?? 0) / 100;
    return { own: tick(14) + tick(15), children: tick(16) + tick(17) };
  } catch {
    return { own: 0, children: 0 };
  }
}

/** Runs `phase` under the V8 sampling profiler when BENCH_PROFILE_DIR is set (`<name>.cpuprofile`). */
async function profiled<T>(name: string, phase: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return phase();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await phase();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// The Microsoft fake, in its own process.

interface FakeProcess {
  url: string;
  /** MS_CLIENT_ID … GRAPH_BASE_URL, as the script prints them. */
  settings: Record<string, string>;
  driveId: string;
  readySeconds: number;
  pid: number;
  control<T>(name: string, body?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
}

async function startFake(companies: number, filesPerCompany: number): Promise<FakeProcess> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-fakes.mjs'], {
    cwd: ROOT,
    env: { ...process.env, FAKES_PORT: String(port), FAKES_DEAL_TREE: `${companies}x${filesPerCompany}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, pause(5000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    const deadline = Date.now() + TIMEOUT_SECONDS * 1000;
    while (!stdout.includes('Controls: ')) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The Microsoft fake exited: ${stderr.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error('The Microsoft fake did not start in time');
      await pause(50);
    }
    const settings = Object.fromEntries(
      [...stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!.trim()]),
    );
    const url = `http://127.0.0.1:${port}`;
    const control = async <T>(name: string, body?: Record<string, unknown>): Promise<T> => {
      const response = await fetch(`${url}/__control/${name}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`fake control ${name}: ${response.status} ${text}`);
      return JSON.parse(text) as T;
    };
    const state = await control<{ sites: { isRoot: boolean; drives: { id: string }[] }[] }>('state');
    const driveId = state.sites.find((site) => site.isRoot)?.drives[0]?.id;
    if (!driveId) throw new Error('The fake has no root site library');
    return {
      url,
      settings,
      driveId,
      readySeconds: seconds(started),
      pid: child.pid ?? 0,
      control,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The fake's request log summarised: Graph calls by shape (ids masked), downloads, token calls. */
function summariseRequests(log: RequestLogEntry[]) {
  const shapes = new Map<string, number>();
  let graph = 0;
  let downloads = 0;
  let token = 0;
  for (const entry of log) {
    if (entry.path.startsWith('/v1.0/') || entry.path.startsWith('/beta/')) graph += 1;
    else if (entry.path.startsWith('/download/')) downloads += 1;
    else if (entry.path.includes('/oauth2/')) token += 1;
    const shape = `${entry.method} ${entry.path
      .replace(/\/(drives|items|sites)\/[^/:]+/g, '/$1/{id}')
      .replace(/\/root:\/.*:/, '/root:/{path}:')} ${entry.status}`;
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  return {
    requests: log.length,
    graph_requests: graph,
    downloads,
    token_requests: token,
    by_shape: Object.fromEntries([...shapes.entries()].sort((a, b) => b[1] - a[1])),
  };
}

// ---------------------------------------------------------------------------------------------
// The app, organisations, the Microsoft connection.

interface BenchApp {
  app: FastifyInstance;
  database: BenchDatabase;
  url: string;
  /** A connection of the bench's own for polling, apart from the app's pool. */
  probe: pg.Client;
  dataDir: string;
  close(): Promise<void>;
}

async function startBenchApp(fake: FakeProcess): Promise<BenchApp> {
  const database = await createBenchDatabase();
  try {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    // The fake accepts any loopback port's /auth-callback; this is the port the app listens on.
    const config = benchConfig(database.url, { ...fake.settings, PUBLIC_URL: publicUrl });
    const app = await buildApp({ config, database: database.handle });
    await app.listen({ port, host: '127.0.0.1' });
    const probe = new pg.Client({ connectionString: database.url });
    await probe.connect();
    return {
      app,
      database,
      url: publicUrl,
      probe,
      dataDir: config.dataDir,
      close: async () => {
        await probe.end().catch(() => {});
        await app.close();
        await database.drop();
        rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

async function api<T>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  expected = [200, 201, 202],
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
  if (!expected.includes(response.statusCode))
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return response.json() as T;
}

/** The user's Microsoft 365 account connected through the fake's authorization code flow. */
async function connectMicrosoft(app: FastifyInstance, token: string): Promise<void> {
  const start = await api<{ auth_url: string }>(app, token, 'POST', '/api/v1/oauth/connect/microsoft');
  // The browser's part: the fake consents at once and redirects to PUBLIC_URL/auth-callback.
  const authorize = await fetch(start.auth_url, { redirect: 'manual' });
  await authorize.body?.cancel();
  const location = authorize.headers.get('location');
  const params = location ? new URL(location).searchParams : new URLSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) throw new Error(`The fake did not authorise: ${location}`);
  await api(app, token, 'GET', `/api/v1/oauth/callback?${new URLSearchParams({ code, state })}`);
}

interface RunResult {
  execution_id: string;
  status: 'running' | 'completed' | 'failed';
  total_deals: number;
  total_documents: number;
  processed_documents: number;
  failed_documents: number;
  unchanged_documents: number;
  skipped_documents: number;
  removed_documents: number;
  duration_seconds: number;
  error: string | null;
}

async function waitForRun(
  app: FastifyInstance,
  token: string,
  executionId: string,
  pollMs: number,
): Promise<RunResult> {
  const deadline = Date.now() + TIMEOUT_SECONDS * 1000;
  for (;;) {
    const result = await api<RunResult>(app, token, 'GET', `/api/v1/sharepoint/ingest/${executionId}`);
    if (result.status === 'failed') throw new Error(`The ingestion failed: ${result.error}`);
    if (result.status === 'completed') return result;
    if (Date.now() > deadline) throw new Error('The ingestion did not finish in time');
    await pause(pollMs);
  }
}

interface DocumentCounts {
  total: number;
  processing: number;
  completed: number;
  failed: number;
}

async function documentCounts(probe: pg.Client, organizationId: string): Promise<DocumentCounts> {
  const { rows } = await probe.query<{ status: string; n: string }>(
    'select status, count(*) as n from documents where organization_id = $1 group by status',
    [organizationId],
  );
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return {
    total: rows.reduce((sum, row) => sum + Number(row.n), 0),
    processing: of('processing'),
    completed: of('completed'),
    failed: of('failed'),
  };
}

/** Until the organisation has at least `expected` documents and none is still being analysed. */
async function waitForAnalyses(probe: pg.Client, organizationId: string, expected: number) {
  const deadline = Date.now() + TIMEOUT_SECONDS * 1000;
  for (;;) {
    const counts = await documentCounts(probe, organizationId);
    if (counts.total >= expected && counts.processing === 0) return counts;
    if (Date.now() > deadline) throw new Error(`Analyses not done in time: ${JSON.stringify(counts)}`);
    await pause(POLL_MS);
  }
}

/** The slowest step of the documents' analyses and the queue wait, from the workflow executions. */
async function analysisTimings(probe: pg.Client, organizationId: string, since: Date) {
  const { rows } = await probe.query<{ n: string; p50: number; p95: number; span: number }>(
    `select count(*) as n,
            percentile_cont(0.5) within group (order by extract(epoch from finished_at - created_at)) as p50,
            percentile_cont(0.95) within group (order by extract(epoch from finished_at - created_at)) as p95,
            extract(epoch from max(finished_at) - min(created_at)) as span
       from workflow_executions
      where organization_id = $1 and workflow_type = 'document_processing' and created_at >= $2`,
    [organizationId, since],
  );
  const row = rows[0];
  return {
    executions: Number(row?.n ?? 0),
    created_to_finished_p50_s: round(Number(row?.p50 ?? 0)),
    created_to_finished_p95_s: round(Number(row?.p95 ?? 0)),
    first_created_to_last_finished_s: round(Number(row?.span ?? 0)),
  };
}

interface CpuSnapshot {
  server: NodeJS.CpuUsage;
  children: number;
  fake: number;
  backends: Map<number, number>;
  commits: number;
}

/**
 * CPU seconds of each PostgreSQL backend serving the bench database now (Linux /proc; the server
 * runs on this machine). A backend that closes during a phase takes its time with it.
 */
async function backendCpu(probe: pg.Client): Promise<Map<number, number>> {
  const { rows } = await probe.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return new Map(rows.map((row) => [row.pid, procCpu(row.pid).own]));
}

async function commits(probe: pg.Client): Promise<number> {
  const { rows } = await probe.query<{ n: string }>(
    'select xact_commit as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

async function cpuNow(bench: BenchApp, fake: FakeProcess): Promise<CpuSnapshot> {
  return {
    server: process.cpuUsage(),
    children: procCpu('self').children,
    fake: procCpu(fake.pid).own,
    backends: await backendCpu(bench.probe),
    commits: await commits(bench.probe),
  };
}

async function cpuSince(before: CpuSnapshot, bench: BenchApp, fake: FakeProcess, excludeChildren = 0) {
  const server = process.cpuUsage(before.server);
  const backends = await backendCpu(bench.probe);
  let database = 0;
  for (const [pid, now] of backends) database += now - (before.backends.get(pid) ?? 0);
  // pg_stat_database lags by up to the stats interval; good enough for a count of thousands.
  await pause(600);
  return {
    server_cpu_s: round((server.user + server.system) / 1e6),
    // pdftotext and other processes the server waited for (the uploader's own CPU taken out).
    server_children_cpu_s: round(Math.max(0, procCpu('self').children - before.children - excludeChildren)),
    database_cpu_s: round(database),
    database_commits: (await commits(bench.probe)) - before.commits,
    fake_cpu_s: round(procCpu(fake.pid).own - before.fake),
  };
}

// ---------------------------------------------------------------------------------------------
// Part 1: a full ingestion against uploads of the same files.

interface TreeFile {
  path: string;
  name: string;
  companyName: string;
  size: number;
}

interface GraphItem {
  id: string;
  name: string;
  size?: number;
  folder?: unknown;
  file?: unknown;
}

/** Every file of the fake's Deals folder, downloaded through Graph into `dir` (untimed). */
async function downloadTree(fake: FakeProcess, dir: string): Promise<TreeFile[]> {
  const { accessToken } = await fake.control<{ accessToken: string }>('issueTokens', {});
  const graph = fake.settings.GRAPH_BASE_URL ?? `${fake.url}/v1.0`;
  const headers = { authorization: `Bearer ${accessToken}` };
  const list = async (url: string): Promise<GraphItem[]> => {
    const found: GraphItem[] = [];
    for (let next: string | undefined = url; next; ) {
      const response = await fetch(next, { headers });
      if (!response.ok) throw new Error(`Graph ${next}: ${response.status}`);
      const page = (await response.json()) as { value: GraphItem[]; '@odata.nextLink'?: string };
      found.push(...page.value);
      next = page['@odata.nextLink'];
    }
    return found;
  };
  const drive = `${graph}/drives/${encodeURIComponent(fake.driveId)}`;
  const folders = (await list(`${drive}/root:/Deals:/children?$top=999`)).filter((item) => item.folder);
  const jobs: { folder: GraphItem; file: GraphItem }[] = [];
  for (const folder of folders) {
    const children = await list(`${drive}/items/${encodeURIComponent(folder.id)}/children?$top=999`);
    for (const file of children.filter((item) => item.file)) jobs.push({ folder, file });
  }
  const files: TreeFile[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const redirect = await fetch(`${drive}/items/${encodeURIComponent(job.file.id)}/content`, {
          headers,
          redirect: 'manual',
        });
        await redirect.body?.cancel();
        const location = redirect.headers.get('location');
        if (!location) throw new Error(`No download URL for ${job.file.name}: ${redirect.status}`);
        const bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
        const folderDir = path.join(dir, job.folder.id);
        mkdirSync(folderDir, { recursive: true });
        const filePath = path.join(folderDir, job.file.id);
        writeFileSync(filePath, bytes);
        files.push({ path: filePath, name: job.file.name, companyName: job.folder.name, size: bytes.length });
      }
    }),
  );
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

interface UploaderResult {
  documentIds: string[];
  failures: string[];
  seconds: number;
  /** The uploader's own CPU, start-up included (it lands in the server's children's time at exit). */
  cpuSeconds: number;
}

/** Starts the uploader process and waits until it is loaded, so its start-up is not timed. */
async function startUploader(): Promise<{
  child: ChildProcess;
  go(plan: object): Promise<UploaderResult>;
}> {
  const child = spawn(process.execPath, ['--import', 'tsx', UPLOAD_CLIENT], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  while (!stdout.includes('ready\n')) {
    if (child.exitCode !== null) throw new Error(`The uploader exited: ${stderr.slice(-2000)}`);
    await pause(20);
  }
  return {
    child,
    go: async (plan) => {
      child.stdin?.end(JSON.stringify(plan));
      const code = await exited;
      if (code !== 0) throw new Error(`The uploader failed (${code}): ${stderr.slice(-2000)}`);
      const last = stdout.trim().split('\n').at(-1) ?? '{}';
      return JSON.parse(last) as UploaderResult;
    },
  };
}

async function ingestionPhase(bench: BenchApp, fake: FakeProcess, files: TreeFile[]) {
  const { organizationId, token } = await registerOrganization(bench.app);
  await connectMicrosoft(bench.app, token);
  await fake.control('resetRequestLog', {});
  const since = new Date(Date.now() - 1000);
  const cpu = await cpuNow(bench, fake);
  const started = process.hrtime.bigint();
  const { result, runSeconds, counts } = await profiled('ingestion', async () => {
    const run = await api<RunResult>(bench.app, token, 'POST', '/api/v1/sharepoint/ingest/full', {});
    const result = await waitForRun(bench.app, token, run.execution_id, POLL_MS);
    const runSeconds = seconds(started);
    const counts = await waitForAnalyses(bench.probe, organizationId, result.processed_documents);
    return { result, runSeconds, counts };
  });
  const allSeconds = seconds(started);
  const used = await cpuSince(cpu, bench, fake);
  const requests = summariseRequests(await fake.control<RequestLogEntry[]>('requestLog'));
  return {
    files: files.length,
    run_seconds: round(runSeconds),
    all_analysed_seconds: round(allSeconds),
    files_per_second: round(counts.total / allSeconds),
    run: {
      total_deals: result.total_deals,
      total_documents: result.total_documents,
      processed_documents: result.processed_documents,
      skipped_documents: result.skipped_documents,
      failed_documents: result.failed_documents,
    },
    documents: counts,
    analyses: await analysisTimings(bench.probe, organizationId, since),
    ...used,
    graph: requests,
  };
}

async function referencePhase(bench: BenchApp, fake: FakeProcess, files: TreeFile[]) {
  const { organizationId, token } = await registerOrganization(bench.app);
  // The deals the files belong to, as the ingestion makes one per folder (untimed).
  const dealOf = new Map<string, string>();
  for (const companyName of new Set(files.map((file) => file.companyName))) {
    const deal = await api<{ id: string }>(bench.app, token, 'POST', '/api/v1/deals', {
      company_name: companyName,
      amount_requested: 0,
    });
    dealOf.set(companyName, deal.id);
  }
  const uploader = await startUploader();
  const since = new Date(Date.now() - 1000);
  const cpu = await cpuNow(bench, fake);
  const started = process.hrtime.bigint();
  const { uploaded, uploadSeconds, counts } = await profiled('reference', async () => {
    const uploaded = await uploader.go({
      url: `${bench.url}/api/v1/workflows/document-processing`,
      token,
      concurrency: UPLOAD_CONCURRENCY,
      files: files.map((file) => ({
        path: file.path,
        name: file.name,
        dealId: dealOf.get(file.companyName),
        companyName: file.companyName,
      })),
    });
    const uploadSeconds = seconds(started);
    const counts = await waitForAnalyses(bench.probe, organizationId, uploaded.documentIds.length);
    return { uploaded, uploadSeconds, counts };
  });
  const allSeconds = seconds(started);
  return {
    files: files.length,
    upload_concurrency: UPLOAD_CONCURRENCY,
    uploads_seconds: round(uploadSeconds),
    upload_failures: uploaded.failures.slice(0, 5),
    all_analysed_seconds: round(allSeconds),
    files_per_second: round(counts.total / allSeconds),
    documents: counts,
    analyses: await analysisTimings(bench.probe, organizationId, since),
    uploader_cpu_s: round(uploaded.cpuSeconds),
    ...(await cpuSince(cpu, bench, fake, uploaded.cpuSeconds)),
  };
}

/** One untimed upload analysed first, so neither timed phase pays the extraction pool's start. */
async function warmUp(bench: BenchApp, file: TreeFile): Promise<void> {
  const { organizationId, token } = await registerOrganization(bench.app);
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file.path)]), file.name);
  const response = await fetch(`${bench.url}/api/v1/document-processing/process`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 202) throw new Error(`warm-up upload: ${response.status} ${await response.text()}`);
  await waitForAnalyses(bench.probe, organizationId, 1);
}

async function fullPart() {
  const companies = Math.max(1, Math.ceil(FILES / FILES_PER_COMPANY));
  const fake = await startFake(companies, FILES_PER_COMPANY);
  const scratch = mkdtempSync(path.join(tmpdir(), 'atempo-bench-sharepoint-'));
  let bench: BenchApp | undefined;
  try {
    bench = await startBenchApp(fake);
    const fetched = process.hrtime.bigint();
    const files = await downloadTree(fake, scratch);
    const fetchSeconds = seconds(fetched);
    await warmUp(bench, files[0]!);
    let ingestion: Awaited<ReturnType<typeof ingestionPhase>>;
    let reference: Awaited<ReturnType<typeof referencePhase>>;
    if (REFERENCE_FIRST) {
      reference = await referencePhase(bench, fake, files);
      ingestion = await ingestionPhase(bench, fake, files);
    } else {
      ingestion = await ingestionPhase(bench, fake, files);
      reference = await referencePhase(bench, fake, files);
    }
    return {
      tree: `${companies} companies × ${FILES_PER_COMPANY} files`,
      files: files.length,
      bytes: files.reduce((sum, file) => sum + file.size, 0),
      fake_ready_seconds: round(fake.readySeconds),
      files_fetched_for_reference_seconds: round(fetchSeconds),
      order: REFERENCE_FIRST ? 'reference, ingestion' : 'ingestion, reference',
      ingestion,
      reference,
      ratio: round(ingestion.files_per_second / reference.files_per_second, 3),
      goal: '≥ 0.8',
    };
  } finally {
    await bench?.close();
    await fake.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: one changed file among thousands.

async function incrementalPart() {
  const companies = Math.max(1, Math.ceil(INCREMENTAL_FILES / INCREMENTAL_FILES_PER_COMPANY));
  const fake = await startFake(companies, INCREMENTAL_FILES_PER_COMPANY);
  let bench: BenchApp | undefined;
  try {
    bench = await startBenchApp(fake);
    const running = bench;
    const { organizationId, token } = await registerOrganization(bench.app);
    await connectMicrosoft(bench.app, token);

    // The first, full ingestion: timed on its own.
    await fake.control('resetRequestLog', {});
    const fullCpu = await cpuNow(bench, fake);
    const fullStarted = process.hrtime.bigint();
    const { fullResult, fullRunSeconds, fullCounts } = await profiled('first-full', async () => {
      const fullRun = await api<RunResult>(running.app, token, 'POST', '/api/v1/sharepoint/ingest/full', {});
      const fullResult = await waitForRun(running.app, token, fullRun.execution_id, POLL_MS);
      const fullRunSeconds = seconds(fullStarted);
      const fullCounts = await waitForAnalyses(running.probe, organizationId, fullResult.processed_documents);
      return { fullResult, fullRunSeconds, fullCounts };
    });
    const fullAllSeconds = seconds(fullStarted);
    const fullUsed = await cpuSince(fullCpu, bench, fake);
    const fullRequests = summariseRequests(await fake.control<RequestLogEntry[]>('requestLog'));

    // One file changes at the source.
    const company = `Company ${String(1).padStart(4, '0')} Ltd`;
    const filePath = `Deals/${company}/${company} Update 1.pdf`;
    const item = await fake.control<{ id: string } | null>('itemByPath', {
      driveId: fake.driveId,
      path: filePath,
    });
    if (!item) throw new Error(`The fake has no ${filePath}`);
    const documentOf = async () => {
      const { rows } = await running.probe.query<{ document_id: string | null }>(
        'select document_id from drive_items where organization_id = $1 and item_id = $2',
        [organizationId, item.id],
      );
      return rows[0]?.document_id ?? null;
    };
    const previousDocumentId = await documentOf();
    const bytes = await makePdf(
      [`${company} update 1 (revised)\n\nARR: EUR 7.5m\nMonthly burn: EUR 0.41m\nCash: EUR 9.2m`],
      { title: `${company} update 1 (revised)` },
    );
    await fake.control('updateFile', {
      driveId: fake.driveId,
      itemId: item.id,
      contentBase64: Buffer.from(bytes).toString('base64'),
    });
    await fake.control('resetRequestLog', {});
    if (GRAPH_LATENCY_MS > 0) await fake.control('setLatency', { ms: GRAPH_LATENCY_MS });

    const cpu = await cpuNow(bench, fake);
    const started = process.hrtime.bigint();
    const run = await api<RunResult>(bench.app, token, 'POST', '/api/v1/sharepoint/ingest/incremental');
    const result = await waitForRun(bench.app, token, run.execution_id, RUN_POLL_MS);
    const runSeconds = seconds(started);
    const requests = summariseRequests(await fake.control<RequestLogEntry[]>('requestLog'));
    const { rows: executionRows } = await bench.probe.query<{ s: number }>(
      'select extract(epoch from finished_at - created_at) as s from workflow_executions where id = $1',
      [run.execution_id],
    );
    // The changed file's new version: a new document, analysed after the run.
    const current = await documentOf();
    const documentId = current !== previousDocumentId ? current : null;
    let analysedSeconds: number | null = null;
    let documentStatus = 'no new document';
    if (documentId) {
      const deadline = Date.now() + TIMEOUT_SECONDS * 1000;
      for (;;) {
        const { rows } = await bench.probe.query<{ status: string }>(
          'select status from documents where id = $1',
          [documentId],
        );
        documentStatus = rows[0]?.status ?? 'missing';
        if (documentStatus !== 'processing' || Date.now() > deadline) break;
        await pause(RUN_POLL_MS);
      }
      analysedSeconds = seconds(started);
    }
    const used = await cpuSince(cpu, bench, fake);
    const after = await documentCounts(bench.probe, organizationId);
    return {
      tree: `${companies} companies × ${INCREMENTAL_FILES_PER_COMPANY} files`,
      files: companies * INCREMENTAL_FILES_PER_COMPANY,
      fake_ready_seconds: round(fake.readySeconds),
      first_full: {
        run_seconds: round(fullRunSeconds),
        all_analysed_seconds: round(fullAllSeconds),
        files_per_second: round(fullCounts.total / fullAllSeconds),
        processed_documents: fullResult.processed_documents,
        documents: fullCounts,
        ...fullUsed,
        graph_requests: fullRequests.graph_requests,
        downloads: fullRequests.downloads,
      },
      incremental: {
        run_seconds: round(runSeconds, 3),
        run_execution_seconds: round(Number(executionRows[0]?.s ?? 0), 3),
        changed_file_analysed_seconds: analysedSeconds === null ? null : round(analysedSeconds, 3),
        changed_document_status: documentStatus,
        graph_latency_ms: GRAPH_LATENCY_MS,
        run: {
          total_deals: result.total_deals,
          total_documents: result.total_documents,
          processed_documents: result.processed_documents,
          unchanged_documents: result.unchanged_documents,
          skipped_documents: result.skipped_documents,
          removed_documents: result.removed_documents,
        },
        documents_after: after,
        ...used,
        ...requests,
      },
      goal: 'requests proportional to the change; run ≤ 2 s plus the file’s analysis',
    };
  } finally {
    await bench?.close();
    await fake.stop();
  }
}

// ---------------------------------------------------------------------------------------------

const summary: Record<string, unknown> = {
  bench: 'sharepoint-ingestion',
  load_average: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
};
const lines: string[] = [];
if (PARTS.has('full')) {
  const full = await fullPart();
  summary.full = full;
  lines.push(
    `full: ${full.files} files, ingestion ${full.ingestion.files_per_second} files/s (run ${full.ingestion.run_seconds} s, analysed ${full.ingestion.all_analysed_seconds} s), upload reference ${full.reference.files_per_second} files/s (${full.reference.all_analysed_seconds} s), ratio ${full.ratio} (goal ≥ 0.8)`,
  );
}
if (PARTS.has('incremental')) {
  const incremental = await incrementalPart();
  summary.incremental = incremental;
  const run = incremental.incremental;
  lines.push(
    `incremental: 1 of ${incremental.files} files changed: run ${run.run_seconds} s, its analysis done at ${run.changed_file_analysed_seconds} s, ${run.graph_requests} Graph requests + ${run.downloads} download(s), ${run.run.processed_documents} document(s) analysed (first full run ${incremental.first_full.all_analysed_seconds} s)`,
  );
}
summary.load_average_end = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(JSON.stringify(summary, null, 2));
for (const line of lines) console.log(line);
