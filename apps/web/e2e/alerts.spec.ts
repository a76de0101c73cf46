import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Alerts end to end: watch a company, let a scan find a signal about it, see the bell count and
 * the notification, follow it to the company, and the count goes.
 *
 * The signal here comes from the company's IPO flag, because this branch has no route that
 * ingests an announcement. Once POST /signals/funding-intelligence/process is merged, the spec
 * should post an article for the company instead and expect its funding_round alert.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

test('a watched company with a new signal rings the bell', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Alerts'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  const created = await request.post(`${E2E_BASE_URL}/api/v1/companies`, {
    headers,
    data: {
      name: 'Helio Payments',
      industry: 'Fintech',
      headquarters_country: 'United Kingdom',
      stage: 'Series B',
      ipo_signals: true,
    },
  });
  expect(created.status()).toBe(201);
  const company = (await created.json()) as { id: string };

  await openSignedIn(page, E2E_BASE_URL, auth, '/companies');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Watch Helio Payments' }).click();
  await expect(page.getByRole('button', { name: 'Watch Helio Payments' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const scan = await request.post(`${E2E_BASE_URL}/api/v1/intelligence/scan`, { headers });
  expect(scan.status()).toBe(202);
  const { execution_id } = (await scan.json()) as { execution_id: string };
  await expect
    .poll(
      async () => {
        const status = await request.get(`${E2E_BASE_URL}/api/v1/agents/workflows/${execution_id}/status`, {
          headers,
        });
        return ((await status.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');

  // The menu polls every minute; a reload shows the new count at once.
  await page.reload();
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notifications-count')).toHaveText('1');
  await bell.click();
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitem', { name: /Helio Payments shows IPO signals/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('high impact');
  await shoot(page, 'notifications-menu');

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));
  await expect(page.getByRole('heading', { name: 'Helio Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByTestId('notifications-count')).toHaveCount(0);

  // The watchlist entry's alert settings: threshold, signal types and channels.
  await page.getByRole('button', { name: 'Alert settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alerts for Helio Payments' });
  const threshold = dialog.getByLabel('Alert threshold (%)');
  await expect(threshold).toHaveValue('70');
  await threshold.fill('50');
  await dialog.getByLabel('Other signals').uncheck();
  await dialog.getByLabel('Slack (the organisation’s channel)').check();
  await shoot(page, 'watchlist-alert-settings');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const watchlist = await request.get(`${E2E_BASE_URL}/api/v1/signals/watchlist`, { headers });
  expect(((await watchlist.json()) as { watchlist: unknown[] }).watchlist).toEqual([
    expect.objectContaining({
      alert_threshold: 0.5,
      signal_types: ['ipo_signal', 'market_opportunity', 'funding_round', 'competitive_threat'],
      notification_preferences: { email: true, slack: true, in_app: true },
    }),
  ]);
});
