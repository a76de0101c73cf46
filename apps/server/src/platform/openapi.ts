import { ZErrorResponse } from '@atempo/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
