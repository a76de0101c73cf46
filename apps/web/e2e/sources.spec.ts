import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, openUserMenu, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Feed Sources: an admin adds a feed served by a local HTTP server, test-fetches it, switches it
 * on, sees a malformed feed's error, and removes a feed. The e2e server runs with
 * FETCH_ALLOW_PRIVATE_NETWORKS=true so it may reach 127.0.0.1.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Local Funding Wire</title><link>http://127.0.0.1/</link>
<item><title>Berlin-based Klarheit raises €12M Series A led by Northzone</title>
<link>https://news.example.com/klarheit</link><pubDate>Mon, 16 Nov 2026 08:30:00 GMT</pubDate>
<description><![CDATA[<p>Klarheit has raised <b>€12 million</b>.</p>]]></description></item>
<item><title>London fintech Ledgerly secures £4.5m seed round</title>
<link>/ledgerly</link><pubDate>Sun, 15 Nov 2026 17:05:00 GMT</pubDate></item>
</channel></rss>`;

/** Serious or critical axe-core violations (WCAG 2.x A/AA and best practice) on the page as shown. */
async function axeViolations(page: Page): Promise<string[]> {
  // The app-wide toasts (sonner's colours) are not this page's; they are audited where they are styled.
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

let feeds: http.Server;
let origin = '';
const requests: { path: string; ifNoneMatch?: string }[] = [];

test.beforeAll(async () => {
  feeds = http.createServer((request, response) => {
    const ifNoneMatch = request.headers['if-none-match'];
    requests.push({ path: request.url ?? '', ifNoneMatch });
    if (request.url === '/feed.xml') {
      if (ifNoneMatch === '"wire-1"') return void response.writeHead(304, { etag: '"wire-1"' }).end();
      return void response
        .writeHead(200, { 'content-type': 'application/rss+xml', etag: '"wire-1"' })
        .end(FEED);
    }
    if (request.url === '/broken.xml') {
      return void response
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end('<rss><channel>\n<item><title>Cut off');
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => feeds.close(() => resolve()));
});

test('add a feed, test-fetch it, switch it on, see a broken feed fail, remove it', async ({
  page,
  request,
}) => {
  // Many steps and an axe audit: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Feeds'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/dashboard');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Feed Sources' }).click();
  await expect(page.getByRole('heading', { name: 'Feed Sources', level: 1 })).toBeVisible();
  await expect(page.getByText('Add a feed above, or add one of the suggested feeds below.')).toBeVisible();
  const suggestions = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Suggested feeds' }) });
  await expect(suggestions.getByRole('button', { name: 'Enable EU-Startups' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'sources-empty.png'), fullPage: true });

  const form = page.getByRole('form', { name: 'Add a feed' });
  await form.getByLabel('Feed URL').fill('file:///etc/passwd');
  await form.getByLabel('Name').fill('Local Funding Wire');
  await form.getByRole('button', { name: 'Add feed' }).click();
  await expect(form.getByText('Enter an http:// or https:// feed URL')).toBeVisible();

  await form.getByLabel('Feed URL').fill(`${origin}/feed.xml`);
  await form.getByRole('button', { name: 'Add feed' }).click();
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: 'Local Funding Wire' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Never fetched')).toBeVisible();
  await expect(row.getByRole('switch', { name: 'Enabled: Local Funding Wire' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  await row.getByRole('button', { name: 'Test fetch Local Funding Wire' }).click();
  await expect(
    page.getByText(/^Local Funding Wire: 2 items, \d+ funding announcements? \(\d+\.\d s\)\.$/),
  ).toBeVisible();
  await expect(row.getByText('OK', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');

  // The second fetch is conditional: the feed answers 304 and nothing is read again.
  await row.getByRole('button', { name: 'Test fetch Local Funding Wire' }).click();
  await expect(
    page.getByText(/^Local Funding Wire has not changed since the last fetch \(HTTP 304/),
  ).toBeVisible();
  expect(requests.filter((r) => r.path === '/feed.xml').map((r) => r.ifNoneMatch)).toEqual([
    undefined,
    '"wire-1"',
  ]);

  await row.getByRole('switch', { name: 'Enabled: Local Funding Wire' }).click();
  await expect(row.getByRole('switch', { name: 'Enabled: Local Funding Wire' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await form.getByLabel('Feed URL').fill(`${origin}/broken.xml`);
  await form.getByLabel('Name').fill('Broken Wire');
  await form.getByRole('button', { name: 'Add feed' }).click();
  const broken = table.getByRole('row').filter({ hasText: 'Broken Wire' });
  await broken.getByRole('button', { name: 'Test fetch Broken Wire' }).click();
  await expect(
    page.getByText('Broken Wire: The feed is not well-formed XML: it ends before <title> is closed'),
  ).toBeVisible();
  await expect(broken.getByText('Error', { exact: true })).toBeVisible();
  await expect(broken.getByText(/The feed is not well-formed XML/)).toBeVisible();

  // Suggested feeds are not enabled here: the e2e server must not reach out to the internet.
  await page.screenshot({ path: path.join(SHOTS, 'sources-list.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await broken.getByRole('button', { name: 'Remove Broken Wire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Broken Wire?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(broken).toBeHidden();
  await expect(table.getByRole('row')).toHaveCount(2);
});
