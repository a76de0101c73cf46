import {
  ZMessageResponse,
  ZMicrosoftSignInResponse,
  ZOAuthCallbackQuery,
  ZOAuthConnectedResponse,
  ZOAuthConnectResponse,
  ZOAuthLogoutRequest,
  ZOAuthProvider,
  ZOAuthStatusResponse,
} from '@atempo/contracts';
import { randomToken } from '@atempo/integrations';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import { connectionStatus, disconnect, logoutMicrosoft } from './connections.service.ts';
import { completeMicrosoftCallback } from './microsoft-connect.service.ts';
import { beginMicrosoftFlow } from './oauth-flows.ts';
import { assertConfigured, providerName } from './providers.ts';

const tags = ['integrations'];

/** Binds a sign-in flow to the browser that started it; lives as long as the flow's state. */
const SIGN_IN_COOKIE = 'atempo_ms_sign_in';
const SIGN_IN_COOKIE_PATH = '/api/v1/oauth';

const ZProviderParams = z.object({ provider: ZOAuthProvider });

/** Connecting accounts by OAuth, and Sign in with Microsoft (spec 03 §7 "OAuth and connection status"). */
export function oauthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(cookie);
    const secureCookie = ctx.config.publicUrl.startsWith('https:');

    app.get(
      '/auth/microsoft/login',
      {
        schema: {
          tags,
          summary: 'Sign in with Microsoft: redirects the browser to Microsoft',
          description:
            'Opened by the browser (not fetched). Sets a short-lived HttpOnly cookie that binds the flow to this browser, then answers 302 to Microsoft; Microsoft returns to /auth-callback, which calls GET /oauth/callback. 400 NOT_CONFIGURED names the settings the server lacks.',
          response: { 302: z.null(), ...errorResponses(400, 503) },
        },
      },
      async (_request, reply) => {
        assertConfigured(ctx.config, 'microsoft');
        const browserBinding = randomToken();
        const flow = await beginMicrosoftFlow(ctx, { purpose: 'sign_in', browserBinding });
        reply.setCookie(SIGN_IN_COOKIE, browserBinding, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          path: SIGN_IN_COOKIE_PATH,
          maxAge: 600,
        });
        return reply.redirect(flow.authUrl, 302);
      },
    );

    app.post(
      '/oauth/connect/:provider',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: 'Start connecting an account: answers the address to send the user to',
          description:
            'Authorization code with PKCE (S256), a single-use state bound to the caller (10 minutes) and an OIDC nonce. The provider returns the user to the web app’s return page, which calls GET /oauth/callback with the bearer token.',
          ...bearerAuth,
          params: ZProviderParams,
          response: { 200: ZOAuthConnectResponse, ...errorResponses(400, 401, 501, 503) },
        },
      },
      async (request) => {
        const { provider } = request.params;
        assertConfigured(ctx.config, provider);
        if (provider !== 'microsoft') {
          throw new AppError(
            501,
            'NOT_IMPLEMENTED',
            `Connecting ${providerName(provider)} arrives in a later release of this server.`,
          );
        }
        const { userId, organizationId } = principalOf(request);
        const flow = await beginMicrosoftFlow(ctx, { purpose: 'connect', userId, organizationId });
        return { auth_url: flow.authUrl, state: flow.state };
      },
    );

    app.get(
      '/oauth/callback',
      {
        schema: {
          tags,
          summary: 'Finish a Microsoft authorization (called by the return page)',
          description:
            'With the bearer token of the user who started a connect flow: stores the Microsoft 365 connection and answers its id (session_id) and who it is. Without one, in the browser that started Sign in with Microsoft: answers an Atempo session, like POST /auth/login, plus session_id. The state is single use; the provider’s refusal, a missing code or state, an unknown, expired, replayed or foreign state are refused (400) and store nothing. 403 NO_ACCOUNT: nobody in Atempo has this Microsoft account or its email.',
          querystring: ZOAuthCallbackQuery,
          response: {
            200: z.union([ZOAuthConnectedResponse, ZMicrosoftSignInResponse]),
            ...errorResponses(400, 401, 403, 409, 503),
          },
        },
      },
      async (request, reply) => {
        if (request.headers.authorization) await ctx.guards.requireAuth(request);
        const principal = request.principal;
        const browserBinding = request.cookies[SIGN_IN_COOKIE] ?? null;
        // Whatever the outcome the flow is over: the cookie goes with its state.
        if (browserBinding) reply.clearCookie(SIGN_IN_COOKIE, { path: SIGN_IN_COOKIE_PATH });
        return completeMicrosoftCallback(ctx, request.query, {
          organizationId: principal?.organizationId ?? null,
          userId: principal?.userId ?? null,
          browserBinding: principal ? null : browserBinding,
        });
      },
    );

    app.get(
      '/oauth/status',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: 'My connections: connected, account email, state and token expiry per provider',
          ...bearerAuth,
          response: { 200: ZOAuthStatusResponse, ...errorResponses(401) },
        },
      },
      async (request) => connectionStatus(ctx, principalOf(request)),
    );

    app.post(
      '/oauth/disconnect/:provider',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: 'Disconnect one of my accounts and delete its tokens',
          ...bearerAuth,
          params: ZProviderParams,
          response: { 200: ZMessageResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({ message: await disconnect(ctx, principalOf(request), request.params.provider) }),
    );

    app.post(
      '/oauth/logout',
      {
        onRequest: ctx.guards.requireAuth,
        schema: {
          tags,
          summary: 'Sign out of Microsoft 365 (the session named, which must be mine)',
          ...bearerAuth,
          body: ZOAuthLogoutRequest.nullish(),
          response: { 200: ZMessageResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({
        message: await logoutMicrosoft(ctx, principalOf(request), request.body?.session_id),
      }),
    );
  };
}
