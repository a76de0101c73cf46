/**
 * The MCP side of bench/mcp-round-trip.ts, run as its own process so the client's work does not
 * share the server's event loop. Reads a JSON plan on stdin; connects once with the official SDK
 * client (Streamable HTTP, bearer API key), calls each tool `warmup` times unmeasured and then
 * `requests` times one after another; answers latency figures per tool on stdout.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { latencySummary } from './latency.ts';

interface Plan {
  url: string;
  token: string;
  requests: number;
  warmup: number;
  calls: { name: string; arguments: Record<string, unknown> }[];
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Plan;

const client = new Client({ name: 'atempo-bench', version: '1.0.0' });
const connectStart = process.hrtime.bigint();
await client.connect(
  new StreamableHTTPClientTransport(new URL(plan.url), {
    requestInit: { headers: { Authorization: `Bearer ${plan.token}` } },
  }),
);
const connectMs = Number(process.hrtime.bigint() - connectStart) / 1e6;

const results: Record<string, ReturnType<typeof latencySummary>> = {};
for (const call of plan.calls) {
  const once = async () => {
    const result = await client.callTool(call);
    if (result.isError) throw new Error(`${call.name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  };
  for (let i = 0; i < plan.warmup; i++) await once();
  const latencies: number[] = [];
  for (let i = 0; i < plan.requests; i++) {
    const start = process.hrtime.bigint();
    await once();
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  results[call.name] = latencySummary(latencies);
}
await client.close();
process.stdout.write(JSON.stringify({ connect_ms: Math.round(connectMs * 100) / 100, tools: results }));
