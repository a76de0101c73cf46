import { type Database, theses } from '@atempo/db';
import { eq } from 'drizzle-orm';

export async function findThesisConfig(db: Database, organizationId: string): Promise<unknown | undefined> {
  const [row] = await db
    .select({ config: theses.config })
    .from(theses)
    .where(eq(theses.organizationId, organizationId));
  return row?.config;
}

export async function upsertThesis(
  db: Database,
  values: { organizationId: string; config: unknown; updatedBy: string },
): Promise<void> {
  const now = new Date();
  await db
    .insert(theses)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: theses.organizationId,
      set: { config: values.config, updatedBy: values.updatedBy, updatedAt: now },
    });
}
