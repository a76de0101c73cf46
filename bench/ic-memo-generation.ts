/**
 * IC memo generation with the built-in analyst (issue #9; goal ≤ 2 s per memo, against the 10–15 s
 * the spec's client expects). A deal with 10 documents, analysed by the real pipeline (nine board
 * packs and management accounts with their figures, one term sheet), on a company with recorded
 * metrics, among BENCH_COMPARABLES other deals of the same sector.
 *
 * Measured in the same run, on PostgreSQL:
 * - HTTP: POST /api/v1/agents/ic-preparation/generate {deal_id} on the real app listening on a
 *   loopback port, from a separate load-generator process (bench/knowledge-search-client.ts), 1
 *   and 2 connections: each request gathers the facts, writes the ten sections and stores a new
 *   version;
 * - reference: the same generateIcMemo called in the server's process (no HTTP, no auth, no
 *   serialisation), one at a time, and the facts gathering alone.
 *
 *   npx tsx bench/ic-memo-generation.ts
 *   BENCH_REQUESTS=100 BENCH_CONNECTIONS=1,4 npx tsx bench/ic-memo-generation.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makePdf } from '@atempo/documents/testing';
import type { FastifyInstance } from 'fastify';
import { gatherIcMemoFacts, generateIcMemo } from '../apps/server/src/modules/ic-memos/index.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { benchConfig, createBenchDatabase, envInt, registerOrganization, startApp } from './common.ts';

const REQUESTS = envInt('BENCH_REQUESTS', 40);
const COMPARABLES = envInt('BENCH_COMPARABLES', 30);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,2').split(',').map((s) => Number(s.trim()));
const CLIENT = fileURLToPath(new URL('./knowledge-search-client.ts', import.meta.url));
const BOUNDARY = '----atempo-bench-boundary';

function multipart(bytes: Uint8Array, filename: string, dealId: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="deal_id"\r\n\r\n${dealId}\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Nine reporting documents, a quarter apart, then the term sheet. */
function documents(): { name: string; pages: string[] }[] {
  const quarters = [
    'Q1 2023',
    'Q2 2023',
    'Q3 2023',
    'Q4 2023',
    'Q1 2024',
    'Q2 2024',
    'Q3 2024',
    'Q4 2024',
    'Q1 2025',
  ];
  const packs = quarters.map((quarter, index) => {
    const arr = (4.2 + index * 0.5).toFixed(1);
    const cash = (9.5 - index * 0.6).toFixed(1);
    return {
      name: `Board pack ${quarter}.pdf`,
      pages: [
        `Harbour Analytics Ltd\nBoard pack, ${quarter}\nHarbour Analytics sells forecasting software to retailers.`,
        `Traction\nARR of €${arr}M as of ${quarter}\n${140 + index * 12} paying customers\nNet revenue retention ${112 + index}%\nGross margin ${70 + (index % 4)}%`,
        `Financials\nMonthly net burn: €${300 + index * 10}k\nCash in bank: €${cash}M\nRunway: ${20 - index} months`,
        `Risks\nThe top two customers make up ${20 + index}% of ARR.\nCAC payback ${14 + (index % 3)} months`,
      ],
    };
  });
  const termSheet = {
    name: 'Harbour Analytics term sheet.pdf',
    pages: [
      [
        'INDICATIVE TERM SHEET',
        'Venture debt facility for Harbour Analytics Ltd',
        'Borrower:                 Harbour Analytics Ltd',
        'Facility Amount:          €6,000,000, in two tranches of €3,000,000',
        'Interest Rate:            3-month EURIBOR + 8% per annum',
        'Maturity:                 36 months from the first drawdown',
        'Interest-Only Period:     12 months from the first drawdown',
        'Amortisation:             24 equal monthly instalments after the interest-only period',
        'Warrants:                 Warrant coverage of 8% of the Facility Amount',
        'Arrangement Fee:          1% of the Facility Amount, payable at signing',
        'Final Fee:                2.5% of the amounts drawn, payable at repayment',
        'Financial Covenants:      Minimum cash of €1,500,000 at all times',
      ].join('\n'),
    ],
  };
  return [...packs, termSheet];
}

async function json<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

