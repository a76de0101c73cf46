import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/** Your Profile → API keys: create a key, see its secret once, use it on the REST API, delete it. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

/** GET /api/v1/users/me from the page with the key as bearer, as a script of the user would. */
function meWithKey(page: Page, key: string) {
  return page.evaluate(async (secret) => {
    const response = await fetch('/api/v1/users/me', { headers: { Authorization: `Bearer ${secret}` } });
    return { status: response.status, body: (await response.json()) as { email?: string; code?: string } };
  }, key);
}

test('create an API key, use it once shown, delete it and it stops working', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  const person = newPerson('Keys');
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, person);
  await openSignedIn(page, E2E_BASE_URL, auth, '/profile');

  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'API keys' }) });
  await expect(card.getByText('No API keys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Create API key' }).click();

  const form = page.getByRole('form', { name: 'Create API key' });
  await form.getByLabel('Name').fill('Claude Desktop');
  await form.getByLabel('Expires').selectOption({ label: 'In 90 days' });
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('Copy this key now: you will not see it again.')).toBeVisible();
  const secretField = shown.getByLabel('Secret key');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^atp_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy API key' }).click();
  await expect(shown.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.screenshot({ path: path.join(SHOTS, 'profile-api-key-created.png') });

  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const list = page.getByRole('list', { name: 'API keys' });
  await expect(list.getByText('Claude Desktop')).toBeVisible();
  await expect(list.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  await expect(list).toContainText('Last used never');
  await expect(list).toContainText('Expires');
  // The secret is nowhere on the page any more.
  await expect(page.locator('body')).not.toContainText(secret);

  const used = await meWithKey(page, secret);
  expect(used.status).toBe(200);
  expect(used.body.email).toBe(person.email);

  // The server records the use in the background: the list shows it once written.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('list', { name: 'API keys' })).toContainText('Last used', { timeout: 2000 });
    await expect(page.getByRole('list', { name: 'API keys' })).not.toContainText('Last used never', {
      timeout: 500,
    });
  }).toPass({ timeout: 15_000 });
  await page.screenshot({ path: path.join(SHOTS, 'profile-api-keys.png'), fullPage: true });

  await page.getByRole('button', { name: 'Delete API key Claude Desktop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete API key?' });
  await expect(confirm).toContainText('stops working at once');
  await confirm.getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByText('No API keys yet.')).toBeVisible();

  const refused = await meWithKey(page, secret);
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe('UNAUTHENTICATED');
});
