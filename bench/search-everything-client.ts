/**
 * The load generator of bench/search-everything.ts, in its own process. Reads a JSON plan on
 * stdin, answers latency figures on stdout.
 * - mode "http": GET each url in turn with the bearer token;
 * - mode "sql": runs each recorded statement (the server's own search SQL) with node-postgres.
 */
import pg from 'pg';

interface Plan {
  mode: 'http' | 'sql';
  connections: number;
  requests: number;
  warmup: number;
  urls?: string[];
  token?: string;
  databaseUrl?: string;
  statements?: { sql: string; params: unknown[] }[];
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Plan;

const count = plan.mode === 'http' ? (plan.urls?.length ?? 0) : (plan.statements?.length ?? 0);
let pool: pg.Pool | undefined;
let oneRequest: (i: number) => Promise<void>;
if (plan.mode === 'http') {
  const headers = { authorization: `Bearer ${plan.token}` };
  oneRequest = async (i) => {
    const response = await fetch(plan.urls![i % count]!, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  };
} else {
  pool = new pg.Pool({ connectionString: plan.databaseUrl, max: plan.connections });
  oneRequest = async (i) => {
    const statement = plan.statements![i % count]!;
    await pool!.query(statement.sql, statement.params);
  };
}

const percentile = (sorted: number[], p: number) =>
  Math.round(
    (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0) * 100,
  ) / 100;

let next = 0;
const latencies: number[] = [];
async function worker(total: number, record: boolean) {
  for (;;) {
    const i = next++;
    if (i >= total) return;
    const start = process.hrtime.bigint();
    await oneRequest(i);
    if (record) latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
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
  }),
);
