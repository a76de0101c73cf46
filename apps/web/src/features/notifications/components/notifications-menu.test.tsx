import type { TNotification, TNotificationListResponse } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { notificationTime } from './notification-time.ts';
import { countLabel } from './notifications-menu.tsx';

const COMPANY = '0b7c1f0e-8a55-4a7c-9c1e-0b1f0d9a0101';

function makeNotification(overrides: Partial<TNotification>): TNotification {
  return {
    id: crypto.randomUUID(),
    kind: 'signal_alert',
    title: 'Ledgerly raised €30M in a Series B round',
    body: 'Ledgerly raises €30M — Fintech, France',
    link: `/companies/${COMPANY}`,
    signal_id: crypto.randomUUID(),
    company_id: COMPANY,
    impact_level: 'high',
    read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A fake server whose notifications change as the menu marks them read. */
function serverWith(initial: TNotification[]) {
  let items = initial;
  const list = (): TNotificationListResponse => ({
    notifications: items,
    unread_count: items.filter((n) => !n.read).length,
    total: items.length,
    limit: 10,
    offset: 0,
  });
  const readRoutes = Object.fromEntries(
    initial.map((item) => [
      `POST /notifications/${item.id}/read`,
      () => {
        items = items.map((n) => (n.id === item.id ? { ...n, read: true } : n));
        return jsonResponse(200, { success: true });
      },
    ]),
  );
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /notifications': () => jsonResponse(200, list()),
    'POST /notifications/read-all': () => {
      const marked = items.filter((n) => !n.read).length;
      items = items.map((n) => ({ ...n, read: true }));
      return jsonResponse(200, { success: true, marked_read: marked });
    },
    ...readRoutes,
  });
}

describe('Notifications menu', () => {
  it('shows the unread count on the bell and lists the newest notifications', async () => {
    storeSession();
    const server = serverWith([
      makeNotification({ title: 'Ledgerly just raised €30M: time to offer a facility' }),
      makeNotification({ title: 'Older alert', read: true, impact_level: 'medium' }),
    ]);
    renderApp('/profile', server);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 15_000 });
    expect(within(bell).getByText('1')).toBeInTheDocument();
    await userEvent.setup().click(bell);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      `/companies/${COMPANY}`,
      `/companies/${COMPANY}`,
      null,
    ]);
    expect(items[0]).toHaveTextContent('Unread: Ledgerly just raised €30M: time to offer a facility');
    expect(items[0]).toHaveTextContent('high impact');
    expect(items[0]).toHaveTextContent('5 min ago');
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(items[2]).toHaveTextContent('Mark all read');
  });

  it('marks all read and the count goes away', async () => {
    storeSession();
    const server = serverWith([makeNotification({}), makeNotification({ title: 'Second' })]);
    renderApp('/profile', server);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 15_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all read' }));
    await waitFor(() => expect(server.callsTo('POST', '/notifications/read-all')).toHaveLength(1));
    // The menu stays open and turns read; the bell loses its count.
    expect(await within(screen.getByRole('menu')).findByText('All read')).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-count')).not.toBeInTheDocument();
    expect(within(screen.getByRole('menu')).queryByText(/Unread:/)).not.toBeInTheDocument();
  });

  it('marks one read when it is opened, and leads to its company', async () => {
    storeSession();
    const first = makeNotification({});
    const server = serverWith([first]);
    const { router } = renderApp('/profile', server);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 15_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: /Ledgerly raised/ }));
    await waitFor(() => expect(server.callsTo('POST', `/notifications/${first.id}/read`)).toHaveLength(1));
    // The company screen loads lazily: the location changes once it has.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/companies/${COMPANY}`));
  });

  it('shows an empty state and no count when there is nothing', async () => {
    storeSession();
    renderApp('/profile', serverWith([]));
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Notifications' }, { timeout: 15_000 }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });
});

describe('labels', () => {
  it('caps the count and words the time', () => {
    expect(countLabel(7)).toBe('7');
    expect(countLabel(120)).toBe('99+');
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(notificationTime('2026-03-10T11:59:40Z', now)).toBe('just now');
    expect(notificationTime('2026-03-10T09:00:00Z', now)).toBe('3 h ago');
    expect(notificationTime('2026-03-09T11:00:00Z', now)).toBe('1 day ago');
    expect(notificationTime('2026-02-01T12:00:00Z', now)).toBe('1 Feb 2026');
  });
});
