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
 *   the bearer check, the SDK's input and output validation, JSON both ways.
 *
 * Direct runs before and after the MCP run (the machine is shared; the drift shows). Reports p50 /
 * p95 / p99 of each, the MCP ÷ direct ratio of p50 and the added milliseconds. Not a test.
 *
 *     npx tsx bench/mcp-round-trip.ts                     # BENCH_DEALS=10000, BENCH_REQUESTS=200
 *     BENCH_DEALS=2000 BENCH_REQUESTS=100 npx tsx bench/mcp-round-trip.ts
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dealNumberCounters } from '@atempo/db';
import { MCP_PATH, startMcpHttp } from '../apps/server/src/mcp/mcp-http.ts';
import { ASSISTANT_TOOLS, runTool } from '../apps/server/src/modules/assistant/tools/index.ts';
import { rescoreOrganization } from '../apps/server/src/modules/scoring/rescore.service.ts';
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
const WARMUP = envInt('BENCH_WARMUP', 20);
const CLIENT = fileURLToPath(new URL('./mcp-round-trip-client.ts', import.meta.url));

/** Runs the MCP client in its own process with `plan` on stdin. */
function mcpClient(
  plan: object,
): Promise<{ connect_ms: number; tools: Record<string, ReturnType<typeof latencySummary>> }> {
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
  const calls = wanted.filter((call) => available.has(call.name));

  const context = { db: database.handle.db, organizationId, userId, now: new Date() };
  async function direct() {
    const results: Record<string, ReturnType<typeof latencySummary>> = {};
    for (const call of calls) {
      for (let i = 0; i < WARMUP; i++) await runTool(context, call.name, call.arguments);
      const latencies: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const start = process.hrtime.bigint();
        await runTool(context, call.name, call.arguments);
        latencies.push(ms(start));
      }
      results[call.name] = latencySummary(latencies);
    }
    return results;
  }

  const mcp = await startMcpHttp({
    config: benchConfig(database.url),
    db: database.handle.db,
    logger: createLogger({ logLevel: 'silent' }),
    tools: ASSISTANT_TOOLS,
    port: 0,
    host: '127.0.0.1',
  });
  try {
    const port = (mcp.server.address() as AddressInfo).port;
    const directBefore = await direct();
    const overMcp = await mcpClient({
      url: `http://127.0.0.1:${port}${MCP_PATH}`,
      token: apiKey,
      requests: REQUESTS,
      warmup: WARMUP,
      calls,
    });
    const directAfter = await direct();
    const round = (value: number) => Math.round(value * 100) / 100;
    const tools = calls.map(({ name, arguments: input }) => {
      const before = directBefore[name]!;
      const after = directAfter[name]!;
      const remote = overMcp.tools[name]!;
      const directP50 = (before.p50_ms + after.p50_ms) / 2;
      return {
        tool: name,
        input,
        direct_before: before,
        direct_after: after,
        mcp: remote,
        ratio_p50: round(remote.p50_ms / directP50),
        added_p50_ms: round(remote.p50_ms - directP50),
        added_p95_ms: round(remote.p95_ms - (before.p95_ms + after.p95_ms) / 2),
      };
    });
    console.log(
      JSON.stringify(
        {
          benchmark: 'mcp-round-trip',
          deals: DEALS,
          requests_per_tool: REQUESTS,
          seed_ms: Math.round(seedMs),
          mcp_connect_ms: overMcp.connect_ms,
          load_average: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
          tools,
        },
        null,
        2,
      ),
    );
    for (const row of tools) {
      console.log(
        `${row.tool}: direct p50 ${row.direct_before.p50_ms}/${row.direct_after.p50_ms} ms, MCP p50 ${row.mcp.p50_ms} ms p95 ${row.mcp.p95_ms} ms (×${row.ratio_p50}, +${row.added_p50_ms} ms)`,
      );
    }
  } finally {
    await mcp.close();
  }
} finally {
  await app.close();
  await database.drop();
}
