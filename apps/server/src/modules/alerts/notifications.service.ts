import {
  IMPACT_LEVELS,
  type TImpactLevel,
  type TNotification,
  type TNotificationListQuery,
  type TNotificationListResponse,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import * as repository from './notifications.repository.ts';

type Row = Awaited<ReturnType<typeof repository.listNotifications>>['rows'][number];

function toNotification({ notification, companyId, impactLevel }: Row): TNotification {
  return {
    id: notification.id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    signal_id: notification.signalId,
    company_id: companyId ?? null,
    impact_level:
      impactLevel && (IMPACT_LEVELS as readonly string[]).includes(impactLevel)
        ? (impactLevel as TImpactLevel)
        : null,
    read: notification.readAt !== null,
    created_at: notification.createdAt.toISOString(),
  };
}

export async function listNotifications(
  db: Database,
  caller: { organizationId: string; userId: string },
  query: TNotificationListQuery,
): Promise<TNotificationListResponse> {
  const unreadOnly = query.unread_only === 'true';
  const [page, unread] = await Promise.all([
    repository.listNotifications(db, caller.organizationId, caller.userId, {
      limit: query.limit,
      offset: query.offset,
      unreadOnly,
    }),
    repository.countUnread(db, caller.organizationId, caller.userId),
  ]);
  return {
    notifications: page.rows.map(toNotification),
    unread_count: unread,
    total: page.total,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function markRead(db: Database, caller: { organizationId: string; userId: string }, id: string) {
  if (!(await repository.markRead(db, caller.organizationId, caller.userId, id))) {
    throw notFound('Notification not found', 'NOTIFICATION_NOT_FOUND');
  }
}

export const markAllRead = (db: Database, caller: { organizationId: string; userId: string }) =>
  repository.markAllRead(db, caller.organizationId, caller.userId);
