import type { Database } from '@atempo/db';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Logger } from 'pino';
import {
  type AssistantTool,
  type NamedIds,
  requireNamedIds,
  type ToolContext,
} from '../modules/assistant/index.ts';
import type { Principal } from '../platform/auth.ts';
import { AppError } from '../platform/errors.ts';
import { VERSION } from '../platform/version.ts';
import { registerRecordResources } from './record-resources.ts';

/** Where a failing tool's error goes (the request's logger). */
export type ToolLogger = Pick<Logger, 'error'>;

export interface McpServerOptions {
  db: Database;
  logger: ToolLogger;
  /** The tools offered: the assistant's eight (ASSISTANT_TOOLS) in production. */
  tools: readonly AssistantTool[];
  /** The caller the bearer token named; every tool and resource reads only their organisation. */
  principal: Principal;
  now?: () => Date;
}

/**
 * The SDK builds an Ajv instance (with its formats) for every server unless given one: about 2 ms
 * of each stateless request. Ajv caches compiled schemas and keeps no per-request state, so one
 * serves all (the server uses it only to check what a client answers to elicitation).
 */
const SHARED_JSON_SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/** The answer a tool's caller sees when it failed: our own errors say why, anything else does not leak. */
function toolFailure(error: unknown, name: string, logger: ToolLogger): CallToolResult {
  if (error instanceof AppError) {
    return { isError: true, content: [{ type: 'text', text: error.detail }] };
  }
  logger.error({ err: error, tool: name }, 'MCP tool failed');
  return { isError: true, content: [{ type: 'text', text: `The tool ${name} failed. Try again later.` }] };
}

/**
 * An MCP server for one caller: the assistant's tools, each with its zod contract as input and
 * output schema, answering structured content plus the same JSON as text (for clients that read
 * only text), and the deal and company resources.
 */
export function buildMcpServer(options: McpServerOptions): McpServer {
  const { db, logger, principal } = options;
  const server = new McpServer(
    { name: 'atempo', title: 'Atempo', version: VERSION },
    {
      jsonSchemaValidator: SHARED_JSON_SCHEMA_VALIDATOR,
      instructions:
        "Tools over the deal pipeline, companies, documents and metrics of the signed-in user's organisation. Amounts are in EUR unless a currency says otherwise; fractions are fractions (0.65 = 65 %). Every output carries citations naming where each figure came from.",
    },
  );
  const context = (): ToolContext => ({
    db,
    organizationId: principal.organizationId,
    userId: principal.userId,
    now: options.now?.() ?? new Date(),
  });

  for (const tool of options.tools) {
    // The contracts are typed per tool; the registry holds them as the union of all eight.
    const run = tool.run as (context: ToolContext, input: unknown) => Promise<Record<string, unknown>>;
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (input: unknown): Promise<CallToolResult> => {
        try {
          const called = context();
          // Ids the client named are the caller's own or the call fails, as the REST route's 404.
          await requireNamedIds(called, input as NamedIds);
          const output = await run(called, input);
          return { structuredContent: output, content: [{ type: 'text', text: JSON.stringify(output) }] };
        } catch (error) {
          return toolFailure(error, tool.name, logger);
        }
      },
    );
  }
  registerRecordResources(server, db, principal.organizationId);
  return server;
}
