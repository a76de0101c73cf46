import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, openUserMenu, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * The Alerts card of Organisation Settings: an admin saves the Slack incoming-webhook URL (checked
 * before saving, shown back only as a hint), and sends a test message. Slack is a local HTTP server
 * taking JSON posts as an incoming webhook does; the e2e server allows private networks, but the
 * screen only takes https, so the local URL is saved through the API for the test message.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

let slack: http.Server;
let hookUrl = '';
const posted: { text?: string }[] = [];

test.beforeAll(async () => {
  slack = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      posted.push(JSON.parse(body) as { text?: string });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/services/T0LOCAL/B0LOCAL/localsecrettoken`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => slack.close(() => resolve()));
});

test('an admin saves the Slack webhook, sees only its hint, and sends a test message', async ({
  page,
  request,
}) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Alerts'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/dashboard');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Organisation Settings' }).click();
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Alerts', level: 2 }) });
  await expect(card.getByText('Slack not set up')).toBeVisible();

  const form = card.getByRole('form', { name: 'Slack webhook' });
  await form.getByLabel('Slack incoming-webhook URL').fill('http://hooks.slack.com/services/T/B/X');
  await form.getByRole('button', { name: 'Save webhook' }).click();
  await expect(form.getByText('The webhook URL must be an https URL')).toBeVisible();

  await form
    .getByLabel('Slack incoming-webhook URL')
    .fill('https://hooks.slack.com/services/T0000/B0000/verysecretwebhooktoken');
  await form.getByRole('button', { name: 'Save webhook' }).click();
  await expect(page.getByText('Slack webhook saved')).toBeVisible();
  await expect(card.getByText('Slack connected')).toBeVisible();
  await expect(card.getByText('https://hooks.slack.com/services/T0…oken')).toBeVisible();
  await expect(form.getByLabel('New Slack incoming-webhook URL')).toHaveValue('');
  expect(await page.content()).not.toContain('verysecretwebhooktoken');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'organization-alerts-saved');

  // The local stand-in for Slack speaks plain HTTP, which only the API (with private networks allowed) takes.
  const saved = await request.put(`${E2E_BASE_URL}/api/v1/organizations/current/alert-settings`, {
    headers: { Authorization: `Bearer ${auth.access_token}` },
    data: { slack_webhook_url: hookUrl },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.reload();
  await card.getByRole('button', { name: 'Send test message' }).click();
  await expect(page.getByText('Test message sent to Slack')).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(posted[0]?.text).toContain('Atempo test message');
});
