import type { TSubscriptionTier } from '@atempo/contracts';
import { type Database, organizations } from '@atempo/db';
import { count, eq, like, or } from 'drizzle-orm';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function findOrganizationById(db: Database, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function findOrganizationBySlug(
  db: Database,
  slug: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  return row;
}

/** Slugs equal to `base` or starting with `base-`: the candidates a new slug could clash with. */
export async function slugsLike(db: Database, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(or(eq(organizations.slug, base), like(organizations.slug, `${base}-%`)));
  return new Set(rows.map((row) => row.slug));
}

export async function insertOrganization(
  db: Database,
  values: { name: string; slug: string; subscriptionTier: TSubscriptionTier },
): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

export async function updateOrganizationName(
  db: Database,
  id: string,
  name: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ name, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row;
}

/** Row lock that serialises membership changes of one organisation (the last-admin rule). */
export async function lockOrganization(db: Database, id: string): Promise<void> {
  await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).for('update');
}

export async function countOrganizations(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(organizations);
  return row?.total ?? 0;
}
