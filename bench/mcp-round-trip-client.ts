/**
 * The MCP side of bench/mcp-round-trip.ts, run as its own process so the client's work does not
 * share the server's event loop. Reads its connection (JSON: url, token) from argv, connects once
 * with the official SDK client (Streamable HTTP, bearer API key) and prints `{"connect_ms": …}`.
 * Then, for each line on stdin (JSON: name, arguments, count), calls that tool `count` times one
 * after another and prints the latencies in milliseconds as one JSON line.
 */
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const { url, token } = JSON.parse(process.argv[2] ?? '{}') as { url: string; token: string };
const client = new Client({ name: 'atempo-bench', version: '1.0.0' });
const connectStart = process.hrtime.bigint();
await client.connect(
  new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  }),
);
process.stdout.write(
  `${JSON.stringify({ connect_ms: Number(process.hrtime.bigint() - connectStart) / 1e6 })}\n`,
);

for await (const line of createInterface({ input: process.stdin })) {
  const batch = JSON.parse(line) as { name: string; arguments: Record<string, unknown>; count: number };
  const latencies: number[] = [];
  for (let i = 0; i < batch.count; i++) {
    const start = process.hrtime.bigint();
    const result = await client.callTool({ name: batch.name, arguments: batch.arguments });
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.isError) throw new Error(`${batch.name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  }
  process.stdout.write(`${JSON.stringify(latencies)}\n`);
}
await client.close();
