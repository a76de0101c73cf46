import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  joinOrganizationByApi,
  newPerson,
  openSignedIn,
  registerOrganizationByApi,
} from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/** The thesis page keeps unsaved edits from being lost, and shows members a read-only thesis. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

const minimumDealSize = (page: Page) => page.getByLabel('Minimum Deal Size (EUR)', { exact: true });
const dealsLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals', exact: true });

test('leaving the thesis with unsaved changes asks first: Stay keeps them, Leave discards them', async ({
  page,
  request,
}) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Thesis'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/settings');
  const saved = await minimumDealSize(page).inputValue();
  expect(saved).not.toBe('');

  // Nothing changed: no question.
  await dealsLink(page).click();
  await expect(page).toHaveURL(/\/deals$/);
  await page.goto('/settings');

  await minimumDealSize(page).fill('3500000');
  await dealsLink(page).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await shoot(page, 'thesis-leave-unsaved');
  await ask.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(minimumDealSize(page)).toHaveValue('3500000');

  await dealsLink(page).click();
  await ask.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/deals$/);
  await page.goto('/settings');
  await expect(minimumDealSize(page)).toHaveValue(saved);

  // After saving, leaving asks nothing.
  await minimumDealSize(page).fill('3500000');
  await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
  await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
  await dealsLink(page).click();
  await expect(page).toHaveURL(/\/deals$/);
  await expect(ask).toHaveCount(0);
});

test('reloading the tab with unsaved thesis changes asks the browser to confirm', async ({
  page,
  request,
}) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Unload'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/settings');
  await minimumDealSize(page).fill('4200000');
  // The page must have had a user gesture (the fill) for Chromium to show the prompt.
  const prompted = page.waitForEvent('dialog');
  // Dismissing the prompt cancels the reload, so its promise never settles: do not wait for it.
  page.reload().catch(() => undefined);
  const dialog = await prompted;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(minimumDealSize(page)).toHaveValue('4200000');
});

test('a member sees the thesis read-only, and the server refuses their writes', async ({ page, request }) => {
  const admin = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Owner'));
  const member = await joinOrganizationByApi(request, E2E_BASE_URL, admin, newPerson('Member'));
  await openSignedIn(page, E2E_BASE_URL, member, '/settings');
  await expect(page.getByText('Only an admin of your organisation can change the thesis.')).toBeVisible();
  await expect(minimumDealSize(page)).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Growth Equity' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  const editable = page.locator('main').locator('input:enabled, select:enabled, textarea:enabled');
  await expect(editable).toHaveCount(0);
  await shoot(page, 'thesis-member');

  const thesis = await request.get(`${E2E_BASE_URL}/api/v1/configuration/thesis`, {
    headers: { Authorization: `Bearer ${member.access_token}` },
  });
  const refused = await request.put(`${E2E_BASE_URL}/api/v1/configuration/thesis`, {
    headers: { Authorization: `Bearer ${member.access_token}` },
    data: ((await thesis.json()) as { data: unknown }).data,
  });
  expect(refused.status()).toBe(403);
});
