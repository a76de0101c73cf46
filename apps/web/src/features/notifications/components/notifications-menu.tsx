import type { TNotification } from '@atempo/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationsKey,
  notificationsQuery,
} from '../api/notifications-api.ts';
import { notificationTime } from './notification-time.ts';

const itemClasses =
  'flex cursor-pointer gap-3 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100';

const IMPACT_TONE: Record<string, string> = {
  high: 'bg-red-50 text-red-700 ring-red-200',
  medium: 'bg-amber-50 text-amber-800 ring-amber-200',
  low: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** "3" up to 99, then "99+". */
export const countLabel = (count: number) => (count > 99 ? '99+' : String(count));

function NotificationItem({ notification, onOpen }: { notification: TNotification; onOpen: () => void }) {
  return (
    <DropdownMenu.Item asChild className={itemClasses} onSelect={onOpen}>
      <Link to={notification.link ?? '/'}>
        <span
          aria-hidden="true"
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            notification.read ? 'bg-transparent' : 'bg-indigo-600',
          )}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-slate-900', !notification.read && 'font-semibold')}>
            {!notification.read && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          {notification.body && (
            <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600">{notification.body}</span>
          )}
          <span className="mt-1 flex items-center gap-2 text-xs text-slate-500">
            {notification.impact_level && (
              <span
                className={cn(
                  'rounded px-1.5 py-0.5 font-medium capitalize ring-1 ring-inset',
                  IMPACT_TONE[notification.impact_level],
                )}
              >
                {notification.impact_level} impact
              </span>
            )}
            <time dateTime={notification.created_at}>{notificationTime(notification.created_at)}</time>
          </span>
        </span>
      </Link>
    </DropdownMenu.Item>
  );
}

/**
 * The top-bar bell: the unread count, and a menu of the newest notifications (alerts from the
 * watchlist), each leading to its company and marked read when opened. Polled every minute.
 */
export function NotificationsMenu() {
  const queryClient = useQueryClient();
  const { data } = useQuery(notificationsQuery());
  const unread = data?.unread_count ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey });
  const readOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const notifications = data?.notifications ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={label}
        className={cn(
          'relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          focusRing,
        )}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {countLabel(unread)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-96 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="flex items-center justify-between px-2.5 py-2">
            <p className="text-sm font-semibold text-slate-900">Notifications</p>
            <p className="text-xs text-slate-500">{unread > 0 ? `${unread} unread` : 'All read'}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {notifications.length === 0 ? (
            <p className="px-2.5 py-6 text-center text-sm text-slate-500">
              No notifications yet. Watch a company to be alerted when it raises.
            </p>
          ) : (
            <div className="max-h-96 overflow-y-auto">
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onOpen={() => {
                    if (!notification.read) readOne.mutate(notification.id);
                  }}
                />
              ))}
            </div>
          )}
          {unread > 0 && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              <DropdownMenu.Item
                className={cn(itemClasses, 'items-center text-indigo-700')}
                onSelect={(event) => {
                  // The menu stays open so the reader sees everything turn read.
                  event.preventDefault();
                  readAll.mutate();
                }}
              >
                <CheckCheck aria-hidden="true" className="size-4" />
                Mark all read
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
