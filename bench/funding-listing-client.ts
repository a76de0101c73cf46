/**
 * The load generator of bench/funding-extraction.ts, run as its own process so it does not share
 * the server's event loop. Reads a JSON plan on stdin, answers latencies on stdout.
 *
 * - mode "http": GET each URL in turn with the bearer token.
 * - mode "sql": runs each request's statements (the listing page and its count), in order, on
 *   `databaseUrl` with node-postgres: the raw SQL reference.
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
  statements?: { sql: string; params: unknown[] }[][];
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Plan;

let pool: pg.Pool | undefined;
let oneRequest: (i: number) => Promise<void>;
if (plan.mode === 'http') {
  const urls = plan.urls ?? [];
  const headers = { authorization: `Bearer ${plan.token}` };
  oneRequest = async (i) => {
    const response = await fetch(urls[i % urls.length]!, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  };
} else {
  pool = new pg.Pool({ connectionString: plan.databaseUrl, max: plan.connections });
  const all = plan.statements ?? [];
  oneRequest = async (i) => {
    // the server runs the page and the count side by side; so does the reference
    await Promise.all((all[i % all.length] ?? []).map((s) => pool!.query(s.sql, s.params)));
  };
}

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
process.stdout.write(JSON.stringify({ requests: latencies.length, seconds, latencies }));
