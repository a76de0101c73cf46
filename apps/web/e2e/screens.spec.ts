import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Every screen at 1280×800, saved under test-results/screens for a person to look at; each visit
 * also checks the screen's own heading so a blank or broken page fails.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

test('public screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await shoot(page, 'login');
  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'New Organisation' })).toBeVisible();
  await shoot(page, 'register-new');
  await page.goto('/register?org=demo-capital');
  await expect(page.getByLabel('Organisation Code')).toHaveValue('demo-capital');
  await shoot(page, 'register-join');
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await shoot(page, 'forgot-password');
  await page.goto('/reset-password?token=abc');
  await expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
  await shoot(page, 'reset-password');
});

test('signed-in screens', async ({ page, request }) => {
  const person = newPerson('Screens');
  const tokens = await registerOrganizationByApi(request, E2E_BASE_URL, person);
  const screens: [string, string, string][] = [
    ['/profile', 'profile', 'Your Profile'],
    ['/organization/settings', 'organization-settings', 'Organisation Settings'],
    ['/organization/users', 'manage-users', 'Manage Users'],
    ['/organization/sources', 'feed-sources', 'Feed Sources'],
    ['/dashboard', 'dashboard', 'Dashboard'],
  ];
  await openSignedIn(page, E2E_BASE_URL, tokens, '/profile');
  for (const [route, name, heading] of screens) {
    await page.goto(route);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await shoot(page, name);
  }
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shoot(page, 'user-menu');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await shoot(page, 'not-found');
});
