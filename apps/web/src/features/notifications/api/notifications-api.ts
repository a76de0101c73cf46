import type { TNotificationListResponse } from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The menu shows the newest page; the unread count covers all. */
export const NOTIFICATIONS_PAGE = 10;
/** New alerts appear without a reload: the menu asks again every minute. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsKey = ['notifications'] as const;

export const fetchNotifications = (signal?: AbortSignal) =>
  api.get<TNotificationListResponse>(`/notifications?limit=${NOTIFICATIONS_PAGE}`, { signal });

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => fetchNotifications(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    // A failed poll is only logged (spec 01 §8): the bell stays, without a count.
    retry: 1,
  });

export const markNotificationRead = (id: string) =>
  api.post<{ success: true }>(`/notifications/${encodeURIComponent(id)}/read`);

export const markAllNotificationsRead = () =>
  api.post<{ success: true; marked_read: number }>('/notifications/read-all');
