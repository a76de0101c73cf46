import {
  ZCreateInvitationRequest,
  ZIdParams,
  ZInvitation,
  ZOkResponse,
  ZOrganization,
  ZOrganizationUser,
  ZOrganizationUsersResponse,
  ZUpdateOrganizationRequest,
  ZUpdateUserRoleRequest,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as users from '../users/index.ts';
import { SEND_INVITATION_EMAIL } from './invitation-email.job.ts';
import * as organizations from './organizations.service.ts';

const tags = ['organizations'];

export function organizationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { requireAuth, requireAdmin } = ctx.guards;

  return async (app) => {
    app.get(
      '/organizations/current',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "The caller's organisation",
          ...bearerAuth,
          response: { 200: ZOrganization, ...errorResponses(401) },
        },
      },
      async (request) =>
        organizations.toOrganization(
          await organizations.getOrganization(ctx.db, principalOf(request).organizationId),
        ),
    );

    app.patch(
      '/organizations/current',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Rename the organisation (admin)',
          ...bearerAuth,
          body: ZUpdateOrganizationRequest,
          response: { 200: ZOrganization, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) =>
        organizations.toOrganization(
          await organizations.renameOrganization(
            ctx.db,
            principalOf(request).organizationId,
            request.body.name,
          ),
        ),
    );

    app.get(
      '/organizations/current/users',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Members and open invitations (admin)',
          ...bearerAuth,
          response: { 200: ZOrganizationUsersResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => organizations.listMembersAndInvitations(ctx.db, principalOf(request).organizationId),
    );

    app.post(
      '/organizations/current/invitations',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Invite someone by email for 7 days (admin); re-inviting renews the open invitation',
          ...bearerAuth,
          body: ZCreateInvitationRequest,
          response: { 201: ZInvitation, ...errorResponses(400, 401, 403, 409, 422) },
        },
      },
      async (request, reply) => {
        const caller = principalOf(request);
        const invitation = await users.inviteMember(
          ctx.db,
          caller.organizationId,
          caller.userId,
          request.body,
        );
        await ctx.jobs.send(SEND_INVITATION_EMAIL, {
          organizationId: caller.organizationId,
          invitationId: invitation.id,
        });
        return reply.status(201).send(invitation);
      },
    );

    app.delete(
      '/organizations/current/invitations/:id',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Revoke an open invitation (admin)',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        await users.revokeInvitation(ctx.db, principalOf(request).organizationId, request.params.id);
        return { success: true as const };
      },
    );

    app.patch(
      '/organizations/current/users/:id',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: "Change a member's role (admin)",
          ...bearerAuth,
          params: ZIdParams,
          body: ZUpdateUserRoleRequest,
          response: { 200: ZOrganizationUser, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        organizations.changeMemberRole(
          ctx.db,
          principalOf(request).organizationId,
          request.params.id,
          request.body.role,
        ),
    );

    app.delete(
      '/organizations/current/users/:id',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Remove a member and end their sessions (admin)',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await organizations.removeMember(ctx.db, principalOf(request).organizationId, request.params.id);
        return { success: true as const };
      },
    );
  };
}
