/**
 * The MCP tool-call round trip against calling the same tool function directly, in one run.
 *
 * An organisation of BENCH_DEALS deals (each on its own company, scored by the real engine) in a
 * throw-away PostgreSQL database; the MCP server (`startMcpHttp`, the assistant's tools) on a
 * loopback port. For each tool of a fixed set of calls:
 *
 * - **direct**: `runTool(context, name, input)` in this process, the function the assistant calls;
 * - **MCP**: `tools/call` from the official SDK client in a separate process
 *   (bench/mcp-round-trip-client.ts), connected once, authenticated by a personal API key: HTTP,
 *   the bearer check, a server built for the request, the SDK's input and output validation, JSON
 *   both ways.
 *
 * The two alternate in BENCH_ROUNDS rounds (after one unmeasured warm-up round), so a busy
 * machine weighs on both alike. Reports p50 / p95 / p99 of each, the MCP ÷ direct ratio of p50, the
 * milliseconds MCP adds, and the server process's CPU time per call each way (steadier than
 * latency when other work shares the machine). Not a test.
 *
 *     npx tsx bench/mcp-round-trip.ts                     # BENCH_DEALS=10000, 200 calls per tool and side
 *     BENCH_DEALS=2000 BENCH_REQUESTS=100 npx tsx bench/mcp-round-trip.ts
 *     BENCH_TOOLS=calculate_metrics,get_deal_details npx tsx bench/mcp-round-trip.ts
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { dealNumberCounters } from '@atempo/db';
import { MCP_PATH, startMcpHttp } from '../apps/server/src/mcp/mcp-http.ts';
import { ASSISTANT_TOOLS, runTool } from '../apps/server/src/modules/assistant/index.ts';
import { rescoreOrganization } from '../apps/server/src/modules/scoring/index.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import {
  benchConfig,
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
import { latencySummary } from './latency.ts';

const DEALS = envInt('BENCH_DEALS', 10_000);
const REQUESTS = envInt('BENCH_REQUESTS', 200);
const ROUNDS = envInt('BENCH_ROUNDS', 10);
const PER_BATCH = Math.max(1, Math.ceil(REQUESTS / ROUNDS));
/**
 * search_companies is left out by default: at 10,000 companies, searching one exact name took 3.6 s
 * at p50 under load (04:54 UTC, tools at 432504c), nearly all of it in PostgreSQL.
 */
const TOOLS = (
  process.env.BENCH_TOOLS ?? 'calculate_metrics,get_deal_details,get_red_flags,analyse_portfolio'
).split(',');
const CLIENT = fileURLToPath(new URL('./mcp-round-trip-client.ts', import.meta.url));

interface McpClient {
  connectMs: number;
  calls(batch: { name: string; arguments: Record<string, unknown>; count: number }): Promise<number[]>;
  close(): void;
}

/** Starts the MCP client process; each batch is one line out and one line of latencies back. */
async function startMcpClient(url: string, token: string): Promise<McpClient> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT, JSON.stringify({ url, token })], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`MCP client exited ${child.exitCode}`);
    return JSON.parse(value as string);
  };
  const { connect_ms } = (await nextLine()) as { connect_ms: number };
  return {
    connectMs: connect_ms,
    calls: async (batch) => {
      child.stdin.write(`${JSON.stringify(batch)}\n`);
      return (await nextLine()) as number[];
    },
    close: () => child.stdin.end(),
  };
}

