import {
  ZApiKeyListResponse,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZIdParams,
  ZOkResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as apiKeys from './api-keys.service.ts';

const tags = ['users'];

/** Personal API keys (Your Profile): bearer tokens for the REST API and the MCP server. */
export function apiKeysRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/users/me/api-keys',
      {
        schema: {
          tags,
          summary: 'Your personal API keys (never their secrets)',
          ...bearerAuth,
          response: { 200: ZApiKeyListResponse, ...errorResponses(401) },
        },
      },
      async (request) => ({ api_keys: await apiKeys.listApiKeys(ctx.db, principalOf(request).userId) }),
    );

    app.post(
      '/users/me/api-keys',
      {
        schema: {
          tags,
          summary: 'Create a personal API key; the answer is the only time its secret is shown',
          description:
            'Send the secret as `Authorization: Bearer <secret>` to the REST API or the MCP server. It acts as you, in your organisation, with your current role. 409 beyond 20 keys; 403 when the caller authenticated with an API key (sign in to create one).',
          ...bearerAuth,
          body: ZCreateApiKeyRequest,
          response: { 201: ZCreatedApiKey, ...errorResponses(400, 401, 403, 409, 422) },
        },
      },
      async (request, reply) => {
        const created = await apiKeys.createApiKey(ctx.db, principalOf(request), request.body);
        return reply.status(201).send(created);
      },
    );

    app.delete(
      '/users/me/api-keys/:id',
      {
        schema: {
          tags,
          summary: 'Delete one of your API keys; it stops working at once',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        await apiKeys.deleteApiKey(ctx.db, principalOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
  };
}
