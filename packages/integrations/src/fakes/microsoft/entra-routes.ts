import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FakeContext, graphBase } from './context.ts';
import type { FakeUser } from './directory.ts';
import { issuerFor, resolveTenantPath, type TenantPath, userAllowed } from './entra-tenants.ts';

type TenantParams = { Params: { tenant: string } };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Exact match, or a loopback pattern whose port is `*` (any port, as Entra allows for localhost). */
export function redirectUriAllowed(patterns: string[], uri: string): boolean {
  return patterns.some((pattern) => {
    if (pattern === uri) return true;
    if (!pattern.includes(':*/')) return false;
    const expression = escapeRegExp(pattern).replace(':\\*/', ':\\d{1,5}/');
    return new RegExp(`^${expression}$`).test(uri);
  });
}

function htmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** An error Entra shows on its own page: the redirect URI is not trusted, so nothing is sent back to it. */
function errorPage(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply
    .code(400)
    .type('text/html')
    .send(
      `<!doctype html><title>Sign in</title><h1>Sorry, but we're having trouble signing you in.</h1><p>AADSTS${code}: ${htmlEscape(message)}</p>`,
    );
}

/** The answer to the app: a 302 to redirect_uri with the parameters in the query, or an auto-posting form. */
function respond(
  reply: FastifyReply,
  redirectUri: string,
  mode: string,
  params: Record<string, string>,
): FastifyReply {
  if (mode === 'form_post') {
    const inputs = Object.entries(params)
      .map(([name, value]) => `<input type="hidden" name="${htmlEscape(name)}" value="${htmlEscape(value)}">`)
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><body onload="document.forms[0].submit()"><form method="post" action="${htmlEscape(redirectUri)}">${inputs}</form></body>`,
      );
  }
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return reply.code(302).header('location', target.href).send();
}

function pickUser(context: FakeContext, path: TenantPath, loginHint: string | undefined): FakeUser | null {
  if (loginHint) {
    const hinted = context.directory.userByHint(loginHint);
    return hinted && userAllowed(path, hinted) ? hinted : null;
  }
  for (const user of context.directory.users.values()) if (userAllowed(path, user)) return user;
  return null;
}

/** Discovery, JWKS and the authorization endpoint of Entra ID v2.0. */
export function registerEntraRoutes(app: FastifyInstance, context: FakeContext): void {
  app.get(
    '/:tenant/v2.0/.well-known/openid-configuration',
    async (request: FastifyRequest<TenantParams>, reply) => {
      const { tenant } = request.params;
      const path = resolveTenantPath(context, tenant);
      if (!path) {
        return reply.code(400).send({
          error: 'invalid_tenant',
          error_description: `AADSTS90002: Tenant '${tenant}' not found.`,
          error_codes: [90002],
        });
      }
      const base = `${context.url}/${tenant}`;
      return reply.send({
        token_endpoint: `${base}/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: [
          'client_secret_post',
          'private_key_jwt',
          'client_secret_basic',
        ],
        jwks_uri: `${base}/discovery/v2.0/keys`,
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        issuer: issuerFor(context, path),
        request_uri_parameter_supported: false,
        authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
        end_session_endpoint: `${base}/oauth2/v2.0/logout`,
        http_logout_supported: true,
        frontchannel_logout_supported: true,
        claims_supported: [
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'auth_time',
          'acr',
          'nonce',
          'preferred_username',
          'name',
          'tid',
          'ver',
          'at_hash',
          'c_hash',
          'email',
          'oid',
        ],
        tenant_region_scope: 'EU',
        cloud_instance_name: 'microsoftonline.com',
        msgraph_host: new URL(graphBase(context)).host,
      });
    },
  );

  app.get('/:tenant/discovery/v2.0/keys', async (request: FastifyRequest<TenantParams>, reply) => {
    if (!resolveTenantPath(context, request.params.tenant))
      return reply.code(400).send({ error: 'invalid_tenant' });
    return reply.send(context.signer.jwks());
  });

  app.get(
    '/:tenant/oauth2/v2.0/authorize',
    async (
      request: FastifyRequest<TenantParams & { Querystring: Record<string, string | undefined> }>,
      reply,
    ) => {
      const query = request.query;
      const path = resolveTenantPath(context, request.params.tenant);
      if (!path) return errorPage(reply, 90002, `Tenant '${request.params.tenant}' not found.`);
      if (query.client_id !== context.client.clientId) {
        return errorPage(
          reply,
          700016,
          `Application with identifier '${query.client_id ?? ''}' was not found in the directory.`,
        );
      }
      const redirectUri = query.redirect_uri ?? '';
      if (!redirectUriAllowed(context.client.redirectUris, redirectUri)) {
        return errorPage(
          reply,
          50011,
          'The redirect URI specified in the request does not match the redirect URIs configured for the application.',
        );
      }
      const mode = query.response_mode ?? 'query';
      const state = query.state ?? '';
      const fail = (error: string, code: number, description: string) =>
        respond(reply, redirectUri, mode, {
          error,
          error_description: `AADSTS${code}: ${description}`,
          ...(state ? { state } : {}),
        });
      if (mode !== 'query' && mode !== 'form_post')
        return fail('invalid_request', 900144, 'Unsupported response_mode.');
      if (query.response_type !== 'code') {
        return fail('unsupported_response_type', 700054, "response_type 'code' is required for this client.");
      }
      const scopes = (query.scope ?? '').split(' ').filter(Boolean);
      if (scopes.length === 0)
        return fail(
          'invalid_request',
          900144,
          "The request body must contain the following parameter: 'scope'.",
        );
      if (!query.code_challenge || query.code_challenge_method !== 'S256') {
        return fail('invalid_request', 9002325, 'Proof Key for Code Exchange (S256) is required.');
      }
      if (!state) return fail('invalid_request', 900144, "The fake requires the 'state' parameter.");
      if (scopes.includes('openid') && !query.nonce) {
        return fail(
          'invalid_request',
          900144,
          "The request must contain the 'nonce' parameter when 'openid' is requested.",
        );
      }
      if (context.denyAuthorizations > 0) {
        context.denyAuthorizations--;
        return fail('access_denied', 65004, 'User declined to consent to access the app.');
      }
      const user = pickUser(context, path, query.login_hint ?? context.chosenAccounts.shift());
      if (!user) {
        return fail(
          'invalid_request',
          50020,
          'User account does not exist in tenant and cannot access the application in that tenant.',
        );
      }
      const code = context.grants.issueCode({
        clientId: context.client.clientId,
        redirectUri,
        codeChallenge: query.code_challenge,
        nonce: query.nonce ?? null,
        scopes,
        userOid: user.oid,
      });
      return respond(reply, redirectUri, mode, { code, state, session_state: randomUUID() });
    },
  );
}
