import type { TErrorResponse } from '@atempo/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error meant for the caller: the status, a machine code and a sentence for people. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const notFound = (detail = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, detail);
export const conflict = (detail: string, code = 'CONFLICT') => new AppError(409, code, detail);
export const forbidden = (detail = 'Only organisation admins can do this', code = 'FORBIDDEN') =>
  new AppError(403, code, detail);

interface FieldError {
  path: string;
  message: string;
}

/** Turns 'first_name' into 'First name' for sentences about a field. */
function fieldLabel(path: string): string {
  const last = path.split('.').at(-1) ?? path;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describeField(error: FieldError): string {
  if (!error.path) return error.message;
  const label = fieldLabel(error.path);
  const lower = error.message.toLowerCase();
  const named = lower.includes(label.toLowerCase()) || lower.includes(error.path.toLowerCase());
  return named ? error.message : `${label}: ${error.message}`;
}

type ValidationIssue = { instancePath: string; message?: string };

function toFieldErrors(issues: ValidationIssue[]): FieldError[] {
  return issues.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let message = issue.message ?? 'Invalid value';
    // zod's default for a missing field ("expected string, received undefined") reads like a type error.
    if (/received (undefined|null)$/.test(message)) {
      message = path ? `${fieldLabel(path)} is required` : 'Request body is required';
    }
    return { path, message };
  });
}

function sendError(reply: FastifyReply, status: number, body: TErrorResponse): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The one place errors become HTTP answers; nothing internal reaches a 5xx body. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, { detail: error.detail, code: error.code });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = toFieldErrors(error.validation);
    return sendError(reply, 422, {
      detail: describeField(errors[0] ?? { path: '', message: 'Invalid request' }),
      code: 'VALIDATION_ERROR',
      errors,
    });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors = toFieldErrors(fastifyError.validation);
    return sendError(reply, 422, {
      detail: describeField(errors[0] ?? { path: '', message: 'Invalid request' }),
      code: 'VALIDATION_ERROR',
      errors,
    });
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendError(reply, 400, { detail: 'Malformed JSON body', code: 'MALFORMED_JSON' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendError(reply, 413, { detail: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendError(reply, 415, { detail: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return sendError(reply, status, {
      detail: fastifyError.message,
      code: fastifyError.code?.replace(/^FST_ERR_/, '') ?? 'BAD_REQUEST',
    });
  }
  request.log.error({ err: error }, 'Request failed');
  return sendError(reply, 500, { detail: 'Internal server error', code: 'INTERNAL_ERROR' });
}

/**
 * JSON bodies: an empty body counts as no body (clients send `Content-Type: application/json` on
 * every call, including body-less POSTs like logout), anything unparsable is a 400.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) done(new AppError(400, 'MALFORMED_JSON', 'Malformed JSON body'), undefined);
      else done(null, value);
    });
  });
}

export function apiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, { detail: 'Not found', code: 'NOT_FOUND' });
}
