import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import type { AssistantTool } from '../modules/assistant/tools/tool.ts';
import { createLogger } from '../platform/logger.ts';
import type { TestServer } from '../test/server.ts';
import { MCP_PATH, startMcpHttp } from './mcp-http.ts';

export interface RunningMcp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>/mcp */
  url: URL;
}

/** The MCP server on a real port of 127.0.0.1, over the test app's database and settings. */
export async function startTestMcp(
  server: Pick<TestServer, 'app' | 'config' | 'database'>,
  tools: readonly AssistantTool[],
  now?: () => Date,
): Promise<RunningMcp> {
  const app = await startMcpHttp({
    config: server.config,
    db: server.database.db,
    logger: createLogger(server.config),
    tools,
    now,
    port: 0,
    host: '127.0.0.1',
  });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: new URL(`http://127.0.0.1:${port}${MCP_PATH}`) };
}

/** An official SDK client connected with this bearer token (an access token or an API key). */
export async function connectClient(url: URL, token: string): Promise<Client> {
  const client = new Client({ name: 'atempo-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}
