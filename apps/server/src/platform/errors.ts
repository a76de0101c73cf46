import type { TErrorResponse } from '@atempo/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { dataExceptionOf } from './db-errors.ts';

/** Longest path parameter the router accepts (ids are 36); longer answers 414 through errorHandler. */
export const MAX_PARAM_LENGTH = 200;

export interface FieldError {
  path: string;
  message: string;
}

/** An error meant for the caller: the status, a machine code and a sentence for people. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: FieldError[],
  ) {
    super(detail);
  }
}

export const notFound = (detail = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, detail);
export const conflict = (detail: string, code = 'CONFLICT') => new AppError(409, code, detail);
export const forbidden = (detail = 'Only organisation admins can do this', code = 'FORBIDDEN') =>
  new AppError(403, code, detail);

/** Turns 'first_name' (or 'sectors.0', an entry of a list, into 'Sectors') for sentences about a field. */
function fieldLabel(path: string): string {
  const last = path.split('.').findLast((segment) => !/^\d+$/.test(segment)) ?? path;
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

/** A 422 naming the fields at fault, in the same shape as schema validation errors. */
export function validationError(errors: FieldError[]): AppError {
  const detail = describeField(errors[0] ?? { path: '', message: 'Invalid request' });
  return new AppError(422, 'VALIDATION_ERROR', detail, {}, errors);
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

/**
 * The one place errors become HTTP answers; nothing internal reaches a 5xx body. Fastify's router
 * errors (bad escapes, over-long parameters) arrive here too, through its frameworkErrors option.
 */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, {
      detail: error.detail,
      code: error.code,
      ...(error.errors ? { errors: error.errors } : {}),
    });
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
    case 'FST_ERR_BAD_URL':
      return sendError(reply, 400, {
        detail: 'The address contains a malformed percent-escape',
        code: 'MALFORMED_URL',
      });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(reply, 414, {
        detail: `A part of the address is longer than ${MAX_PARAM_LENGTH} characters`,
        code: 'URI_TOO_LONG',
      });
  }
  // The safety net behind the contracts' bounds: a value PostgreSQL refuses is the caller's.
  const dataException = dataExceptionOf(error);
  if (dataException) {
    request.log.warn({ err: error }, 'Database refused a value');
    return sendError(reply, 422, {
      detail:
        dataException === '22003'
          ? 'A number is out of the range that can be stored'
          : 'A value cannot be stored',
      code: 'UNSTORABLE_VALUE',
    });
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
