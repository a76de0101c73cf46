import {
  ZAuthProvidersResponse,
  ZAuthResponse,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLogoutRequest,
  ZMessageResponse,
  ZRefreshRequest,
  ZRegisterOrganizationRequest,
  ZRegisterUserRequest,
  ZResetPasswordRequest,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as auth from './auth.service.ts';

const tags = ['auth'];

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in with email and password',
          body: ZLoginRequest,
          response: { 200: ZAuthResponse, ...errorResponses(400, 401, 422, 429) },
        },
      },
      (request) => auth.login(ctx, request.body, request.ip),
    );

    app.post(
      '/auth/register/organization',
      {
        schema: {
          tags,
          summary: 'Create an organisation and its first admin',
          body: ZRegisterOrganizationRequest,
          response: { 201: ZAuthResponse, ...errorResponses(400, 409, 422) },
        },
      },
      async (request, reply) => reply.status(201).send(await auth.registerOrganization(ctx, request.body)),
    );

    app.post(
      '/auth/register/user',
      {
        schema: {
          tags,
          summary: 'Join an organisation with an invitation',
          body: ZRegisterUserRequest,
          response: { 201: ZAuthResponse, ...errorResponses(400, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => reply.status(201).send(await auth.registerUser(ctx, request.body)),
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags,
          summary: 'Exchange a refresh token for a new token pair (rotation)',
          body: ZRefreshRequest,
          response: { 200: ZAuthResponse, ...errorResponses(400, 401, 422) },
        },
      },
      (request) => auth.refresh(ctx, request.body.refresh_token),
    );

    app.post(
      '/auth/logout',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: 'Sign out the session of the given refresh token',
          ...bearerAuth,
          body: ZLogoutRequest.nullish(),
          response: { 200: ZMessageResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => {
        await auth.logout(ctx, principalOf(request).userId, request.body?.refresh_token);
        return { message: 'Signed out' };
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags,
          summary: 'Email a password reset link (same answer whether or not the account exists)',
          body: ZForgotPasswordRequest,
          response: { 202: ZMessageResponse, ...errorResponses(400, 422) },
        },
      },
      async (request, reply) => {
        await auth.requestPasswordReset(ctx, request.body.email);
        return reply.status(202).send({ message: auth.FORGOT_PASSWORD_MESSAGE });
      },
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset link token',
          body: ZResetPasswordRequest,
          response: { 200: ZMessageResponse, ...errorResponses(400, 422) },
        },
      },
      async (request) => {
        await auth.resetPassword(ctx, request.body.token, request.body.password);
        return { message: 'Your password has been reset. Sign in with your new password.' };
      },
    );

    app.get(
      '/auth/providers',
      {
        schema: {
          tags,
          summary: 'Sign-in methods this server offers besides email and password',
          response: { 200: ZAuthProvidersResponse },
        },
      },
      async () => ({ microsoft: ctx.config.microsoft !== null }),
    );
  };
}
