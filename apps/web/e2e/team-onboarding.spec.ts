import { expect, test } from '@playwright/test';
import { newPerson, openUserMenu, signIn } from './support/accounts.ts';
import { firstLink, waitForMail } from './support/mailbox.ts';

/**
 * The founding flow of an organisation: register it, invite a colleague, the colleague joins from
 * the emailed link, roles gate the admin pages, and a forgotten password is reset by email.
 */
test('register, invite, join, role gates, sign out, reset password, sign in', async ({ page, browser }) => {
  const admin = newPerson('Ada');
  const colleague = newPerson('Grace');

  // 1. Register a new organisation; the user lands on the Deals page (onboarding is not built yet).
  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'New Organisation' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('First Name').fill(admin.firstName);
  await page.getByLabel('Last Name').fill(admin.lastName);
  await page.getByLabel('Organisation Name').fill(admin.organizationName);
  await page.getByLabel('Work Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${admin.password}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(admin.password);
  await expect(page.getByText('Passwords match')).toBeVisible();
  await page.getByText('Startup', { exact: true }).click();
  await page.getByRole('button', { name: 'Create Organisation' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The user menu shows the admin entries and the plan.
  await openUserMenu(page);
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Startup Plan')).toBeVisible();
  for (const entry of ['Your Profile', 'Organisation Settings', 'Manage Users', 'Settings', 'Sign Out']) {
    await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: 'Organisation Settings' }).click();
  await expect(page).toHaveURL(/\/organization\/settings$/);
  const joinLink = (await page.locator('code', { hasText: '/register?org=' }).textContent())?.trim() ?? '';
  expect(joinLink).toMatch(/\/register\?org=/);

  // 2. Invite the colleague as a member.
  await page.goto('/organization/users');
  const invite = page.getByRole('form', { name: 'Invite a colleague' });
  await invite.getByLabel('Email').fill(colleague.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(colleague.email).first()).toBeVisible();

  // 3. The colleague opens the emailed link in another browser and joins.
  const invitation = await waitForMail(colleague.email, /invited to join/);
  const inviteLink = firstLink(invitation, '/register?org=');
  expect(inviteLink).toBe(joinLink);
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto(inviteLink);
  await expect(colleaguePage.getByRole('tab', { name: 'Join Organisation' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(colleaguePage.getByLabel('Organisation Code')).toHaveAttribute('readonly', '');
  await colleaguePage.getByLabel('First Name').fill(colleague.firstName);
  await colleaguePage.getByLabel('Last Name').fill(colleague.lastName);
  await colleaguePage.getByLabel('Email').fill(colleague.email);
  await colleaguePage.getByLabel('Password', { exact: true }).fill(colleague.password);
  await colleaguePage.getByLabel('Confirm Password', { exact: true }).fill(colleague.password);
  await colleaguePage.getByRole('button', { name: 'Join Organisation' }).click();
  await expect(colleaguePage).toHaveURL(/\/dashboard$/);

  // 4. A member sees no admin entries and cannot reach the admin pages.
  await openUserMenu(colleaguePage);
  const memberMenu = colleaguePage.getByRole('menu');
  await expect(memberMenu.getByRole('menuitem', { name: 'Your Profile', exact: true })).toBeVisible();
  await expect(memberMenu.getByRole('menuitem', { name: 'Manage Users' })).toHaveCount(0);
  await expect(memberMenu.getByRole('menuitem', { name: 'Organisation Settings' })).toHaveCount(0);
  await colleaguePage.keyboard.press('Escape');
  await colleaguePage.goto('/organization/users');
  await expect(colleaguePage).toHaveURL(/\/dashboard$/);
  const forbidden = await colleaguePage.evaluate(async () => {
    const response = await fetch('/api/v1/organizations/current/users', {
      headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
    });
    return response.status;
  });
  expect(forbidden).toBe(403);

  // The admin sees the colleague as a member and can promote them.
  await page.reload();
  await expect(page.getByLabel(`Role for ${colleague.firstName} ${colleague.lastName}`)).toHaveValue(
    'member',
  );

  // 5. The colleague signs out.
  await openUserMenu(colleaguePage);
  await colleaguePage.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(colleaguePage).toHaveURL(/\/login$/);

  // 6. Forgot password: the answer does not reveal whether the email exists; the link works once.
  await colleaguePage.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(colleaguePage).toHaveURL(/\/forgot-password$/);
  await colleaguePage.getByLabel('Email').fill(colleague.email);
  await colleaguePage.getByRole('button', { name: 'Send reset link' }).click();
  await expect(colleaguePage.getByText('If an account exists for that email')).toBeVisible();
  const resetMail = await waitForMail(colleague.email, /Reset your Atempo password/);
  const resetLink = firstLink(resetMail, '/reset-password?token=');
  const newPassword = `${colleague.password}-renewed`;
  await colleaguePage.goto(resetLink);
  await colleaguePage.getByLabel('New Password', { exact: true }).fill(newPassword);
  await colleaguePage.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await colleaguePage.getByRole('button', { name: 'Set new password' }).click();
  await expect(colleaguePage.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

  // The same link cannot be used twice.
  await colleaguePage.goto(resetLink);
  await colleaguePage.getByLabel('New Password', { exact: true }).fill(`${newPassword}2`);
  await colleaguePage.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}2`);
  await colleaguePage.getByRole('button', { name: 'Set new password' }).click();
  await expect(colleaguePage.getByText('This reset link is invalid or has expired.')).toBeVisible();

  // 7. The old password fails with the server's message; the new one signs in.
  await signIn(colleaguePage, colleague.email, colleague.password);
  await expect(colleaguePage.getByText('Invalid email or password')).toBeVisible();
  await signIn(colleaguePage, colleague.email, newPassword);
  await expect(colleaguePage).toHaveURL(/\/dashboard$/);
  await colleagueContext.close();
});

test('the organisation field is hidden when the link names the organisation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Leave empty to sign in to your default organisation')).toBeVisible();
  await page.goto('/login?org=some-fund');
  await expect(page.getByText('Leave empty to sign in to your default organisation')).toHaveCount(0);
});

test('unknown routes and signed-out visitors', async ({ page }) => {
  await page.goto('/deals');
  await expect(page).toHaveURL(/\/login\?next=%2Fdeals$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});
