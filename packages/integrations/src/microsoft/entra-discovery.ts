import * as oidc from 'openid-client';
import { isLoopbackHost, isSecureEnough } from './loopback.ts';
import { OAuthError, toOAuthError } from './oauth-error.ts';

/** The Entra ID origin openid-client recognises: only there does it apply its `{tenantid}` issuer handling. */
const ENTRA_ORIGIN = 'https://login.microsoftonline.com';
const TENANT_TEMPLATE = '{tenantid}';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The multi-tenant paths whose discovery document announces the `{tenantid}` issuer template. */
const MULTI_TENANT = new Set(['common', 'organizations']);

export interface EntraDiscoveryInput {
  loginBaseUrl: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
}

export interface EntraConfiguration {
  config: oidc.Configuration;
  /** The discovered issuer, possibly the template `{base}/{tenantid}/v2.0`. */
  issuer: string;
}

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

/**
 * openid-client substitutes the id_token's `tid` into Entra's `{tenantid}` issuer template only when
 * discovery starts at https://login.microsoftonline.com/{tenant}/v2.0. To keep that handling for any
 * login host (the local fake on 127.0.0.1, a sovereign cloud) discovery starts at that canonical URL
 * and this fetch maps the canonical origin onto the configured base. Requests to the endpoints the
 * discovery document names (token, JWKS) pass through unchanged.
 */
function routeCanonicalOrigin(loginBase: string): oidc.CustomFetch {
  return (url, options) => {
    const target = url.startsWith(`${ENTRA_ORIGIN}/`) ? loginBase + url.slice(ENTRA_ORIGIN.length) : url;
    return fetch(target, options as RequestInit);
  };
}

/**
 * The issuer must belong to the configured login host and name this tenant: the template for
 * `common`/`organizations`, a tenant GUID otherwise (the tenant itself when it is a GUID; a domain
 * or `consumers` resolves to its GUID).
 */
function checkIssuer(issuer: string, loginBase: string, tenant: string): void {
  const prefix = `${loginBase}/`;
  const segment =
    issuer.startsWith(prefix) && issuer.endsWith('/v2.0') ? issuer.slice(prefix.length, -5) : null;
  const ok =
    segment !== null &&
    (MULTI_TENANT.has(tenant.toLowerCase())
      ? segment === TENANT_TEMPLATE
      : GUID.test(segment) && (!GUID.test(tenant) || segment.toLowerCase() === tenant.toLowerCase()));
  if (!ok)
    throw new OAuthError('invalid_request', 'The Microsoft discovery document names an unexpected issuer');
}

/** Every endpoint we will send a code, a secret or a token to must be https (or http on loopback). */
function checkEndpoints(metadata: oidc.ServerMetadata): void {
  for (const endpoint of [metadata.authorization_endpoint, metadata.token_endpoint, metadata.jwks_uri]) {
    if (!endpoint || !isSecureEnough(new URL(endpoint))) {
      throw new OAuthError(
        'invalid_request',
        'The Microsoft discovery document names an insecure or missing endpoint',
      );
    }
  }
}

/** Discovers Entra ID's metadata for a tenant and returns an openid-client configuration for our app. */
export async function discoverEntra(input: EntraDiscoveryInput): Promise<EntraConfiguration> {
  const base = new URL(input.loginBaseUrl);
  if (!isSecureEnough(base)) {
    throw new OAuthError('invalid_request', 'The Microsoft login URL must be https (http only on loopback)');
  }
  const loginBase = trimSlash(base.href);
  const tenant = input.tenant.trim();
  if (!/^[\w.-]+$/.test(tenant)) throw new OAuthError('invalid_request', 'The Microsoft tenant is not valid');
  const insecure = base.protocol === 'http:' && isLoopbackHost(base.hostname);
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(
      new URL(`${ENTRA_ORIGIN}/${tenant}/v2.0`),
      input.clientId,
      { client_secret: input.clientSecret, id_token_signed_response_alg: 'RS256' },
      oidc.ClientSecretPost(input.clientSecret),
      {
        ...(loginBase === ENTRA_ORIGIN ? {} : { [oidc.customFetch]: routeCanonicalOrigin(loginBase) }),
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 15,
      },
    );
  } catch (error) {
    throw toOAuthError(error, 'discovery');
  }
  const metadata = config.serverMetadata();
  checkIssuer(metadata.issuer, loginBase, tenant);
  checkEndpoints(metadata);
  // Verify the id_token's RS256 signature against the JWKS (openid-client otherwise trusts TLS alone).
  oidc.enableNonRepudiationChecks(config);
  return { config, issuer: metadata.issuer };
}
