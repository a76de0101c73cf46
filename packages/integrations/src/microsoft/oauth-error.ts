import * as oidc from 'openid-client';

export type OAuthErrorKind =
  | 'invalid_grant'
  | 'access_denied'
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_id_token'
  | 'provider_unavailable'
  | 'unknown';

/**
 * A failed sign-in or token request, classified so the caller can act: `invalid_grant` means the
 * user must sign in again, `provider_unavailable` means try later. The message is built here from
 * the error code only, never from what was sent or received, so it cannot carry a token, an
 * authorization code, a PKCE verifier or the client secret.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  readonly kind: OAuthErrorKind;
  /** Entra's AADSTS code when it gave one (e.g. `AADSTS54005`), else the OAuth `error` value. */
  readonly providerCode: string | null;

  constructor(kind: OAuthErrorKind, message: string, providerCode: string | null = null) {
    super(message);
    this.kind = kind;
    this.providerCode = providerCode;
  }
}

const KIND_BY_OAUTH_ERROR: Record<string, OAuthErrorKind> = {
  invalid_grant: 'invalid_grant',
  access_denied: 'access_denied',
  // At the token endpoint both mean the grant cannot be used without the user: sign in again.
  consent_required: 'invalid_grant',
  interaction_required: 'invalid_grant',
  invalid_request: 'invalid_request',
  invalid_scope: 'invalid_request',
  unsupported_grant_type: 'invalid_request',
  unauthorized_client: 'invalid_client',
  invalid_client: 'invalid_client',
  temporarily_unavailable: 'provider_unavailable',
  server_error: 'provider_unavailable',
};

/** openid-client error codes that mean the id_token (not the transport) was wrong. */
const ID_TOKEN_CODES = new Set<string>([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);
const UNAVAILABLE_CODES = new Set<string>(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** The AADSTS number Entra puts in `error_codes` (or at the start of `error_description`). */
function aadstsCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error_codes: codes, error_description: description } = body as Record<string, unknown>;
  if (Array.isArray(codes) && typeof codes[0] === 'number') return `AADSTS${codes[0]}`;
  if (typeof description === 'string') return /^(AADSTS\d+)/.exec(description)?.[1] ?? null;
  return null;
}

function statusOf(value: unknown): number | null {
  if (value instanceof Response) return value.status;
  return null;
}

/**
 * Maps whatever openid-client (or fetch underneath it) threw to an OAuthError. `step` names the
 * operation for the message ("token request", "discovery").
 */
export function toOAuthError(error: unknown, step: string): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof oidc.ResponseBodyError) {
    const providerCode = aadstsCode(error.cause) ?? error.error;
    const kind =
      error.status >= 500 ? 'provider_unavailable' : (KIND_BY_OAUTH_ERROR[error.error] ?? 'unknown');
    return new OAuthError(kind, `Microsoft ${step} failed: ${error.error} (${providerCode})`, providerCode);
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    const kind = error.status === 401 ? 'invalid_client' : 'unknown';
    return new OAuthError(kind, `Microsoft ${step} was refused (HTTP ${error.status})`);
  }
  if (error instanceof oidc.ClientError) {
    const code = error.code ?? '';
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
      // An error status without an OAuth error body: a proxy page or an outage.
      const status = statusOf(error.cause);
      const kind = status === null || status >= 500 || status === 429 ? 'provider_unavailable' : 'unknown';
      return new OAuthError(kind, `Microsoft ${step} failed (HTTP ${status ?? 'error'})`);
    }
    if (UNAVAILABLE_CODES.has(code)) {
      return new OAuthError('provider_unavailable', `Microsoft ${step} failed: ${error.message}`);
    }
    const cause = error.cause instanceof Error ? error.cause.message : '';
    if (ID_TOKEN_CODES.has(code) || (code === 'OAUTH_INVALID_RESPONSE' && /JWT|ID Token/i.test(cause))) {
      // The claim name is useful ("aud", "nonce", "signature"), the claim values are not logged.
      const claim = /"(\w+)"/.exec(cause)?.[1] ?? (/signature/i.test(cause) ? 'signature' : code);
      return new OAuthError('invalid_id_token', `The Microsoft id_token was rejected (${claim})`);
    }
    return new OAuthError('unknown', `Microsoft ${step} failed: ${error.message}`);
  }
  if (error instanceof TypeError && !('code' in error)) {
    // fetch() rejects with a bare TypeError when the connection fails.
    return new OAuthError(
      'provider_unavailable',
      `Microsoft ${step} failed: the service could not be reached`,
    );
  }
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new OAuthError('provider_unavailable', `Microsoft ${step} timed out`);
  }
  return new OAuthError('unknown', `Microsoft ${step} failed`);
}
