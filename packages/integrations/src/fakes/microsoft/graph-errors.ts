import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Graph's error body: `{ error: { code, message, innerError: { date, request-id, client-request-id } } }`. */
export function sendGraphError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: { innerCode?: string } = {},
): FastifyReply {
  const requestId = randomUUID();
  return reply
    .code(status)
    .header('request-id', requestId)
    .send({
      error: {
        code,
        message,
        innerError: {
          ...(extra.innerCode ? { code: extra.innerCode } : {}),
          date: new Date().toISOString().slice(0, 19),
          'request-id': requestId,
          'client-request-id': requestId,
        },
      },
    });
}

const CODE_BY_STATUS: Record<number, [string, string]> = {
  429: ['activityLimitReached', 'The request has been throttled'],
  500: ['generalException', 'An unspecified error has occurred.'],
  502: ['badGateway', 'Bad Gateway'],
  503: ['serviceNotAvailable', 'The service is temporarily unavailable. Please retry after some time.'],
  504: ['gatewayTimeout', 'Gateway Timeout'],
};

/** A scripted fault in Graph's shape, with Retry-After when the script gave one. */
export function sendInjectedFault(
  reply: FastifyReply,
  status: number,
  retryAfterSeconds: number | null,
): FastifyReply {
  if (retryAfterSeconds !== null) reply.header('retry-after', String(retryAfterSeconds));
  const [code, message] = CODE_BY_STATUS[status] ?? ['generalException', `Injected failure ${status}`];
  return sendGraphError(
    reply,
    status,
    code,
    message,
    status === 429 ? { innerCode: 'throttledRequest' } : {},
  );
}
