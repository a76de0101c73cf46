import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

/** A unique person for one test, so tests never collide on the shared server. */
export function newPerson(label: string) {
  const id = randomBytes(4).toString('hex');
  return {
    firstName: label,
    lastName: `Tester${id}`,
    email: `${label.toLowerCase()}-${id}@example.com`,
    password: `Pw-${id}-long-enough`,
    organizationName: `${label} Capital ${id}`,
  };
}
export type Person = ReturnType<typeof newPerson>;

/** Registers an organisation through the API and returns the auth response. */
export async function registerOrganizationByApi(request: APIRequestContext, baseURL: string, person: Person) {
  const response = await request.post(`${baseURL}/api/v1/auth/register/organization`, {
    data: {
      organization_name: person.organizationName,
      email: person.email,
      password: person.password,
      first_name: person.firstName,
      last_name: person.lastName,
      subscription_tier: 'trial',
    },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as {
    access_token: string;
    refresh_token: string;
    organization: { slug: string; name: string };
  };
}

/** Puts a session into the browser the way the app keeps it, then opens `path`. */
export async function openSignedIn(
  page: Page,
  baseURL: string,
  tokens: { access_token: string; refresh_token: string },
  path: string,
) {
  await page.goto(`${baseURL}/login`);
  await page.evaluate((t) => {
    localStorage.setItem('auth_token', t.access_token);
    localStorage.setItem('access_token', t.access_token);
    localStorage.setItem('refresh_token', t.refresh_token);
  }, tokens);
  await page.goto(`${baseURL}${path}`);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu for/ }).click();
}

/** Invites `person` into the admin's organisation with `role` and registers them; returns their tokens. */
export async function joinOrganizationByApi(
  request: APIRequestContext,
  baseURL: string,
  admin: { access_token: string; organization: { slug: string } },
  person: Person,
  role: 'admin' | 'member' = 'member',
) {
  const invited = await request.post(`${baseURL}/api/v1/organizations/current/invitations`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: { email: person.email, role },
  });
  if (!invited.ok()) throw new Error(`invite failed: ${invited.status()} ${await invited.text()}`);
  const joined = await request.post(`${baseURL}/api/v1/auth/register/user`, {
    data: {
      organization_slug: admin.organization.slug,
      email: person.email,
      password: person.password,
      first_name: person.firstName,
      last_name: person.lastName,
    },
  });
  if (!joined.ok()) throw new Error(`join failed: ${joined.status()} ${await joined.text()}`);
  return (await joined.json()) as { access_token: string; refresh_token: string };
}
