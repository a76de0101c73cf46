import { type Database, integrationConnections } from '@atempo/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';

export type ConnectionRow = typeof integrationConnections.$inferSelect;

/** What the callers may write; the token ciphertexts are sealed by the service beforehand. */
export interface ConnectionValues {
  id: string;
  organizationId: string;
  userId: string | null;
  provider: string;
  accountId: string;
  email: string | null;
  displayName: string | null;
  jobTitle: string | null;
  scopes: string;
  accessTokenCipher: string | null;
  refreshTokenCipher: string | null;
  accessTokenExpiresAt: Date | null;
}

/** A connection of the organisation by its id (another organisation's id is not found). */
export async function findConnection(
  db: Database,
  organizationId: string,
  id: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.organizationId, organizationId), eq(integrationConnections.id, id)));
  return row;
}

/** By id alone: only for the token refresher, which got the id from a tenant-checked read. */
export async function findConnectionById(db: Database, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(integrationConnections).where(eq(integrationConnections.id, id));
  return row;
}

export async function findUserConnection(
  db: Database,
  organizationId: string,
  userId: string,
  provider: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(
      and(
        eq(integrationConnections.organizationId, organizationId),
        eq(integrationConnections.userId, userId),
        eq(integrationConnections.provider, provider),
      ),
    );
  return row;
}

/** The caller's connections to the given providers (the status and catalogue read them together). */
export async function userConnections(
  db: Database,
  organizationId: string,
  userId: string,
  providers: readonly string[],
): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(integrationConnections)
    .where(
      and(
        eq(integrationConnections.organizationId, organizationId),
        eq(integrationConnections.userId, userId),
        inArray(integrationConnections.provider, [...providers]),
      ),
    );
}

/** The organisation-wide connection of a provider that takes an API key (Affinity). */
export async function findOrganizationConnection(
  db: Database,
  organizationId: string,
  provider: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(
      and(
        eq(integrationConnections.organizationId, organizationId),
        isNull(integrationConnections.userId),
        eq(integrationConnections.provider, provider),
      ),
    );
  return row;
}

/** Whoever this outside account is linked to, in any organisation: Sign in with Microsoft asks. */
export async function findConnectionByAccount(
  db: Database,
  provider: string,
  accountId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(
      and(eq(integrationConnections.provider, provider), eq(integrationConnections.accountId, accountId)),
    );
  return row;
}

/** Stores a fresh connection, or renews the user's existing one for this provider (same row id). */
export async function saveConnection(db: Database, values: ConnectionValues): Promise<ConnectionRow> {
  const [row] = await db.insert(integrationConnections).values(values).returning();
  return row!;
}

export async function replaceConnection(
  db: Database,
  id: string,
  values: Omit<ConnectionValues, 'id' | 'organizationId' | 'userId' | 'provider'>,
): Promise<ConnectionRow> {
  const [row] = await db
    .update(integrationConnections)
    .set({ ...values, status: 'active', statusReason: null, updatedAt: new Date() })
    .where(eq(integrationConnections.id, id))
    .returning();
  return row!;
}

/**
 * Takes the connection's row lock for the rest of the transaction: one refresh at a time per
 * connection, across processes.
 */
export async function lockConnection(db: Database, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(eq(integrationConnections.id, id))
    .for('update');
  return row;
}

export async function storeRefreshedTokens(
  db: Database,
  id: string,
  tokens: { accessTokenCipher: string; refreshTokenCipher: string | null; accessTokenExpiresAt: Date },
): Promise<void> {
  await db
    .update(integrationConnections)
    .set({
      accessTokenCipher: tokens.accessTokenCipher,
      // A provider that does not rotate answers no refresh token: the old one stays.
      ...(tokens.refreshTokenCipher ? { refreshTokenCipher: tokens.refreshTokenCipher } : {}),
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      status: 'active',
      statusReason: null,
      updatedAt: new Date(),
    })
    .where(eq(integrationConnections.id, id));
}

export async function setConnectionStatus(
  db: Database,
  id: string,
  status: 'active' | 'needs_reconnect' | 'error',
  reason: string | null,
): Promise<void> {
  await db
    .update(integrationConnections)
    .set({ status, statusReason: reason, updatedAt: new Date() })
    .where(eq(integrationConnections.id, id));
}

export async function markSynced(db: Database, id: string, at: Date): Promise<void> {
  await db.update(integrationConnections).set({ lastSyncAt: at }).where(eq(integrationConnections.id, id));
}

export async function deleteConnection(db: Database, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(integrationConnections)
    .where(and(eq(integrationConnections.organizationId, organizationId), eq(integrationConnections.id, id)))
    .returning({ id: integrationConnections.id });
  return rows.length > 0;
}
