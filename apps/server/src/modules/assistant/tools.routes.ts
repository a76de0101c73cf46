import {
  TOOL_CONTRACTS,
  type TToolName,
  ZAssistantToolsResponse,
  ZErrorResponse,
  ZToolNameParams,
} from '@atempo/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { ASSISTANT_TOOLS, runTool, toolNotFound } from './tools/index.ts';
import { type NamedIds, requireNamedIds } from './tools/named-ids.ts';
import type { ToolContext } from './tools/tool.ts';

const tags = ['assistant'];

/** Each tool's input as JSON Schema, as a model or an MCP client is shown it. */
export const toolInputSchema = (name: TToolName) =>
  z.toJSONSchema(TOOL_CONTRACTS[name].input, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;

/**
 * The assistant's tools over REST: the same functions the assistant and the MCP server call, for
 * the caller's organisation. One route per tool, so each input and output is in the OpenAPI
 * document; any other name answers 404.
 */
export function assistantToolsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const contextOf = (request: FastifyRequest): ToolContext => {
    const caller = principalOf(request);
    return { db: ctx.db, organizationId: caller.organizationId, userId: caller.userId, now: new Date() };
  };

  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    const listing = {
      tools: ASSISTANT_TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: toolInputSchema(tool.name),
      })),
    };
    app.get(
      '/assistant/tools',
      {
        schema: {
          tags,
          summary: "The assistant's tools, with what each does and its input JSON Schema",
          ...bearerAuth,
          response: { 200: ZAssistantToolsResponse, ...errorResponses(401) },
        },
      },
      async () => listing,
    );

    for (const tool of ASSISTANT_TOOLS) {
      app.post(
        `/assistant/tools/${tool.name}`,
        {
          schema: {
            tags,
            summary: `Run ${tool.name}`,
            description: `${tool.description}\n\nA \`deal_id\`, \`company_id\` or \`company_ids\` entry not of the caller's organisation answers 404.`,
            ...bearerAuth,
            body: tool.input,
            response: { 200: tool.output, ...errorResponses(401, 404, 422) },
          },
        },
        async (request) => {
          const context = contextOf(request);
          await requireNamedIds(context, request.body as NamedIds);
          return (await runTool(context, tool.name, request.body)).output;
        },
      );
    }

    app.post(
      '/assistant/tools/:name',
      {
        schema: {
          tags,
          summary: 'Any other tool name: 404',
          ...bearerAuth,
          params: ZToolNameParams,
          response: { 404: ZErrorResponse, ...errorResponses(401) },
        },
      },
      async (request) => {
        // The tools have their own routes above: whatever reaches here names none of them.
        throw toolNotFound(request.params.name);
      },
    );
  };
}
