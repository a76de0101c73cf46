import { randomUUID } from 'node:crypto';
import type { TMicrosoftSignInResponse, TMicrosoftUser, TOAuthConnectedResponse } from '@atempo/contracts';
import { createGraphClient, getMe, type MicrosoftIdentityClaims, type TokenSet } from '@atempo/integrations';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { signInVerifiedUser } from '../auth/index.ts';
import { findUserByEmail } from '../users/index.ts';
import * as connections from './connections.repository.ts';
import { MICROSOFT_PERSONAL_TENANT, MICROSOFT_SCOPES } from './microsoft-identity.ts';
import { type CallbackCaller, type CallbackParams, exchangeMicrosoftCode, takeFlow } from './oauth-flows.ts';
import { secretsCipher } from './secrets.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'logger' | 'accessTokens' | 'jobs'>;

/**
 * Finishes a Microsoft authorization. A connect flow (the user's bearer token) stores the user's
 * Microsoft 365 connection and answers its id, the spec's session_id. A sign-in flow (the
 * browser's cookie) finds the Atempo user linked to this Microsoft account, or on first use the
 * one whose email the work account's token states, and answers Atempo's own session.
 */
export async function completeMicrosoftCallback(
  ctx: Ctx,
  params: CallbackParams,
  caller: CallbackCaller,
): Promise<TOAuthConnectedResponse | TMicrosoftSignInResponse> {
  const flow = await takeFlow(ctx, params, caller);
  const { tokens, claims } = await exchangeMicrosoftCode(ctx, flow, params.state!);
  const profile = await microsoftProfile(ctx, tokens, claims);
  if (flow.purpose === 'connect') {
    const connection = await saveMicrosoftConnection(
      ctx,
      flow.organizationId!,
      flow.userId!,
      tokens,
      claims,
      profile,
    );
    return { session_id: connection.id, provider: 'microsoft', user: profile };
  }
  const userId = await signInUserOf(ctx, claims);
  const user = await ctx.db.transaction(async (tx) => {
    const session = await signInVerifiedUser({ ...ctx, db: tx }, userId);
    const connection = await saveMicrosoftConnection(
      { ...ctx, db: tx },
      session.organization.id,
      userId,
      tokens,
      claims,
      profile,
    );
    return { ...session, session_id: connection.id, microsoft_user: profile };
  });
  return user;
}

async function signInUserOf(ctx: Ctx, claims: MicrosoftIdentityClaims): Promise<string> {
  const linked = await connections.findConnectionByAccount(ctx.db, 'microsoft', accountIdOf(claims));
  if (linked?.userId) return linked.userId;
  // Email is mutable and, for personal accounts, unverified: only a work account's first sign-in
  // may find its Atempo user by it, and from then on the link is by tenant and object id.
  const email = claims.tenantId !== MICROSOFT_PERSONAL_TENANT ? claims.email : null;
  const user = email ? await findUserByEmail(ctx.db, email) : undefined;
  if (!user) {
    throw new AppError(
      403,
      'NO_ACCOUNT',
      `There is no Atempo account for ${claims.email ?? claims.preferredUsername ?? 'this Microsoft account'}: an admin of your organisation must invite you first.`,
    );
  }
  return user.id;
}

export const accountIdOf = (claims: MicrosoftIdentityClaims) => `${claims.tenantId}:${claims.objectId}`;

/** The user's name, mail and job title from Graph; the id_token's claims when Graph cannot say. */
async function microsoftProfile(
  ctx: Ctx,
  tokens: TokenSet,
  claims: MicrosoftIdentityClaims,
): Promise<TMicrosoftUser> {
  const fallback = {
    displayName: claims.name,
    mail: claims.email ?? claims.preferredUsername,
    jobTitle: null,
  };
  try {
    const graph = createGraphClient({
      baseUrl: ctx.config.integrations.graphBaseUrl,
      accessToken: async () => tokens.accessToken,
      refreshAccessToken: async () => tokens.accessToken,
      maxRetries: 1,
    });
    const me = await getMe(graph);
    return {
      displayName: me.displayName ?? fallback.displayName,
      mail: me.mail ?? me.userPrincipalName ?? fallback.mail,
      jobTitle: me.jobTitle ?? null,
    };
  } catch {
    return fallback;
  }
}

/**
 * One Microsoft connection per user: connecting again (another account, new consent) renews the
 * same row. An account already linked to another Atempo user is refused: sign-in must name one user.
 */
async function saveMicrosoftConnection(
  ctx: Ctx,
  organizationId: string,
  userId: string,
  tokens: TokenSet,
  claims: MicrosoftIdentityClaims,
  profile: TMicrosoftUser,
): Promise<connections.ConnectionRow> {
  const accountId = accountIdOf(claims);
  const owner = await connections.findConnectionByAccount(ctx.db, 'microsoft', accountId);
  if (owner && owner.userId !== userId) {
    throw conflict('This Microsoft account is already connected to another Atempo user.', 'ACCOUNT_IN_USE');
  }
  const mine = await connections.findUserConnection(ctx.db, organizationId, userId, 'microsoft');
  const id = mine?.id ?? randomUUID();
  const cipher = secretsCipher(ctx.config);
  const values = {
    accountId,
    email: profile.mail,
    displayName: profile.displayName,
    jobTitle: profile.jobTitle,
    scopes: tokens.scopes || MICROSOFT_SCOPES.join(' '),
    accessTokenCipher: cipher.seal(tokens.accessToken, id),
    refreshTokenCipher: tokens.refreshToken ? cipher.seal(tokens.refreshToken, id) : null,
    accessTokenExpiresAt: tokens.expiresAt,
  };
  if (mine) return connections.replaceConnection(ctx.db, id, values);
  return connections.saveConnection(ctx.db, { id, organizationId, userId, provider: 'microsoft', ...values });
}
