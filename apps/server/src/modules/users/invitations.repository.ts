import type { TRole } from '@atempo/contracts';
import { type Database, invitations, users } from '@atempo/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationWithInviter = InvitationRow & { inviterName: string | null };

/** Open means: not accepted, not revoked, not expired. */
const isOpen = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

const inviterName = users.firstName;

async function withInviter(db: Database, where: ReturnType<typeof and>): Promise<InvitationWithInviter[]> {
  const rows = await db
    .select({ invitation: invitations, firstName: inviterName, lastName: users.lastName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(where)
    .orderBy(asc(invitations.createdAt));
  return rows.map((row) => ({
    ...row.invitation,
    inviterName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
  }));
}

export async function findOpenInvitation(
  db: Database,
  organizationId: string,
  email: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), isOpen(now)))
    .orderBy(asc(invitations.createdAt))
    .limit(1);
  return row;
}

export async function findInvitationWithInviter(
  db: Database,
  organizationId: string,
  id: string,
): Promise<InvitationWithInviter | undefined> {
  const [row] = await withInviter(
    db,
    and(eq(invitations.organizationId, organizationId), eq(invitations.id, id)),
  );
  return row;
}

export async function listOpenInvitations(
  db: Database,
  organizationId: string,
  now: Date,
): Promise<InvitationWithInviter[]> {
  return withInviter(db, and(eq(invitations.organizationId, organizationId), isOpen(now)));
}

export async function insertInvitation(
  db: Database,
  values: { organizationId: string; email: string; role: TRole; invitedBy: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

export async function renewInvitation(
  db: Database,
  id: string,
  values: { role: TRole; invitedBy: string; expiresAt: Date },
): Promise<void> {
  await db.update(invitations).set(values).where(eq(invitations.id, id));
}

export async function revokeOpenInvitation(
  db: Database,
  organizationId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id), isOpen(now)))
    .returning({ id: invitations.id });
  return revoked.length > 0;
}

/** Marks an invitation used; false when someone used or revoked it first. */
export async function acceptInvitation(db: Database, id: string, now: Date): Promise<boolean> {
  const accepted = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, id), isOpen(now)))
    .returning({ id: invitations.id });
  return accepted.length > 0;
}
