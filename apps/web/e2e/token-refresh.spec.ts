import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import {
  E2E_BASE_URL,
  E2E_EXPIRY_MARGIN_SECONDS,
  E2E_SHORT_TTL_SECONDS,
  E2E_SHORT_TTL_URL,
} from './support/environment.ts';

/** Records every API call the page makes with the status it got. */
function recordApiCalls(page: Page) {
  const calls: { method: string; path: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/')) {
      calls.push({ method: response.request().method(), path: url.pathname, status: response.status() });
    }
  });
  return calls;
}

/** A token the server refuses (bad signature) whose exp still lies ahead, so the client sends it. */
function tamper(token: string): string {
  const [header, payload, signature] = token.split('.');
  const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
  return `${header}.${payload}.${flipped}`;
}

test('several requests answered 401 share one refresh and are retried', async ({ page, request }) => {
  const person = newPerson('Refresh');
  const tokens = await registerOrganizationByApi(request, E2E_BASE_URL, person);
  await openSignedIn(page, E2E_BASE_URL, tokens, '/profile');
  await expect(page.getByLabel('First Name')).toHaveValue(person.firstName);

  const calls = recordApiCalls(page);
  await page.evaluate((bad) => {
    localStorage.setItem('auth_token', bad);
    localStorage.setItem('access_token', bad);
  }, tamper(tokens.access_token));
  // The Companies page asks for its list, its statistics and the watchlist at once.
  await page.getByRole('link', { name: 'Companies', exact: true }).click();

  await expect.poll(() => calls.filter((c) => c.path === '/api/v1/auth/refresh').length).toBe(1);
  await expect
    .poll(() => calls.filter((c) => c.status === 401 && c.path !== '/api/v1/auth/refresh').length)
    .toBeGreaterThanOrEqual(2);
  const unauthorised = calls.filter((c) => c.status === 401).map((c) => c.path);
  for (const path of unauthorised) {
    await expect.poll(() => calls.some((c) => c.path === path && c.status === 200)).toBe(true);
  }
  expect(calls.filter((c) => c.path === '/api/v1/auth/refresh').length).toBe(1);
  await expect(page).toHaveURL(/\/companies$/);
  const stored = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(stored).not.toBe(tamper(tokens.access_token));
});

test('a session outlives its short-lived access token', async ({ page, request }) => {
  const person = newPerson('Shortlived');
  const tokens = await registerOrganizationByApi(request, E2E_SHORT_TTL_URL, person);
  const calls = recordApiCalls(page);
  await openSignedIn(page, E2E_SHORT_TTL_URL, tokens, '/profile');
  await expect(page.getByLabel('First Name')).toHaveValue(person.firstName);

  // Leaving the page while a refresh is in flight would drop its rotated tokens (the server has
  // already retired the old refresh token): wait for the refresh before reloading.
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh'));
  await page.waitForTimeout((E2E_SHORT_TTL_SECONDS - E2E_EXPIRY_MARGIN_SECONDS + 2) * 1000);
  await page.getByRole('link', { name: 'Companies', exact: true }).click();
  expect((await refreshed).status()).toBe(200);
  await page.goto(`${E2E_SHORT_TTL_URL}/profile`);
  await expect(page.getByLabel('First Name')).toHaveValue(person.firstName);
  expect(calls.filter((c) => c.path === '/api/v1/auth/refresh' && c.status === 200).length).toBeGreaterThan(
    0,
  );
  await expect(page).toHaveURL(/\/profile$/);
});

test('a refresh that fails clears the session and goes to /login', async ({ page, request }) => {
  const person = newPerson('Expired');
  const tokens = await registerOrganizationByApi(request, E2E_BASE_URL, person);
  await openSignedIn(page, E2E_BASE_URL, { ...tokens, refresh_token: 'not-a-real-token' }, '/login');
  await page.evaluate((bad) => localStorage.setItem('auth_token', bad), tamper(tokens.access_token));
  await page.goto('/profile');
  // Whichever notices first (the refresher or the route guard) may keep /profile as the return address.
  await expect(page).toHaveURL(/\/login(\?next=%2Fprofile)?$/);
  const left = await page.evaluate(() => [
    localStorage.getItem('auth_token'),
    localStorage.getItem('access_token'),
    localStorage.getItem('refresh_token'),
  ]);
  expect(left).toEqual([null, null, null]);
});
