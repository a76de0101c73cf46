import { expect, test } from '@playwright/test';
import { newPerson, registerOrganizationByApi, signIn } from './support/accounts.ts';
import { E2E_BASE_URL, E2E_SHORT_TTL_URL } from './support/environment.ts';

/** Where a sign-in lands, deep links across sign-in, and which sign-in methods are offered. */

test('signing in lands on the dashboard', async ({ page, request }) => {
  const person = newPerson('Landing');
  await registerOrganizationByApi(request, E2E_BASE_URL, person);
  await signIn(page, person.email, person.password);
  // Spec 01 §4: after login to /dashboard (onboarding, which would send a new user to
  // /integrations first, is not built: decision 034).
  await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Deals' })).toBeVisible();
  // The same page at / (spec 01 §2: / and /dashboard), with Ask Anything on it.
  await page.goto('/');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ask Anything' })).toBeVisible();
});

test('a deep link followed while signed out is restored after sign-in, query included', async ({
  page,
  request,
}) => {
  const person = newPerson('Deeplink');
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, person);
  const created = await request.post(`${E2E_BASE_URL}/api/v1/companies`, {
    headers: { authorization: `Bearer ${auth.access_token}` },
    data: { name: 'Deeplink Robotics' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/companies/${id}?tab=news`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login');

  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/companies/${id}?tab=news`);
  await expect(page.getByRole('heading', { name: 'Deeplink Robotics' })).toBeVisible();
});

test('a return address on another site is ignored', async ({ page, request }) => {
  const person = newPerson('Redirect');
  await registerOrganizationByApi(request, E2E_BASE_URL, person);
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/deals')}`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard`);
});

test('the Microsoft button is shown only where Microsoft sign-in is configured', async ({ page }) => {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/providers'));
  await page.goto(`${E2E_BASE_URL}/login`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await (await answer).json()).toEqual({ microsoft: false });
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toHaveCount(0);

  // The second server runs with MS_CLIENT_ID, MS_CLIENT_SECRET and MS_TENANT_ID set.
  await page.goto(`${E2E_SHORT_TTL_URL}/login`);
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
});