async function seed(app: FastifyInstance, token: string): Promise<string> {
  const company = await json<{ id: string }>(app, 'POST', '/api/v1/companies', token, {
    name: 'Harbour Analytics Ltd',
    industry: 'B2B SaaS',
    headquarters_country: 'United Kingdom',
    stage: 'Series B',
    description: 'Demand forecasting software for mid-sized retailers.',
    revenue: 8_000_000,
    revenue_growth: 0.55,
    employee_count: 110,
    financial_metrics: {
      gross_margin: 0.72,
      monthly_burn: 380_000,
      cash: 4_700_000,
      last_round_amount: 25_000_000,
    },
  });
  const deal = await json<{ id: string }>(app, 'POST', '/api/v1/deals', token, {
    company_id: company.id,
    amount_requested: 6_000_000,
    stage: 'term_sheet',
    deal_type: 'venture_debt',
  });
  for (let index = 0; index < COMPARABLES; index += 1) {
    const other = await json<{ id: string }>(app, 'POST', '/api/v1/companies', token, {
      name: `Comparable SaaS ${String.fromCharCode(65 + (index % 26))}${Math.floor(index / 26)} Ltd`,
      industry: 'B2B SaaS',
      headquarters_country: 'Germany',
      stage: 'Series A',
      revenue: 2_000_000 + index * 150_000,
    });
    const stage = ['closed', 'rejected', 'qualified', 'due_diligence'][index % 4];
    await json(app, 'POST', '/api/v1/deals', token, {
      company_id: other.id,
      amount_requested: 1_000_000 + index * 100_000,
      stage,
    });
  }
  for (const document of documents()) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/document-processing/process?async_processing=true',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: multipart(await makePdf(document.pages), document.name, deal.id),
    });
    if (response.statusCode !== 202)
      throw new Error(`upload ${document.name}: ${response.statusCode} ${response.body}`);
    const { document_id } = response.json() as { document_id: string };
    for (;;) {
      const { status } = await json<{ status: string }>(
        app,
        'GET',
        `/api/v1/documents/${document_id}`,
        token,
      );
      if (status === 'completed') break;
      if (status === 'failed') throw new Error(`${document.name} failed`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return deal.id;
}

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

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;
  return { p50_ms: round(at(50)), p95_ms: round(at(95)), max_ms: round(at(100)) };
}

const database = await createBenchDatabase();
let app: FastifyInstance | undefined;
try {
  app = await startApp(database);
  const { organizationId, userId, token } = await registerOrganization(app);
  const seedStart = performance.now();
  const dealId = await seed(app, token);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const deps = {
    db: database.handle.db,
    config: benchConfig(database.url),
    logger: createLogger({ logLevel: 'silent' }),
  };
  const sample = await generateIcMemo(
    { ...deps, config: { llm: null } },
    { organizationId, userId, dealId, writer: 'built-in' },
  );

  // Reference: in-process, one at a time.
  const gatherTimes: number[] = [];
  const generateTimes: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    let start = performance.now();
    await gatherIcMemoFacts({ db: deps.db, organizationId, userId, now: new Date() }, dealId);
    gatherTimes.push(performance.now() - start);
    start = performance.now();
    await generateIcMemo(
      { ...deps, config: { llm: null } },
      { organizationId, userId, dealId, writer: 'built-in' },
    );
    generateTimes.push(performance.now() - start);
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const http: Record<string, unknown> = {};
  for (const connections of CONNECTIONS) {
    const result = await client({
      mode: 'http',
      connections,
      requests: REQUESTS,
      warmup: 3,
      url: `${address}/api/v1/agents/ic-preparation/generate`,
      token,
      bodies: [{ deal_id: dealId, company_name: 'Harbour Analytics Ltd' }],
    });
    const { latencies: _latencies, ...summary } = result as Record<string, unknown>;
    http[`connections_${connections}`] = summary;
  }
  const summary = {
    documents: 10,
    comparables: COMPARABLES,
    requests: REQUESTS,
    seed_seconds: Math.round(seedSeconds * 10) / 10,
    memo: {
      footnotes: sample.footnotes.length,
      markdown_chars: sample.formatted_markdown.length,
      data_gaps: sample.metadata.data_gaps.length,
      terms_are_proposal: sample.metadata.terms_are_proposal,
    },
    http,
    reference_in_process: { generate: percentiles(generateTimes), gather_facts: percentiles(gatherTimes) },
  };
  console.log(JSON.stringify(summary, null, 2));
  const one = http[`connections_${CONNECTIONS[0]}`] as { p50_ms: number; p95_ms: number };
  console.log(
    `IC memo over HTTP (${CONNECTIONS[0]} connection): p50 ${one.p50_ms} ms, p95 ${one.p95_ms} ms (goal ≤ 2000 ms); in-process generate p50 ${summary.reference_in_process.generate.p50_ms} ms, gather_facts p50 ${summary.reference_in_process.gather_facts.p50_ms} ms`,
  );
} finally {
  await app?.close();
  await database.drop();
}
