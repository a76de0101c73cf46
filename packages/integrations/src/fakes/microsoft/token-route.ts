import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from './context.ts';
import { resolveTenantPath } from './entra-tenants.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './grants.ts';

type Form = Record<string, string | undefined>;

/** Entra's token error: `{ error, error_description: 'AADSTS…', error_codes, timestamp, trace_id, correlation_id }`. */
function tokenError(
  reply: FastifyReply,
  status: number,
  error: string,
  code: number,
  description: string,
): FastifyReply {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = `${new Date().toISOString().replace('T', ' ').slice(0, 19)}Z`;
  return reply.code(status).send({
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });
}

/** client_secret_post or client_secret_basic (RFC 6749 §2.3.1: form-encoded id and secret), never both. */
function clientCredentials(
  request: FastifyRequest,
  form: Form,
): { id?: string; secret?: string; both: boolean } {
  const header = request.headers.authorization;
  const basic = header && /^Basic\s+(\S+)$/i.exec(header)?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':', 2);
    return {
      id: decodeURIComponent(id.replace(/\+/g, ' ')),
      secret: decodeURIComponent(secret.replace(/\+/g, ' ')),
      both: form.client_secret !== undefined,
    };
  }
  return { id: form.client_id, secret: form.client_secret, both: false };
}

function pairwiseSubject(clientId: string, oid: string): string {
  return createHash('sha256').update(`${clientId}:${oid}`).digest('base64url').slice(0, 43);
}

/** POST /{tenant}/oauth2/v2.0/token: authorization_code (with PKCE) and refresh_token grants. */
export function registerTokenRoute(app: FastifyInstance, context: FakeContext): void {
  async function tokens(userOid: string, scopes: string[], nonce: string | null) {
    const user = context.directory.users.get(userOid)!;
    const grant = { userOid, clientId: context.client.clientId, scopes };
    const body: Record<string, unknown> = {
      token_type: 'Bearer',
      scope: scopes.join(' '),
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      ext_expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      access_token: context.grants.issueAccessToken(grant),
    };
    if (scopes.includes('offline_access')) body.refresh_token = context.grants.issueRefreshToken(grant);
    if (scopes.includes('openid')) {
      body.id_token = await context.signer.sign(
        {
          iss: `${context.url}/${user.tenantId}/v2.0`,
          aud: context.client.clientId,
          tid: user.tenantId,
          oid: user.oid,
          sub: pairwiseSubject(context.client.clientId, user.oid),
          ...(nonce ? { nonce } : {}),
          name: user.displayName,
          preferred_username: user.userPrincipalName,
          email: user.email,
          ver: '2.0',
          uti: randomUUID().replaceAll('-', ''),
        },
        context.tamperIdTokens.shift() ?? null,
      );
    }
    return body;
  }

  app.post(
    '/:tenant/oauth2/v2.0/token',
    async (request: FastifyRequest<{ Params: { tenant: string } }>, reply) => {
      if (!resolveTenantPath(context, request.params.tenant)) {
        return tokenError(
          reply,
          400,
          'invalid_request',
          90002,
          `Tenant '${request.params.tenant}' not found.`,
        );
      }
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return tokenError(
          reply,
          400,
          'invalid_request',
          900144,
          "The request body must contain the following parameter: 'grant_type'.",
        );
      }
      const form = (request.body ?? {}) as Form;
      const client = clientCredentials(request, form);
      if (client.both)
        return tokenError(
          reply,
          400,
          'invalid_request',
          90014,
          'Only one client authentication method may be used.',
        );
      if (
        !client.id ||
        client.id !== context.client.clientId ||
        (form.client_id && form.client_id !== client.id)
      ) {
        return tokenError(
          reply,
          400,
          'unauthorized_client',
          700016,
          `Application with identifier '${client.id ?? ''}' was not found in the directory.`,
        );
      }
      if (!client.secret) {
        return tokenError(
          reply,
          401,
          'invalid_client',
          7000218,
          "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
        );
      }
      if (client.secret !== context.client.clientSecret) {
        return tokenError(reply, 401, 'invalid_client', 7000215, 'Invalid client secret provided.');
      }

      if (form.grant_type === 'authorization_code') {
        if (!form.code)
          return tokenError(
            reply,
            400,
            'invalid_request',
            900144,
            "The request body must contain the following parameter: 'code'.",
          );
        const redeemed = context.grants.redeemCode(form.code);
        if (!redeemed)
          return tokenError(
            reply,
            400,
            'invalid_grant',
            9002313,
            'Invalid request. Request is malformed or invalid.',
          );
        const { record, status } = redeemed;
        if (status === 'redeemed') {
          return tokenError(
            reply,
            400,
            'invalid_grant',
            54005,
            'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.',
          );
        }
        if (status === 'expired')
          return tokenError(
            reply,
            400,
            'invalid_grant',
            70008,
            'The provided authorization code or refresh token has expired due to inactivity.',
          );
        if (record.clientId !== client.id)
          return tokenError(
            reply,
            400,
            'invalid_grant',
            70000,
            'The provided grant is invalid or malformed.',
          );
        if (form.redirect_uri !== record.redirectUri) {
          return tokenError(
            reply,
            400,
            'invalid_grant',
            500112,
            'The reply address does not match the reply address provided when requesting Authorization code.',
          );
        }
        if (!form.code_verifier)
          return tokenError(
            reply,
            400,
            'invalid_request',
            900144,
            "The request body must contain the following parameter: 'code_verifier'.",
          );
        const challenge = createHash('sha256').update(form.code_verifier).digest('base64url');
        if (challenge !== record.codeChallenge) {
          return tokenError(
            reply,
            400,
            'invalid_grant',
            50148,
            'The code_verifier does not match the code_challenge supplied in the authorization request for PKCE.',
          );
        }
        return reply.send(await tokens(record.userOid, record.scopes, record.nonce));
      }

      if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token) {
          return tokenError(
            reply,
            400,
            'invalid_request',
            900144,
            "The request body must contain the following parameter: 'refresh_token'.",
          );
        }
        const lookup = context.grants.useRefreshToken(form.refresh_token);
        if ('error' in lookup) {
          if (lookup.error === 'revoked') {
            return tokenError(
              reply,
              400,
              'invalid_grant',
              50173,
              'The provided grant has expired due to it being revoked, a fresh auth token is needed.',
            );
          }
          if (lookup.error === 'rotated') {
            // Rotation: the token was exchanged once already; only its replacement works now.
            return tokenError(
              reply,
              400,
              'invalid_grant',
              70000,
              'The provided grant is invalid or malformed.',
            );
          }
          return tokenError(
            reply,
            400,
            'invalid_grant',
            9002313,
            'Invalid request. Request is malformed or invalid.',
          );
        }
        if (lookup.grant.clientId !== client.id)
          return tokenError(
            reply,
            400,
            'invalid_grant',
            70000,
            'The provided grant is invalid or malformed.',
          );
        return reply.send(await tokens(lookup.grant.userOid, lookup.grant.scopes, null));
      }

      return tokenError(
        reply,
        400,
        'unsupported_grant_type',
        70003,
        `The app requested an unsupported grant type '${form.grant_type ?? ''}'.`,
      );
    },
  );
}
