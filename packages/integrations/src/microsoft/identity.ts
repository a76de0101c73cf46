import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { discoverEntra, type EntraConfiguration } from './entra-discovery.ts';
import { OAuthError, toOAuthError } from './oauth-error.ts';

export { OAuthError, type OAuthErrorKind } from './oauth-error.ts';
export { createPkcePair, randomToken } from './pkce.ts';

export interface MicrosoftIdentitySettings {
  /** e.g. https://login.microsoftonline.com, or http://127.0.0.1:PORT for the local fake. */
  loginBaseUrl: string;
  /** common | organizations | a tenant GUID (or domain). */
  tenant: string;
  clientId: string;
  clientSecret: string;
  /** Sent exactly as registered with the app. */
  redirectUri: string;
  scopes: string[];
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** now + expires_in at the time of the response: access tokens are never parsed. */
  expiresAt: Date;
  scopes: string;
}

export interface MicrosoftIdentityClaims {
  tenantId: string;
  objectId: string;
  email: string | null;
  name: string | null;
  preferredUsername: string | null;
}

export interface MicrosoftIdentity {
  authorizationUrl(input: {
    state: string;
    nonce: string;
    codeChallenge: string;
    prompt?: 'select_account' | 'consent';
  }): string;
  /**
   * Redeems the code from the callback. `state` is the value this sign-in was started with; the
   * caller has already matched the callback's state to its stored, single-use flow.
   */
  exchangeCode(input: {
    code: string;
    state: string;
    codeVerifier: string;
    nonce: string;
  }): Promise<{ tokens: TokenSet; claims: MicrosoftIdentityClaims }>;
  refresh(refreshToken: string): Promise<TokenSet>;
}

/** Discovery is one request per process and settings, not one per sign-in. */
const discoveries = new Map<string, Promise<EntraConfiguration>>();

function cacheKey(settings: MicrosoftIdentitySettings): string {
  // The secret is part of the identity of the configuration, but only its hash is kept as a key.
  const secret = createHash('sha256').update(settings.clientSecret).digest('base64url');
  return JSON.stringify([settings.loginBaseUrl, settings.tenant, settings.clientId, secret]);
}

function discover(settings: MicrosoftIdentitySettings): Promise<EntraConfiguration> {
  const key = cacheKey(settings);
  let pending = discoveries.get(key);
  if (!pending) {
    pending = discoverEntra(settings);
    // A failed discovery (the provider was down) is retried by the next caller.
    pending.catch(() => discoveries.delete(key));
    discoveries.set(key, pending);
  }
  return pending;
}

function tokenSet(
  response: oidc.TokenEndpointResponse,
  fallback: { refreshToken: string | null; scopes: string },
): TokenSet {
  const expiresIn =
    typeof response.expires_in === 'number' && response.expires_in > 0 ? response.expires_in : 3600;
  return {
    accessToken: response.access_token,
    // Entra rotates refresh tokens; when it does not send one, the old one is still the one to keep.
    refreshToken: response.refresh_token ?? fallback.refreshToken,
    expiresAt: new Date(Date.now() + expiresIn * 1000),
    scopes: response.scope ?? fallback.scopes,
  };
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * The claims we identify a Microsoft account by: (tid, oid), never the email. openid-client has
 * checked signature, aud, exp, nonce and iss (with `{tenantid}` replaced by the token's tid); the
 * issuer is compared again here so a tenant-specific issuer cannot vouch for another tid.
 */
function identityClaims(claims: oidc.IDToken | undefined, issuer: string): MicrosoftIdentityClaims {
  const tid = optionalString(claims?.tid);
  const oid = optionalString(claims?.oid);
  if (!claims || !tid || !oid)
    throw new OAuthError('invalid_id_token', 'The Microsoft id_token has no tid or oid');
  const expectedIssuer = issuer.replace('{tenantid}', tid);
  if (claims.iss !== expectedIssuer || !expectedIssuer.endsWith(`/${tid}/v2.0`)) {
    throw new OAuthError('invalid_id_token', 'The Microsoft id_token issuer does not match its tenant');
  }
  return {
    tenantId: tid,
    objectId: oid,
    email: optionalString(claims.email),
    name: optionalString(claims.name),
    preferredUsername: optionalString(claims.preferred_username),
  };
}

/**
 * Sign-in with Microsoft (Entra ID v2.0): authorization code + PKCE S256 + state + nonce, a verified
 * id_token, and refresh. Discovery happens here, once per settings.
 */
export async function createMicrosoftIdentity(
  settings: MicrosoftIdentitySettings,
): Promise<MicrosoftIdentity> {
  const { config, issuer } = await discover(settings);
  const scope = settings.scopes.join(' ');

  return {
    authorizationUrl({ state, nonce, codeChallenge, prompt }) {
      const url = oidc.buildAuthorizationUrl(config, {
        response_type: 'code',
        response_mode: 'query',
        redirect_uri: settings.redirectUri,
        scope,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...(prompt ? { prompt } : {}),
      });
      return url.href;
    },

    async exchangeCode({ code, state, codeVerifier, nonce }) {
      // openid-client reads the code from the callback URL and sends redirect_uri as that URL without
      // its query: rebuilding it from the registered URI keeps redirect_uri exact.
      const callback = new URL(settings.redirectUri);
      callback.search = new URLSearchParams({ code, state }).toString();
      let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        response = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw toOAuthError(error, 'token request');
      }
      const claims = identityClaims(response.claims(), issuer);
      return { tokens: tokenSet(response, { refreshToken: null, scopes: scope }), claims };
    },

    async refresh(refreshToken) {
      try {
        const response = await oidc.refreshTokenGrant(config, refreshToken, { scope });
        return tokenSet(response, { refreshToken, scopes: scope });
      } catch (error) {
        throw toOAuthError(error, 'token refresh');
      }
    },
  };
}
