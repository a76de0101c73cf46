import type { Database } from '@atempo/db';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Logger } from 'pino';
import { createCallerDirectory } from '../caller-directory.ts';
import type { Config } from '../config.ts';
import type { AssistantTool } from '../modules/assistant/index.ts';
import { createAccessTokens, createGuards, principalOf } from '../platform/auth.ts';
import { AppError, apiNotFound, errorHandler, registerJsonParser } from '../platform/errors.ts';
import { requestIdFrom } from '../platform/logger.ts';
import { buildMcpServer } from './mcp-server.ts';

export const MCP_PATH = '/mcp';
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface McpHttpOptions {
  config: Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds' | 'publicUrl' | 'corsOrigins'>;
  db: Database;
  logger: Logger;
  tools: readonly AssistantTool[];
  now?: () => Date;
}

/**
 * Origins whose web pages may call the MCP server: the web app's own and the CORS_ORIGINS list.
 * MCP clients outside a browser send no Origin. The MCP transport spec asks servers to refuse any
 * other Origin with 403, against DNS rebinding: a page on a hostile site reaching a server on the
 * user's network through a name it re-points.
 */
function allowedOrigins(config: McpHttpOptions['config']): Set<string> {
  return new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
}

const methodNotAllowed = () =>
  new AppError(405, 'METHOD_NOT_ALLOWED', 'This MCP server is stateless: send JSON-RPC messages with POST', {
    Allow: 'POST',
  });

/**
 * The MCP server's HTTP side (decision 021): Streamable HTTP at /mcp, stateless. Each POST is
 * authenticated by its bearer token (an access token or a personal API key, through the same
 * guard as the REST API), then served by a server and transport made for that request and that
 * caller, and closed with the response.
 */
export async function buildMcpHttp(options: McpHttpOptions): Promise<FastifyInstance> {
  const { config, db, logger } = options;
  const app = Fastify({
    loggerInstance: logger.child({ component: 'mcp' }),
    genReqId: requestIdFrom,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: errorHandler,
  }) as unknown as FastifyInstance;
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(apiNotFound);
  registerJsonParser(app);
  app.decorateRequest('principal', null);

  const guards = createGuards(
    createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    createCallerDirectory(db, logger),
  );
  const origins = allowedOrigins(config);
  const checkOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      throw new AppError(403, 'ORIGIN_NOT_ALLOWED', 'Requests from this origin are not allowed');
    }
  };

  app.post(
    MCP_PATH,
    { onRequest: [checkOrigin, guards.requireAuth] },
    async (request, reply: FastifyReply) => {
      const server = buildMcpServer({
        db,
        logger: request.log,
        tools: options.tools,
        principal: principalOf(request),
        now: options.now,
      });
      // Stateless: no session id, and answers as plain JSON rather than an SSE stream (our tools
      // send no progress notifications), which every client reads and proxies pass untouched.
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      reply.hijack();
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        // The reply is ours now: Fastify's error handler no longer answers for it.
        request.log.error({ err: error }, 'MCP request failed');
        if (reply.raw.headersSent) reply.raw.end();
        else {
          reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(JSON.stringify({ detail: 'Internal server error', code: 'INTERNAL_ERROR' }));
        }
      }
    },
  );
  // The standalone SSE stream (GET) and session end (DELETE) belong to stateful servers.
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    onRequest: [checkOrigin, guards.requireAuth],
    handler: async () => {
      throw methodNotAllowed();
    },
  });
  return app;
}

/** Listens on MCP_PORT; close() (graceful shutdown) finishes the requests in flight. */
export async function startMcpHttp(
  options: McpHttpOptions & { port: number; host: string },
): Promise<FastifyInstance> {
  const app = await buildMcpHttp(options);
  await app.listen({ port: options.port, host: options.host });
  return app;
}
