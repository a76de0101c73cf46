import { type Database, monitoringSubscriptions } from '@atempo/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

export type MonitoringSubscriptionRow = typeof monitoringSubscriptions.$inferSelect;

/** One subscription per user and organisation: starting again replaces what it covers. */
export async function upsertSubscription(
  db: Database,
  values: { organizationId: string; userId: string; portfolioCompanies: string[]; sectors: string[] },
): Promise<MonitoringSubscriptionRow> {
  const [row] = await db
    .insert(monitoringSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [monitoringSubscriptions.organizationId, monitoringSubscriptions.userId],
      set: { portfolioCompanies: values.portfolioCompanies, sectors: values.sectors, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function findSubscription(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<MonitoringSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(monitoringSubscriptions)
    .where(
      and(
        eq(monitoringSubscriptions.organizationId, organizationId),
        eq(monitoringSubscriptions.userId, userId),
      ),
    );
  return row;
}

export async function deleteSubscription(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db
    .delete(monitoringSubscriptions)
    .where(
      and(
        eq(monitoringSubscriptions.organizationId, organizationId),
        eq(monitoringSubscriptions.userId, userId),
      ),
    );
}

export interface DueSubscriptionRow {
  id: string;
  organizationId: string;
  userId: string;
  portfolioCompanies: string[];
  sectors: string[];
}

/** Subscriptions whose brief has not gone out since `sentBefore`, by organisation. */
export async function listDueSubscriptionRows(db: Database, sentBefore: Date): Promise<DueSubscriptionRow[]> {
  const rows = await db
    .select({
      id: monitoringSubscriptions.id,
      organizationId: monitoringSubscriptions.organizationId,
      userId: monitoringSubscriptions.userId,
      portfolioCompanies: monitoringSubscriptions.portfolioCompanies,
      sectors: monitoringSubscriptions.sectors,
    })
    .from(monitoringSubscriptions)
    .where(or(isNull(monitoringSubscriptions.lastSentAt), lt(monitoringSubscriptions.lastSentAt, sentBefore)))
    .orderBy(monitoringSubscriptions.organizationId);
  return rows.map((row) => ({
    ...row,
    portfolioCompanies: (row.portfolioCompanies as string[]) ?? [],
    sectors: (row.sectors as string[]) ?? [],
  }));
}

export async function markSent(db: Database, id: string, at: Date): Promise<void> {
  await db
    .update(monitoringSubscriptions)
    .set({ lastSentAt: at, updatedAt: sql`now()` })
    .where(eq(monitoringSubscriptions.id, id));
}
