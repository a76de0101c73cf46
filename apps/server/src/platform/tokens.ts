import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@atempo/db';
import { refreshTokens } from '@atempo/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';

/** An opaque secret for the caller: 32 random bytes, base64url. Only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface RefreshLifetimes {
  rememberSeconds: number;
  defaultSeconds: number;
}

function expiryFor(rememberMe: boolean, lifetimes: RefreshLifetimes, now: Date): Date {
  const seconds = rememberMe ? lifetimes.rememberSeconds : lifetimes.defaultSeconds;
  return new Date(now.getTime() + seconds * 1000);
}

/** Starts a new session (a new token family) and returns the token to hand to the client. */
export async function issueRefreshToken(
  db: Database,
  input: { userId: string; rememberMe: boolean; lifetimes: RefreshLifetimes },
): Promise<string> {
  const token = newOpaqueToken();
  const now = new Date();
  await db.insert(refreshTokens).values({
    userId: input.userId,
    familyId: randomUUID(),
    tokenHash: hashToken(token),
    rememberMe: input.rememberMe,
    createdAt: now,
    expiresAt: expiryFor(input.rememberMe, input.lifetimes, now),
  });
  return token;
}

export type RotationResult =
  | { kind: 'rotated'; token: string; userId: string }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'reused' };

/**
 * Exchanges a refresh token for a new one in the same family. A token that was already exchanged
 * means a copy leaked: the whole family is revoked, so both the thief's and the owner's copies die.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  lifetimes: RefreshLifetimes,
): Promise<RotationResult> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row || row.revokedAt) return { kind: 'invalid' };
    if (row.rotatedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { kind: 'reused' };
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
    const token = newOpaqueToken();
    await tx.insert(refreshTokens).values({
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashToken(token),
      rememberMe: row.rememberMe,
      createdAt: now,
      expiresAt: expiryFor(row.rememberMe, lifetimes, now),
    });
    return { kind: 'rotated', token, userId: row.userId };
  });
}

/** The family a token belongs to, if it is one of this user's tokens. */
export async function familyOf(
  db: Database,
  userId: string,
  token: string | undefined,
): Promise<string | null> {
  if (!token) return null;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashToken(token)), eq(refreshTokens.userId, userId)));
  return row?.familyId ?? null;
}

/** Signs out the session a token belongs to. */
export async function revokeSessionOf(db: Database, userId: string, token: string): Promise<boolean> {
  const familyId = await familyOf(db, userId, token);
  if (!familyId) return false;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  return true;
}

/**
 * Signs out every session of a user except the one holding `keepToken` (when given and valid).
 * Returns how many live sessions were ended.
 */
export async function revokeSessionsOfUser(
  db: Database,
  userId: string,
  options: { keepToken?: string } = {},
): Promise<number> {
  const keepFamily = await familyOf(db, userId, options.keepToken);
  const now = new Date();
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamily ? ne(refreshTokens.familyId, keepFamily) : sql`true`,
      ),
    )
    .returning({ rotatedAt: refreshTokens.rotatedAt, expiresAt: refreshTokens.expiresAt });
  // Each live session is the one unrotated, unexpired token of its family.
  return revoked.filter((row) => row.rotatedAt === null && row.expiresAt.getTime() > now.getTime()).length;
}
