import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicProtocol } from './anthropic-protocol.ts';
import type { ErrorReply, ModelProtocol, ModelTurn, RecordedRequest, ScriptedStep } from './model-turn.ts';
import { openAiProtocol } from './openai-protocol.ts';

export type FakeProvider = 'openai' | 'anthropic';

export interface FakeModelServer {
  /** The base URL a client is configured with (…/v1). */
  baseUrl: string;
  /** The requests received, in order, with their parsed JSON bodies. */
  requests: RecordedRequest[];
  /** Queues the replies of the next requests, one step per request. */
  script(...steps: ScriptedStep[]): void;
  /** Steps not yet used. */
  pending(): number;
  /** Requests whose client hung up before the answer was complete. */
  abandoned(): number;
  close(): Promise<void>;
}

const PROTOCOLS: Record<FakeProvider, ModelProtocol> = {
  openai: openAiProtocol,
  anthropic: anthropicProtocol,
};

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A model server on 127.0.0.1 speaking the OpenAI chat-completions or the Anthropic messages
 * protocol, answering from a per-test script (model turns, error statuses, hangs) and recording
 * every request, so tests see the tools offered and the tool results sent back.
 */
export async function startFakeModelServer(provider: FakeProvider): Promise<FakeModelServer> {
  const protocol = PROTOCOLS[provider];
  const queue: ScriptedStep[] = [];
  const requests: RecordedRequest[] = [];
  let counter = 0;
  let abandoned = 0;

  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== protocol.path) {
      sendJson(response, 404, protocol.error(404, `no route ${request.method} ${request.url}`));
      return;
    }
    response.on('close', () => {
      if (!response.writableEnded) abandoned += 1;
    });
    const body = await readJson(request);
    const recorded: RecordedRequest = { path: request.url, headers: request.headers, body };
    requests.push(recorded);
    const step = queue.shift();
    if (step === undefined) {
      sendJson(response, 500, protocol.error(500, 'fake model server: no scripted reply left'));
      return;
    }
    if ('hang' in step) return; // answered never; close() ends the connection
    const reply = typeof step === 'function' ? step(recorded) : step;
    if ('status' in reply) {
      const error = reply as ErrorReply;
      sendJson(
        response,
        error.status,
        protocol.error(error.status, error.message ?? `scripted ${error.status}`),
        {
          ...(error.retryAfter !== undefined ? { 'retry-after': error.retryAfter } : {}),
        },
      );
      return;
    }
    counter += 1;
    const id = `fake${counter}`;
    const model = String(body.model ?? 'fake-model');
    const turn = reply as ModelTurn;
    if (body.stream === true) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of protocol.events(turn, model, id)) {
        const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
        response.write(`${event.event ? `event: ${event.event}\n` : ''}data: ${data}\n\n`);
      }
      response.end();
      return;
    }
    sendJson(response, 200, protocol.json(turn, model, id));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...steps) => queue.push(...steps),
    pending: () => queue.length,
    abandoned: () => abandoned,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
