import {
  ZChangePasswordRequest,
  ZMessageResponse,
  ZRevokeSessionsRequest,
  ZRevokeSessionsResponse,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { revokeSessionsOfUser } from '../../platform/tokens.ts';
import * as users from './users.service.ts';

const tags = ['users'];

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.post(
      '/users/me/password',
      {
        schema: {
          tags,
          summary: 'Change your password (signs out your other sessions)',
          ...bearerAuth,
          body: ZChangePasswordRequest,
          response: { 200: ZMessageResponse, ...errorResponses(400, 401, 422) },
        },
      },
      async (request) => {
        await users.changePassword(ctx.db, principalOf(request).userId, request.body);
        return { message: 'Your password has been changed.' };
      },
    );

    app.post(
      '/users/me/sessions/revoke-others',
      {
        schema: {
          tags,
          summary: 'Sign out every other session (keeps the one of the given refresh token)',
          ...bearerAuth,
          body: ZRevokeSessionsRequest.nullish(),
          response: { 200: ZRevokeSessionsResponse, ...errorResponses(400, 401, 422) },
        },
      },
      async (request) => ({
        revoked: await revokeSessionsOfUser(ctx.db, principalOf(request).userId, {
          keepToken: request.body?.refresh_token,
        }),
      }),
    );
  };
}
