import { createPkcePair, OAuthError, randomToken } from '@atempo/integrations';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/tokens.ts';
import { microsoftIdentity } from './microsoft-identity.ts';
import { consumeOAuthState, insertOAuthState, type OAuthStateRow } from './oauth-states.repository.ts';
import { providerUnavailable } from './provider-errors.ts';
import { secretsCipher } from './secrets.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger'>;

/** How long a user has to finish at Microsoft (its codes also live about ten minutes). */
const STATE_TTL_MS = 10 * 60 * 1000;

export type FlowPurpose = 'connect' | 'sign_in';

/** Who may finish the flow: the user who started a connect flow, or the browser that started sign-in. */
export type FlowBinding =
  | { purpose: 'connect'; organizationId: string; userId: string }
  | { purpose: 'sign_in'; browserBinding: string };

export const stateMismatch = () =>
  new AppError(400, 'STATE_MISMATCH', 'Authentication state mismatch. Please try again.');

/**
 * Starts a Microsoft authorization: a single-use state (only its hash is stored), an OIDC nonce
 * and a PKCE S256 pair whose verifier is kept encrypted until the callback.
 */
export async function beginMicrosoftFlow(
  ctx: Ctx,
  binding: FlowBinding,
): Promise<{ authUrl: string; state: string }> {
  const identity = await microsoftIdentity(ctx.config).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    ctx.logger.warn({ kind: (error as OAuthError).kind }, 'Microsoft discovery failed');
    throw providerUnavailable('Microsoft 365');
  });
  const state = randomToken();
  const nonce = randomToken();
  const pkce = createPkcePair();
  const stateHash = hashToken(state);
  await insertOAuthState(ctx.db, {
    stateHash,
    provider: 'microsoft',
    purpose: binding.purpose,
    organizationId: binding.purpose === 'connect' ? binding.organizationId : null,
    userId: binding.purpose === 'connect' ? binding.userId : null,
    browserBindingHash: binding.purpose === 'sign_in' ? hashToken(binding.browserBinding) : null,
    codeVerifierCipher: secretsCipher(ctx.config).seal(pkce.verifier, stateHash),
    nonce,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return {
    state,
    authUrl: identity.authorizationUrl({
      state,
      nonce,
      codeChallenge: pkce.challenge,
      prompt: 'select_account',
    }),
  };
}

export interface CallbackParams {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** Who is calling back: a signed-in user (a connect flow) and/or the browser's sign-in cookie. */
export interface CallbackCaller {
  organizationId: string | null;
  userId: string | null;
  browserBinding: string | null;
}

/**
 * Checks a callback and uses up its state: the provider's refusal, a missing code or state, an
 * unknown, expired or already used state, or a caller other than the one who started the flow are
 * all refused before anything is exchanged or stored.
 */
export async function takeFlow(
  ctx: Ctx,
  params: CallbackParams,
  caller: CallbackCaller,
): Promise<OAuthStateRow & { codeVerifier: string; code: string }> {
  if (params.error) {
    if (params.state) await consumeOAuthState(ctx.db, hashToken(params.state), new Date());
    const description = params.error_description ? `: ${params.error_description}` : '';
    throw new AppError(400, 'OAUTH_REFUSED', `${params.error}${description}`);
  }
  if (!params.code) throw new AppError(400, 'INVALID_CALLBACK', 'Invalid authentication response');
  if (!params.state) throw new AppError(400, 'INVALID_CALLBACK', 'Missing state parameter');
  const stateHash = hashToken(params.state);
  const flow = await consumeOAuthState(ctx.db, stateHash, new Date());
  if (!flow) throw stateMismatch();
  const boundToCaller =
    flow.purpose === 'connect'
      ? flow.userId === caller.userId && flow.organizationId === caller.organizationId
      : caller.browserBinding !== null && flow.browserBindingHash === hashToken(caller.browserBinding);
  if (!boundToCaller) throw stateMismatch();
  return {
    ...flow,
    code: params.code,
    codeVerifier: secretsCipher(ctx.config).open(flow.codeVerifierCipher, stateHash),
  };
}

/** The code for tokens, with the id_token verified (signature, issuer, audience, expiry, nonce). */
export async function exchangeMicrosoftCode(
  ctx: Ctx,
  flow: { code: string; codeVerifier: string; nonce: string | null },
  state: string,
) {
  const identity = await microsoftIdentity(ctx.config);
  try {
    return await identity.exchangeCode({
      code: flow.code,
      state,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce ?? '',
    });
  } catch (error) {
    if (error instanceof OAuthError && (error.kind === 'invalid_grant' || error.kind === 'invalid_request')) {
      throw new AppError(
        400,
        'CODE_REJECTED',
        'Microsoft refused this sign-in (the code expired or was already used). Please try again.',
      );
    }
    if (error instanceof OAuthError && error.kind === 'invalid_id_token') {
      throw new AppError(
        400,
        'INVALID_ID_TOKEN',
        'Microsoft’s answer could not be verified. Please try again.',
      );
    }
    ctx.logger.warn({ kind: (error as OAuthError).kind }, 'Microsoft code exchange failed');
    throw providerUnavailable('Microsoft 365');
  }
}
