import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/** Your Profile → Daily brief: where the brief email's unsubscribe link lands; start and stop it. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

test('the unsubscribe link opens the Daily brief card, which starts and stops the email', async ({
  page,
  request,
}) => {
  const person = newPerson('Brief');
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, person);
  const subscription = async () => {
    const response = await request.get(`${E2E_BASE_URL}/api/v1/monitoring/subscription`, {
      headers: { Authorization: `Bearer ${auth.access_token}` },
    });
    return ((await response.json()) as { status: string }).status;
  };
  // The address every brief email ends with.
  await openSignedIn(page, E2E_BASE_URL, auth, '/profile#daily-brief');

  const card = page.locator('section#daily-brief');
  await expect(card.getByRole('heading', { name: 'Daily brief' })).toBeInViewport();
  await expect(card).toContainText(`Not sent to you. Start it to receive it at 07:00 UTC at ${person.email}`);
  await expect(card.getByText('Off', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Start daily brief' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card).toContainText(`Sent to ${person.email} at 07:00 UTC, covering the whole portfolio.`);
  expect(await subscription()).toBe('scheduled');
  await page.screenshot({ path: path.join(SHOTS, 'profile-daily-brief-on.png') });

  await card.getByRole('button', { name: 'Stop daily brief' }).click();
  await expect(card.getByRole('button', { name: 'Start daily brief' })).toBeVisible();
  expect(await subscription()).toBe('stopped');
});
