import { ZMeResponse, ZUpdateMeRequest } from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as users from '../users/index.ts';
import * as organizations from './organizations.service.ts';

const tags = ['users'];

/**
 * The signed-in user with their organisation. These routes live here rather than in the users
 * module because they compose both, and organisations build on users (not the other way round).
 */
export function meRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  async function me(user: users.UserRow) {
    const organization = await organizations.getOrganization(ctx.db, user.organizationId);
    return { ...users.toUser(user), organization: organizations.toOrganization(organization) };
  }

  return async (app) => {
    app.addHook('onRequest', ctx.guards.requireAuth);

    app.get(
      '/users/me',
      {
        schema: {
          tags,
          summary: 'The signed-in user and their organisation',
          ...bearerAuth,
          response: { 200: ZMeResponse, ...errorResponses(401) },
        },
      },
      async (request) => me(await users.getUser(ctx.db, principalOf(request).userId)),
    );

    app.patch(
      '/users/me',
      {
        schema: {
          tags,
          summary: 'Update your name or onboarding state',
          ...bearerAuth,
          body: ZUpdateMeRequest,
          response: { 200: ZMeResponse, ...errorResponses(400, 401, 422) },
        },
      },
      async (request) => me(await users.updateProfile(ctx.db, principalOf(request).userId, request.body)),
    );
  };
}
