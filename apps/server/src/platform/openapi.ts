import { ZErrorResponse } from '@atempo/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERSION } from './version.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Spread into a route schema that needs a bearer token, so the document says so. */
export const bearerAuth = { security: [{ bearerAuth: [] }] };

/** Response schemas for the error statuses a route can answer ({detail, code}). */
export function errorResponses<const TStatus extends number>(...statuses: TStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<
    TStatus,
    typeof ZErrorResponse
  >;
}

/** Methods whose body Fastify parses: a malformed, too large or unknown-type body is possible. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses the platform itself can answer for a route, whatever its handler does:
 * 401 from the auth guard, 400/413/415 from body parsing, 422 from validation and the text guard,
 * 400/414 from the router for a malformed or over-long path parameter.
 */
export function platformErrorStatuses(method: string, schema: FastifySchema): number[] {
  const statuses = new Set<number>();
  if (schema.security?.length) statuses.add(401);
  if (BODY_METHODS.has(method)) for (const status of [400, 413, 415]) statuses.add(status);
  if (schema.body || schema.querystring || schema.params) statuses.add(422);
  if (schema.params) for (const status of [400, 414]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Every route's document lists the platform's error statuses (decided here once, not per route);
 * statuses a route declares itself keep their own schema. Register before the routes.
 */
export function registerPlatformErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as
      | (FastifySchema & { hide?: boolean; response?: Record<string, unknown> })
      | undefined;
    if (!schema || schema.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const statuses = methods.flatMap((method) => platformErrorStatuses(method, schema));
    schema.response = { ...errorResponses(...statuses), ...schema.response };
  });
}

/** A route answering a file download: the 200 body's media type, documented as text. */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** A text field sent beside the file in a multipart/form-data body. */
export interface MultipartTextField {
  description: string;
  required?: boolean;
  format?: 'uuid';
}

/**
 * Spread into a route that reads one file from a multipart/form-data field (documented only),
 * with the text fields sent beside it, if any.
 */
export function multipartFileBody(
  field: string,
  description: string,
  textFields: Record<string, MultipartTextField> = {},
) {
  return { consumes: ['multipart/form-data'], [UPLOAD_FIELD]: { field, description, textFields } };
}

const UPLOAD_FIELD = 'x-upload-field';

/** jsonSchemaTransform, plus the multipart body routes declare with multipartFileBody. */
const transform: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document);
  const upload = (document.schema as Record<string, unknown> | undefined)?.[UPLOAD_FIELD] as
    | { field: string; description: string; textFields?: Record<string, MultipartTextField> }
    | undefined;
  if (!upload) return result;
  const { [UPLOAD_FIELD]: _documentedHere, ...schema } = result.schema as Record<string, unknown>;
  return {
    ...result,
    schema: {
      ...schema,
      body: {
        type: 'object',
        required: [
          upload.field,
          ...Object.entries(upload.textFields ?? {})
            .filter(([, text]) => text.required)
            .map(([name]) => name),
        ],
        properties: {
          ...Object.fromEntries(
            Object.entries(upload.textFields ?? {}).map(([name, text]) => [
              name,
              {
                type: 'string',
                description: text.description,
                ...(text.format ? { format: text.format } : {}),
              },
            ]),
          ),
          [upload.field]: { type: 'string', format: 'binary', description: upload.description },
        },
      },
    },
  };
};

/**
 * The OpenAPI document is generated from the zod contracts each route declares. Call before the
 * routes are registered; the docs UI is served from the installed package (no CDN).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atempo API',
        description:
          'Deal platform for venture-debt lenders. Errors answer {detail, code} (+ errors[] for validation).',
        version: VERSION,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
