import type {
  TAuthResponse,
  TLoginRequest,
  TRegisterOrganizationRequest,
  TRegisterUserRequest,
} from '@atempo/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import {
  hashToken,
  issueRefreshToken,
  type RefreshLifetimes,
  revokeSessionOf,
  rotateRefreshToken,
} from '../../platform/tokens.ts';
import * as organizations from '../organizations/index.ts';
import * as users from '../users/index.ts';
import {
  assertLoginAllowed,
  clearAccountFailures,
  recordLoginFailure,
  throttleKeys,
} from './login-throttle.ts';
import { SEND_PASSWORD_RESET_EMAIL } from './password-reset-email.job.ts';
import { consumeResetToken, retireResetTokens } from './password-resets.repository.ts';

type Ctx = Pick<AppContext, 'config' | 'db' | 'accessTokens' | 'jobs'>;

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a reset link has been sent.';

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
const invalidRefreshToken = () =>
  new AppError(401, 'INVALID_REFRESH_TOKEN', 'Your session has ended; please sign in again');
const invalidResetToken = () =>
  new AppError(400, 'INVALID_RESET_TOKEN', 'This reset link is invalid or has expired.');

function lifetimes(ctx: Ctx): RefreshLifetimes {
  return {
    rememberSeconds: ctx.config.refreshTokenTtlRememberSeconds,
    defaultSeconds: ctx.config.refreshTokenTtlSeconds,
  };
}

async function authResponse(
  ctx: Ctx,
  user: users.UserRow,
  organization: organizations.OrganizationRow,
  refreshToken: string,
): Promise<TAuthResponse> {
  return {
    access_token: await ctx.accessTokens.sign({
      userId: user.id,
      organizationId: organization.id,
      role: user.role,
    }),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ctx.accessTokens.ttlSeconds,
    user: users.toUser(user),
    organization: organizations.toOrganization(organization),
  };
}

async function startSession(
  ctx: Ctx,
  user: users.UserRow,
  organization: organizations.OrganizationRow,
  rememberMe: boolean,
): Promise<TAuthResponse> {
  const refreshToken = await issueRefreshToken(ctx.db, {
    userId: user.id,
    rememberMe,
    lifetimes: lifetimes(ctx),
  });
  return authResponse(ctx, user, organization, refreshToken);
}

/**
 * Unknown email, wrong password and wrong organisation all get the same answer, after the same
 * amount of work; the throttle is checked before any password is.
 */
export async function login(ctx: Ctx, input: TLoginRequest, ip: string): Promise<TAuthResponse> {
  const settings = {
    maxFailuresPerAccount: ctx.config.loginMaxFailuresPerAccount,
    maxFailuresPerIp: ctx.config.loginMaxFailuresPerIp,
    windowSeconds: ctx.config.loginThrottleWindowSeconds,
  };
  const keys = throttleKeys(ip, input.email);
  await assertLoginAllowed(ctx.db, keys, settings);
  const user = await users.authenticate(ctx.db, input.email, input.password);
  const organization = user ? await organizations.getOrganization(ctx.db, user.organizationId) : undefined;
  const wrongOrganization =
    Boolean(input.organization_slug) && organization?.slug !== input.organization_slug;
  if (!user || !organization || wrongOrganization) {
    await recordLoginFailure(ctx.db, keys, settings);
    throw invalidCredentials();
  }
  await clearAccountFailures(ctx.db, keys);
  return startSession(ctx, user, organization, input.remember_me ?? false);
}

/**
 * The organisation, its admin and the first session commit together: a registration that answers
 * an error leaves no account behind (the reads and password hash before the inserts hold no locks).
 */
export async function registerOrganization(
  ctx: Ctx,
  input: TRegisterOrganizationRequest,
): Promise<TAuthResponse> {
  return ctx.db.transaction(async (tx) => {
    const { organization, user } = await organizations.createOrganizationWithAdmin(tx, input);
    return startSession({ ...ctx, db: tx }, user, organization, false);
  });
}

/**
 * A session for a user whose identity an outside provider has just proved (Sign in with
 * Microsoft): Atempo's own tokens, never the provider's.
 */
export async function signInVerifiedUser(ctx: Ctx, userId: string): Promise<TAuthResponse> {
  const user = await users.getUser(ctx.db, userId);
  const organization = await organizations.getOrganization(ctx.db, user.organizationId);
  return startSession(ctx, user, organization, false);
}

/** The new member, the accepted invitation and the first session commit together. */
export async function registerUser(ctx: Ctx, input: TRegisterUserRequest): Promise<TAuthResponse> {
  return ctx.db.transaction(async (tx) => {
    const { organization, user } = await organizations.joinOrganization(tx, input);
    return startSession({ ...ctx, db: tx }, user, organization, false);
  });
}

export async function refresh(ctx: Ctx, refreshToken: string): Promise<TAuthResponse> {
  const result = await rotateRefreshToken(ctx.db, refreshToken, lifetimes(ctx));
  if (result.kind === 'reused') {
    throw new AppError(401, 'TOKEN_REUSE', 'Refresh token reuse detected; please sign in again');
  }
  if (result.kind !== 'rotated') throw invalidRefreshToken();
  const user = await users.getUser(ctx.db, result.userId);
  const organization = await organizations.getOrganization(ctx.db, user.organizationId);
  return authResponse(ctx, user, organization, result.token);
}

export async function logout(ctx: Ctx, userId: string, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeSessionOf(ctx.db, userId, refreshToken);
}

/** Queues the reset email when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, email);
  if (user) await ctx.jobs.send(SEND_PASSWORD_RESET_EMAIL, { userId: user.id });
}

/** Uses a reset link once: new password, every session signed out, every other link retired. */
export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const userId = await consumeResetToken(tx, hashToken(token), now);
    if (!userId) throw invalidResetToken();
    await users.replacePassword(tx, userId, passwordHash);
    await retireResetTokens(tx, userId, now);
  });
}
