import type { TRole } from '@atempo/contracts';
import { type Database, users } from '@atempo/db';
import { and, asc, count, eq } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserInOrganization(
  db: Database,
  organizationId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
  return row;
}

export async function insertUser(
  db: Database,
  values: {
    organizationId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role: TRole;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'onboardingCompleted' | 'passwordHash' | 'role'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function listUsersOfOrganization(db: Database, organizationId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.createdAt), asc(users.email));
}

export async function countAdmins(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ admins: count() })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin')));
  return row?.admins ?? 0;
}

export async function deleteUserInOrganization(
  db: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)))
    .returning({ id: users.id });
  return deleted.length > 0;
}

/** Holds the user's row until the transaction ends (SELECT … FOR UPDATE), to serialise work per user. */
export async function lockUser(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
