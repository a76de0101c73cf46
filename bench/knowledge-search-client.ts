/**
 * The load generator of bench/knowledge-search.ts, run as its own process so it does not share the
 * server's event loop. Reads a JSON plan on stdin, answers latency figures on stdout.
 *
 * - mode "http": POST each body in turn to `url` with the bearer token.
 * - mode "sql": runs each query's recorded statements, in order, on `databaseUrl` (node-postgres),
 *   the raw SQL the server itself ran for that query (prepared under the same name when the server
 *   prepares it).
 *
 * `connections` workers share the rotation; each takes the next query when its previous one ends.
 */
import pg from 'pg';

interface Plan {
  mode: 'http' | 'sql';
  connections: number;
  /** Requests in all (after the warm-up). */
  requests: number;
  warmup: number;
  /** Where in the rotation the measured requests start (a slice of a longer interleaved run). */
  offset?: number;
  url?: string;
  token?: string;
  bodies?: unknown[];
  databaseUrl?: string;
  statements?: { name?: string; sql: string; params: unknown[] }[][];
}

async function readPlan(): Promise<Plan> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Plan;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

const plan = await readPlan();
const count = plan.mode === 'http' ? (plan.bodies?.length ?? 0) : (plan.statements?.length ?? 0);
let pool: pg.Pool | undefined;
let oneRequest: (i: number) => Promise<void>;
if (plan.mode === 'http') {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${plan.token}` };
  const bodies = (plan.bodies ?? []).map((body) => JSON.stringify(body));
  oneRequest = async (i) => {
    const response = await fetch(plan.url ?? '', { method: 'POST', headers, body: bodies[i % count] });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  };
} else {
  pool = new pg.Pool({ connectionString: plan.databaseUrl, max: plan.connections });
  oneRequest = async (i) => {
    const client = await pool!.connect();
    try {
      // A statement the server prepares is run prepared here too, under its name.
      for (const statement of plan.statements?.[i % count] ?? [])
        await client.query({ name: statement.name, text: statement.sql, values: statement.params });
    } finally {
      client.release();
    }
  };
}

let next = 0;
const latencies: number[] = [];
async function worker(total: number, record: boolean) {
  for (;;) {
    const i = next++;
    if (i >= total) return;
    const start = process.hrtime.bigint();
    await oneRequest(record ? i + (plan.offset ?? 0) : i);
    if (record) latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}

next = 0;
await Promise.all(Array.from({ length: plan.connections }, () => worker(plan.warmup, false)));
next = 0;
const started = process.hrtime.bigint();
await Promise.all(Array.from({ length: plan.connections }, () => worker(plan.requests, true)));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await pool?.end();
latencies.sort((x, y) => x - y);
process.stdout.write(
  JSON.stringify({
    requests: latencies.length,
    requests_per_second: Math.round(latencies.length / seconds),
    p50_ms: percentile(latencies, 50),
    p95_ms: percentile(latencies, 95),
    p99_ms: percentile(latencies, 99),
    max_ms: percentile(latencies, 100),
    seconds,
    latencies,
  }),
);
