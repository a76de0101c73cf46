import { type Database, marketSignals, notifications } from '@atempo/db';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';

/** What the menu shows: in-app notifications (email-only delivery records stay out of it). */
const IN_APP_KINDS = sql`${notifications.kind} <> 'signal_alert_email'`;

function mine(organizationId: string, userId: string): SQL {
  return and(
    eq(notifications.organizationId, organizationId),
    eq(notifications.userId, userId),
    IN_APP_KINDS,
  )!;
}

export async function listNotifications(
  db: Database,
  organizationId: string,
  userId: string,
  page: { limit: number; offset: number; unreadOnly: boolean },
) {
  const where = page.unreadOnly
    ? and(mine(organizationId, userId), isNull(notifications.readAt))!
    : mine(organizationId, userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        notification: notifications,
        companyId: marketSignals.companyId,
        impactLevel: marketSignals.impactLevel,
      })
      .from(notifications)
      .leftJoin(marketSignals, eq(marketSignals.id, notifications.signalId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .where(where),
  ]);
  return { rows, total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) };
}

export async function countUnread(db: Database, organizationId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(mine(organizationId, userId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/** Marks one of the user's notifications read (kept read if it already was); false when not theirs. */
export async function markRead(
  db: Database,
  organizationId: string,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(mine(organizationId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, organizationId: string, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(organizationId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
