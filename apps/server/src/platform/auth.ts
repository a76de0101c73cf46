import { API_KEY_PREFIX } from '@atempo/contracts';
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError, forbidden } from './errors.ts';
import type { CallerDirectory, Principal } from './ports.ts';

export type { Principal } from './ports.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const notAuthenticated = () =>
  new AppError(401, 'UNAUTHENTICATED', 'Not authenticated', { 'WWW-Authenticate': 'Bearer' });
const tokenExpired = () =>
  new AppError(401, 'TOKEN_EXPIRED', 'Token expired', {
    'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The access token expired"',
  });
const apiKeyExpired = () =>
  new AppError(401, 'TOKEN_EXPIRED', 'API key expired', {
    'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The API key expired"',
  });

export interface AccessTokens {
  /** Seconds an access token lives; the auth response reports it as expires_in. */
  ttlSeconds: number;
  sign(principal: Principal): Promise<string>;
  verify(token: string): Promise<Principal>;
}

const ISSUER = 'atempo';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const AUDIENCE = 'atempo-api';
/** Verified access tokens remembered per process (about 200 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify, which
  // cost more than the HMAC itself on each authenticated request (decision 019).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature and claims check out the same every time until it expires, and a client
  // sends the same token for many requests: verified tokens are remembered (the oldest forgotten
  // first) and only their expiry is checked again. The caller's membership and role are still
  // read from the database on every request (createGuards).
  const verified = new Map<string, { principal: Principal; expiresAt: number }>();
  return {
    ttlSeconds,
    sign: async (principal) =>
      new SignJWT({ org: principal.organizationId, role: principal.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(principal.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt <= Math.floor(Date.now() / 1000)) {
          verified.delete(token);
          throw tokenExpired();
        }
        return known.principal;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const { sub, org, role, exp } = payload;
        if (!isUuid(sub) || !isUuid(org) || (role !== 'admin' && role !== 'member') || exp === undefined) {
          throw notAuthenticated();
        }
        const principal: Principal = { userId: sub, organizationId: org, role };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, { principal, expiresAt: exp });
        return principal;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw tokenExpired();
        throw notAuthenticated();
      }
    },
  };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export interface Guards {
  /**
   * onRequest hook: a valid access token or personal API key of a user who still exists; sets
   * request.principal.
   */
  requireAuth(request: FastifyRequest): Promise<void>;
  /** onRequest hook: requireAuth, and the user is an admin of their organisation. */
  requireAdmin(request: FastifyRequest): Promise<void>;
}

/**
 * The token proves who signed in; the role and membership come from the database on every call,
 * so removing a user or changing a role takes effect at once rather than when the token expires.
 * A bearer starting with `atp_` is a personal API key (looked up by its hash) and stands for its
 * user wherever an access token does.
 */
export function createGuards(tokens: AccessTokens, callers: CallerDirectory): Guards {
  const { lookupCaller, verifyApiKey } = callers;
  async function requireAuth(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw notAuthenticated();
    if (token.startsWith(API_KEY_PREFIX)) {
      const verdict = await verifyApiKey(token);
      if (verdict.kind === 'expired') throw apiKeyExpired();
      if (verdict.kind !== 'ok') throw notAuthenticated();
      request.principal = verdict.principal;
      return;
    }
    const claims = await tokens.verify(token);
    const user = await lookupCaller(claims.userId);
    if (!user || user.organizationId !== claims.organizationId) throw notAuthenticated();
    request.principal = { userId: claims.userId, organizationId: user.organizationId, role: user.role };
  }
  return {
    requireAuth,
    requireAdmin: async (request) => {
      await requireAuth(request);
      if (request.principal?.role !== 'admin') throw forbidden();
    },
  };
}

/** The caller of a route guarded by requireAuth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
}