const database = await createBenchDatabase();
const app = await startApp(database);
try {
  const { organizationId, userId, token } = await registerOrganization(app);
  const seedStart = process.hrtime.bigint();
  const random = rng(7);
  const companyRows = Array.from({ length: DEALS }, (_, i) => fakeCompany(organizationId, i, random));
  const companyIds = await insertCompanies(database.handle, companyRows);
  await insertDeals(
    database.handle,
    companyRows.map((company, i) => fakeDeal(organizationId, companyIds[i]!, company, i + 1, userId, random)),
  );
  await database.handle.db.insert(dealNumberCounters).values({ organizationId, lastNumber: DEALS });
  await rescoreOrganization(database.handle.db, organizationId);
  await database.handle.executeSql('vacuum analyze');
  const seedMs = ms(seedStart);

  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/users/me/api-keys',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { name: 'bench' },
  });
  const apiKey = (created.json() as { secret: string }).secret;
  const { rows } = await database.handle.executeSql(
    'select d.id, c.name from deals d join companies c on c.id = d.company_id where d.organization_id = $1 order by d.deal_number limit 1',
    [organizationId],
  );
  const sample = rows[0] as { id: string; name: string };

  const wanted: { name: string; arguments: Record<string, unknown> }[] = [
    {
      name: 'calculate_metrics',
      arguments: { calculation: 'runway', inputs: { cash: 6_300_000, monthly_burn: 350_000 } },
    },
    { name: 'get_deal_details', arguments: { deal_id: sample.id } },
    { name: 'search_companies', arguments: { query: sample.name, limit: 10 } },
    { name: 'get_red_flags', arguments: { stages: ['due_diligence'], limit: 25 } },
    { name: 'analyse_portfolio', arguments: { group_by: 'stage' } },
  ];
  const available = new Set(ASSISTANT_TOOLS.map((tool) => tool.name as string));
  const calls = wanted.filter((call) => TOOLS.includes(call.name) && available.has(call.name));
  const context = { db: database.handle.db, organizationId, userId, now: new Date() };
  async function direct(call: (typeof calls)[number], count: number): Promise<number[]> {
    const latencies: number[] = [];
    for (let i = 0; i < count; i++) {
      const start = process.hrtime.bigint();
      await runTool(context, call.name, call.arguments);
      latencies.push(ms(start));
    }
    return latencies;
  }

  const mcp = await startMcpHttp({
    config: benchConfig(database.url),
    db: database.handle.db,
    logger: createLogger({ logLevel: 'silent' }),
    tools: ASSISTANT_TOOLS,
    port: 0,
    host: '127.0.0.1',
  });
  const port = (mcp.server.address() as AddressInfo).port;
  const client = await startMcpClient(`http://127.0.0.1:${port}${MCP_PATH}`, apiKey);
  try {
    const measured = new Map(
      calls.map((call) => [
        call.name,
        { direct: [] as number[], mcp: [] as number[], directCpuUs: 0, mcpCpuUs: 0 },
      ]),
    );
    /** This process's CPU time (µs) while `work` runs: with the machine shared, steadier than latency. */
    const withCpu = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const before = process.cpuUsage();
      const result = await work();
      const used = process.cpuUsage(before);
      return [result, used.user + used.system];
    };
    for (let round = 0; round <= ROUNDS; round++) {
      for (const call of calls) {
        const [directLatencies, directCpu] = await withCpu(() => direct(call, PER_BATCH));
        const [mcpLatencies, mcpCpu] = await withCpu(() => client.calls({ ...call, count: PER_BATCH }));
        if (round === 0) continue; // warm-up
        const sample = measured.get(call.name)!;
        sample.direct.push(...directLatencies);
        sample.mcp.push(...mcpLatencies);
        sample.directCpuUs += directCpu;
        sample.mcpCpuUs += mcpCpu;
      }
    }
    const round = (value: number) => Math.round(value * 100) / 100;
    const tools = calls.map(({ name, arguments: input }) => {
      const directSummary = latencySummary(measured.get(name)!.direct);
      const mcpSummary = latencySummary(measured.get(name)!.mcp);
      const sample = measured.get(name)!;
      return {
        tool: name,
        input,
        direct: directSummary,
        mcp: mcpSummary,
        // Server-process CPU per call: the tool alone, and the tool behind HTTP, auth and MCP.
        direct_cpu_us_per_call: Math.round(sample.directCpuUs / sample.direct.length),
        mcp_server_cpu_us_per_call: Math.round(sample.mcpCpuUs / sample.mcp.length),
        ratio_p50: round(mcpSummary.p50_ms / directSummary.p50_ms),
        ratio_p95: round(mcpSummary.p95_ms / directSummary.p95_ms),
        added_p50_ms: round(mcpSummary.p50_ms - directSummary.p50_ms),
        added_p95_ms: round(mcpSummary.p95_ms - directSummary.p95_ms),
      };
    });
    console.log(
      JSON.stringify(
        {
          benchmark: 'mcp-round-trip',
          deals: DEALS,
          calls_per_tool_and_side: PER_BATCH * ROUNDS,
          rounds: ROUNDS,
          seed_ms: Math.round(seedMs),
          mcp_connect_ms: round(client.connectMs),
          load_average: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
          tools,
        },
        null,
        2,
      ),
    );
    for (const row of tools) {
      console.log(
        `${row.tool}: direct p50 ${row.direct.p50_ms} ms p95 ${row.direct.p95_ms} ms; MCP p50 ${row.mcp.p50_ms} ms p95 ${row.mcp.p95_ms} ms (p50 ×${row.ratio_p50}, +${row.added_p50_ms} ms); server CPU per call ${row.direct_cpu_us_per_call} µs direct, ${row.mcp_server_cpu_us_per_call} µs over MCP`,
      );
    }
  } finally {
    client.close();
    await mcp.close();
  }
} finally {
  await app.close();
  await database.drop();
}
