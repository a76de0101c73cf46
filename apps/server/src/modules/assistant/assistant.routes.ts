import type { OutgoingHttpHeaders } from 'node:http';
import { ZChatAnswer, ZChatQueryRequest, ZEngineStatus } from '@atempo/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses, fileResponse } from '../../platform/openapi.ts';
import type { AssistantService } from './assistant.service.ts';
import type { createChatRateLimiter } from './chat-rate-limit.ts';
import type { EngineEvent } from './engine.ts';

const tags = ['assistant'];

/** Aborted when the client goes away before the answer is written. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new DOMException('The client went away', 'AbortError'));
  });
  return controller.signal;
}

/** One server-sent event: a name and a JSON line. */
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function assistantRoutes(
  ctx: AppContext,
  service: AssistantService,
  limiter: ReturnType<typeof createChatRateLimiter>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/llm-chat/query',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: "Ask a question about the organisation's deals, companies and documents",
          description:
            "Answered from the data through the eight tools, with citations, by the configured model or the built-in analyst (`engine`). When the model fails, the built-in analyst answers and `fallback_reason` says why. Each user may ask CHAT_QUESTIONS_PER_MINUTE questions a minute when a model answers (CHAT_BUILT_IN_QUESTIONS_PER_MINUTE with the built-in analyst), counted across every replica; beyond, 429 with Retry-After. A `deal_id` not of the caller's organisation answers 404.",
          ...bearerAuth,
          body: ZChatQueryRequest,
          response: { 200: ZChatAnswer, ...errorResponses(401, 404, 422, 429) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        // A question about a deal not of the organisation is refused before it is counted.
        await service.requireSubject(principal, request.body);
        await limiter.take(principal.userId, service.answeringEngine());
        return service.ask(principal, request.body, { signal: abortOnDisconnect(reply) });
      },
    );

    app.post(
      '/llm-chat/query/stream',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: 'The same question, answered as server-sent events',
          description:
            'Events: `status` {message} while tools run, `delta` {text} pieces of the answer as the model writes it, then exactly one `answer` (the chat answer of POST /llm-chat/query, authoritative: it replaces the deltas, which a fallback may have left unfinished) or `error` {detail, code}. Closing the connection stops the work.',
          ...bearerAuth,
          body: ZChatQueryRequest,
          response: {
            200: fileResponse('text/event-stream', 'Server-sent events: status, delta, answer or error'),
            ...errorResponses(401, 404, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        // A question about a deal not of the organisation is refused before it is counted.
        await service.requireSubject(principal, request.body);
        await limiter.take(principal.userId, service.answeringEngine());
        const signal = abortOnDisconnect(reply);
        // From here the route writes the response itself; headers set by hooks (request id, CORS,
        // security) are carried over by hand since Fastify no longer sends them.
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          ...(reply.getHeaders() as OutgoingHttpHeaders),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
        });
        const send = (event: string, data: unknown) => {
          if (!raw.writableEnded && !raw.destroyed) raw.write(sse(event, data));
        };
        const onEvent = (event: EngineEvent) =>
          event.type === 'delta'
            ? send('delta', { text: event.text })
            : send('status', { message: event.message });
        send('status', { message: 'Reading the question…' });
        try {
          const answer = await service.ask(principal, request.body, { signal, onEvent });
          send('answer', ZChatAnswer.parse(answer));
        } catch (error) {
          if (!signal.aborted) {
            request.log.error({ err: error }, 'the assistant could not answer');
            send('error', {
              detail: 'The assistant could not answer this question.',
              code: 'ASSISTANT_ERROR',
            });
          }
        } finally {
          raw.end();
        }
      },
    );

    app.get(
      '/llm-chat/engine',
      {
        onRequest: ctx.guards.requireAdmin,
        schema: {
          tags,
          summary: 'Which engine answers questions (organisation admins)',
          description:
            "The configured model or the built-in analyst, the model server's address without credentials, the tools, and the MCP server.",
          ...bearerAuth,
          response: { 200: ZEngineStatus, ...errorResponses(401, 403) },
        },
      },
      async () => service.engineStatus(),
    );
  };
}
