import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Alerts end to end through the real ingest: watch a company, post an article about its round to
 * POST /signals/funding-intelligence/process, wait for the signal scan that call queues, then see
 * the bell count and the notification, follow it to the company, and the count goes.
 *
 * The scan links the round to the watched company by name (any case) and derives a funding_round
 * signal whose relevance comes from the thesis. The alert fires when that relevance reaches the
 * entry's threshold; the test sets the threshold to 0 so it does not hang on the thesis scoring.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

test('a watched company with a new funding round rings the bell', async ({ page, request }) => {
  test.setTimeout(120_000);
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Alerts'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  const created = await request.post(`${E2E_BASE_URL}/api/v1/companies`, {
    headers,
    data: {
      name: 'Helio Payments',
      industry: 'Fintech',
      headquarters_country: 'United Kingdom',
      stage: 'Series B',
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

  // Every signal about the company alerts, whatever its relevance to the thesis.
  await page.goto(`${E2E_BASE_URL}/companies/${company.id}`);
  await page.getByRole('button', { name: 'Alert settings' }).click();
  let dialog = page.getByRole('dialog', { name: 'Alerts for Helio Payments' });
  await expect(dialog.getByLabel('Alert threshold (%)')).toHaveValue('70');
  await dialog.getByLabel('Alert threshold (%)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const processed = await request.post(`${E2E_BASE_URL}/api/v1/signals/funding-intelligence/process`, {
    headers,
    data: {
      articles: [
        {
          title: 'London fintech Helio Payments raises £20m Series B led by Balderton',
          url: 'https://news.example.com/helio-payments-series-b',
          summary: 'Helio Payments will use the money to expand into Germany.',
          published_at: new Date(Date.now() - 3_600_000).toISOString(),
          source: 'UK Wire',
        },
      ],
    },
  });
  expect(processed.status(), await processed.text()).toBe(200);
  const outcome = (await processed.json()) as {
    created: number;
    announcement_ids: string[];
    scan_execution_id: string | null;
  };
  expect(outcome.created).toBe(1);
  expect(outcome.scan_execution_id).toEqual(expect.any(String));

  // The extraction named the watched company, and the ingest linked the round to it.
  const listed = await request.get(`${E2E_BASE_URL}/api/v1/intelligence/funding-announcements`, { headers });
  const { announcements } = (await listed.json()) as {
    announcements: { id: string; company_name: string; company_id: string | null }[];
  };
  expect(announcements.find((a) => a.id === outcome.announcement_ids[0])).toMatchObject({
    company_name: 'Helio Payments',
    company_id: company.id,
  });

  await expect
    .poll(
      async () => {
        const status = await request.get(
          `${E2E_BASE_URL}/api/v1/agents/workflows/${outcome.scan_execution_id}/status`,
          { headers },
        );
        return ((await status.json()) as { status: string }).status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');

  // The menu polls every minute; opening a page shows the new count at once. A tracked company's
  // round is one signal, its facility offer part of it (decision 047): one notification.
  await page.goto(`${E2E_BASE_URL}/dashboard`);
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notifications-count')).toHaveText('1');
  await bell.click();
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitem', {
    name: /^Unread: Helio Payments raised €[\d.]+M in a Series B round/,
  });
  await expect(item).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /time to offer a facility/ })).toHaveCount(0);
  await shoot(page, 'notifications-menu');

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));
  await expect(page.getByRole('heading', { name: 'Helio Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The watchlist entry's alert settings: threshold, signal types and channels.
  await page.getByRole('button', { name: 'Alert settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Alerts for Helio Payments' });
  const threshold = dialog.getByLabel('Alert threshold (%)');
  await expect(threshold).toHaveValue('0');
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
