import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  newPerson,
  openSignedIn,
  openUserMenu,
  type Person,
  registerOrganizationByApi,
} from './support/accounts.ts';
import { E2E_INTEGRATIONS_URL, E2E_MICROSOFT_FAKE_URL } from './support/environment.ts';

/**
 * Issue 17 §5 end to end, in Chromium, against the third server and the Microsoft 365 fake (its own
 * process): Sign in with Microsoft, an uninvited person refused, connecting Microsoft 365 in a real
 * popup (and by the full-page fallback), browsing SharePoint, analysing and downloading a file,
 * ingesting the deal folders, the deals and their analysed documents, and the scheduler.
 *
 * The fake signs in its first user (Alex) unless told otherwise; the tests choose the account the
 * way a person picks one in Microsoft's account chooser (the fake's chooseNextAccount control).
 * A Microsoft account belongs to one Atempo user at a time, so the order matters: the full-page
 * test connects Alex and signs out again before the popup test connects Alex for good.
 */
test.describe.configure({ mode: 'serial' });

const BASE = E2E_INTEGRATIONS_URL;
const SHOTS = '/tmp/shots-integrations';
const COMPANIES = ['Nordlicht Robotics', 'Brightwave Energy', 'Lumen Health', 'Kestrel Payments'];
const DECK = 'Nordlicht Robotics - Investor Presentation.pdf';
const TERM_SHEET = 'Nordlicht Robotics Term Sheet.docx';
const WIDTHS = [1440, 390] as const;

async function fakeControl(name: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${E2E_MICROSOFT_FAKE_URL}/__control/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake control ${name}: ${response.status} ${await response.text()}`);
}

/** The next Microsoft sign-in picks this account, as a person would in Microsoft's chooser. */
const chooseMicrosoftAccount = (email: string) => fakeControl('chooseNextAccount', { loginHint: email });

/** The page at both widths, full length, saved and checked for sideways overflow. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Let the layout settle at the new width (responsive grids, the mobile header).
    await page.waitForTimeout(300);
    // From the top: the sticky header and the sidebar are then drawn where they belong.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const card = (page: Page, name: string): Locator =>
  page.locator('article[data-integration]').filter({ has: page.getByRole('heading', { name, exact: true }) });

const sharePointTabs = (page: Page) => page.getByRole('tablist', { name: 'SharePoint' });

test('someone nobody invited is refused: an admin must invite them first', async ({ page }) => {
  // Jordan's Microsoft account has no Atempo account and no organisation invited it.
  await chooseMicrosoftAccount('jordan.rivers@outlook.example');
  await page.goto(`${BASE}/login`);
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/auth-callback');
  await expect(page.getByRole('alert')).toHaveText(
    'There is no Atempo account for jordan.rivers@outlook.example: an admin of your organisation must invite you first.',
  );
  await expect(page.getByRole('link', { name: 'Return to Integrations' })).toBeVisible();
  // Nothing was signed in: the app is still closed.
  await page.goto(`${BASE}/dashboard`);
  await expect(page).toHaveURL(/\/login/);
});

test('Sign in with Microsoft signs a registered person in and lands on Data Integrations', async ({
  page,
  request,
}) => {
  const priya: Person = { ...newPerson('Priya'), email: 'priya@contoso.example' };
  await registerOrganizationByApi(request, BASE, priya);
  await chooseMicrosoftAccount(priya.email);

  await page.goto(`${BASE}/login`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const toApi = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/auth/microsoft/login');
  const toFake = page.waitForRequest((r) => r.url().startsWith(`${E2E_MICROSOFT_FAKE_URL}/`));
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await toApi;
  expect(new URL((await toFake).url()).pathname).toBe('/common/oauth2/v2.0/authorize');
  await page.waitForURL((url) => url.pathname === '/auth-callback');
  await expect(page.getByRole('heading', { name: 'Authentication Successful' })).toBeVisible();
  // Onboarding not completed: spec 01 §4 sends a new user to /integrations.
  await page.waitForURL(`${BASE}/integrations`);
  await expect(page.getByRole('heading', { name: 'Data Integrations', level: 1 })).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByRole('menu')).toContainText(priya.email);
  await page.keyboard.press('Escape');
  // The same sign-in connected Microsoft 365 for SharePoint.
  const banner = page.getByRole('status').filter({ hasText: 'Microsoft 365 Connected' });
  await expect(banner).toContainText(priya.email);
  await expect(card(page, 'SharePoint').getByText('Connected', { exact: true })).toBeVisible();
});

test.describe('an admin with Microsoft 365', () => {
  let admin: Awaited<ReturnType<typeof registerOrganizationByApi>>;

  test('with popups blocked, Connect Microsoft 365 goes there and back in the page', async ({
    page,
    request,
  }) => {
    const other = await registerOrganizationByApi(request, BASE, newPerson('Redirect'));
    await page.addInitScript(() => {
      // A popup blocker: window.open answers null.
      window.open = () => null;
    });
    await openSignedIn(page, BASE, other, '/integrations?view=sharepoint');
    await page.getByRole('button', { name: 'Connect Microsoft 365' }).click();
    await page.waitForURL((url) => url.pathname === '/auth-callback');
    await expect(page.getByRole('heading', { name: 'Authentication Successful' })).toBeVisible();
    // Back on the page it left, connected.
    await page.waitForURL(`${BASE}/integrations?view=sharepoint`);
    await expect(page.getByText('Connected as alex@contoso.example')).toBeVisible();
    // Sign Out ends the connection, which frees Alex's Microsoft account for another Atempo user.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Connect Microsoft 365' })).toBeVisible();
    await expect(page.getByText('Please authenticate with Microsoft 365 first')).toBeVisible();
  });

  test('connect in a popup, browse SharePoint, analyse and download a deal file', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    admin = await registerOrganizationByApi(request, BASE, newPerson('Lender'));
    await openSignedIn(page, BASE, admin, '/integrations');
    await expect(page.getByRole('heading', { name: 'Data Integrations', level: 1 })).toBeVisible();

    // The catalogue: SharePoint available, three dimmed and coming soon.
    const sharePoint = card(page, 'SharePoint');
    await expect(sharePoint).not.toHaveAttribute('aria-disabled');
    await expect(sharePoint.getByRole('link', { name: 'SharePoint' })).toBeVisible();
    for (const name of ['Salesforce Files', 'HubSpot', 'Airtable']) {
      const soon = card(page, name);
      await expect(soon).toHaveAttribute('aria-disabled', 'true');
      await expect(soon.getByText('Coming soon')).toBeVisible();
      await expect(soon).toHaveCSS('opacity', '0.6');
      await expect(soon.getByRole('link')).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'Setup progress' })).toBeVisible();
    await expect(page.getByText('0 integrations connected')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Integration setup' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await shoot(page, 'list-new');

    // Connect in a real popup: the fake's authorize page redirects it to /auth-callback, which
    // posts to this page and closes. Pages keep a handle on the popups they open; the return page
    // sets no opener policy, which would cut the popup (arriving from Microsoft) off from its opener.
    const headers = async (path: string) => (await request.get(`${BASE}${path}`)).headers();
    expect((await headers('/integrations'))['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect((await headers('/auth-callback?code=x&state=y'))['cross-origin-opener-policy']).toBeUndefined();
    await sharePoint.getByRole('link', { name: 'SharePoint' }).click();
    await expect(page).toHaveURL(`${BASE}/integrations?view=sharepoint`);
    await expect(page.getByText('Please authenticate with Microsoft 365 first')).toBeVisible();
    const navigations: string[] = [];
    page.context().on('request', (r) => {
      // Only the popup navigates meanwhile; the page stays where it is.
      if (r.isNavigationRequest()) navigations.push(r.url());
    });
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect Microsoft 365' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close');
    // The popup went to the fake's authorize page, which sent it to the return page.
    expect(navigations.map((url) => new URL(url).origin + new URL(url).pathname)).toEqual([
      `${E2E_MICROSOFT_FAKE_URL}/common/oauth2/v2.0/authorize`,
      `${BASE}/auth-callback`,
    ]);
    await expect(page.getByText('Connected as alex@contoso.example')).toBeVisible();
    await expect(page.getByText('Authentication Error')).toBeHidden();

    await page.getByRole('link', { name: 'Back to Integrations' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Microsoft 365 Connected' });
    await expect(banner).toContainText('alex@contoso.example');
    await expect(sharePoint.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByText('2 integrations connected')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Setup Complete!' })).toBeVisible();
    await shoot(page, 'list');

    // Browse Files: site → library → Deals → Nordlicht Robotics.
    await sharePoint.getByRole('link', { name: 'SharePoint' }).click();
    await page.getByRole('button', { name: 'Open Contoso Deals' }).click();
    await page.getByRole('button', { name: 'Open Documents' }).click();
    await page.getByRole('button', { name: 'Open Deals' }).click();
    const list = page.getByRole('list', { name: 'Folders and files' });
    for (const company of COMPANIES)
      await expect(list.getByRole('button', { name: `Open ${company}` })).toBeVisible();
    await list.getByRole('button', { name: 'Open Nordlicht Robotics' }).click();
    await expect(list.getByRole('button', { name: 'Open Due Diligence' })).toBeVisible();
    await expect(list.getByText(DECK)).toBeVisible();

    // Analyse the deck: its type, summary and figures (ARR EUR 8.0m for the first company).
    await list.getByRole('button', { name: `Analyse ${DECK}` }).click();
    const analysis = page.getByRole('region', { name: `Analysis of ${DECK}` });
    await expect(analysis.getByRole('heading', { name: 'Key metrics' })).toBeVisible({ timeout: 45_000 });
    await expect(analysis.getByText(/^PDF · [\d.]+ KB · Pitch deck$/)).toBeVisible();
    await expect(
      analysis.getByText('Nordlicht Robotics is raising a growth round with a venture debt tranche.', {
        exact: true,
      }),
    ).toBeVisible();
    // The deck's figures: ARR EUR 8.0m, revenue, burn EUR 0.60m a month, a 21-month runway.
    const metric = (name: string) =>
      analysis.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) });
    await expect(metric('ARR').getByRole('definition')).toHaveText('€8M');
    await expect(metric('Net burn').getByRole('definition')).toHaveText('€600k (monthly)');
    await expect(metric('Runway').getByRole('definition')).toHaveText('21 months');
    await expect(metric('Revenue').getByRole('definition')).toHaveText('€9.8M (FY2026)');
    await expect(
      analysis.getByRole('link', { name: 'Open the document in the Knowledge Hub' }),
    ).toBeVisible();
    await shoot(page, 'sharepoint-browse');

    // Download: the browser saves the file under its own name.
    const downloading = page.waitForEvent('download');
    await list.getByRole('button', { name: `Download ${TERM_SHEET}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(TERM_SHEET);
    // The Word file itself (a zip), whole.
    const saved = readFileSync(await download.path());
    expect(saved.subarray(0, 2).toString()).toBe('PK');
    expect(saved.length).toBeGreaterThan(9_000);
  });

  test('AI Automation: test, discover, ingest every deal, see the deals and their documents, the scheduler', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openSignedIn(page, BASE, admin, '/integrations?view=sharepoint');
    await sharePointTabs(page).getByRole('tab', { name: 'AI Automation' }).click();

    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText('4 deal folders discovered')).toBeVisible();

    await page.getByRole('button', { name: 'Discover Deals' }).click();
    const discovered = page.getByRole('list', { name: 'Discovered deals' });
    for (const company of COMPANIES) await expect(discovered).toContainText(company);
    await expect(discovered.getByText('New', { exact: true })).toHaveCount(4);

    await page.getByRole('button', { name: 'Ingest All Deals' }).click();
    const latest = page.getByRole('region', { name: 'Latest run' });
    const status = latest.locator('[data-tone]').first();
    await expect(status).toHaveText('Running');
    await expect(status).toHaveAttribute('data-tone', 'blue');
    await expect(status).toHaveText('Completed', { timeout: 120_000 });
    await expect(status).toHaveAttribute('data-tone', 'green');
    const figure = (label: string) =>
      latest.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
    // 19 files in the four folders: 16 PDF, Word or Excel files analysed; a PNG, a text file and a
    // 5 GB export skipped (never downloaded).
    const figures = { Deals: '4 of 4', Documents: '19', Analysed: '16', Failed: '0', Skipped: '3' };
    for (const [label, value] of Object.entries(figures))
      await expect(figure(label).getByRole('definition')).toHaveText(value);
    // The scheduler: Start → Running with a next run; Stop → Stopped.
    const schedulerCard = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Automated Scheduling' }) })
      .last();
    await schedulerCard.getByRole('button', { name: 'Start' }).click();
    await expect(schedulerCard.getByText('Running', { exact: true })).toBeVisible();
    const nextRun = schedulerCard
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: /^Next run$/ }) });
    await expect(nextRun.getByRole('definition')).not.toHaveText('Not scheduled');
    await shoot(page, 'ai-automation');
    await schedulerCard.getByRole('button', { name: 'Stop' }).click();
    await expect(schedulerCard.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(schedulerCard.getByRole('button', { name: 'Start' })).toBeEnabled();

    // Discovering again finds each folder ingested as a deal.
    await page.getByRole('button', { name: 'Discover Deals' }).click();
    await expect(discovered.getByText('Ingested', { exact: true })).toHaveCount(4);

    // The deals, one per folder.
    await page.goto(`${BASE}/deals`);
    for (const company of COMPANIES)
      await expect(
        page.getByRole('button', { name: new RegExp(`^Open deal #\\d+ \\(${company}\\)$`) }),
      ).toBeVisible();

    // A deal's analysed documents: the AI Intelligence card and the deal's intelligence page.
    await page.getByRole('button', { name: /^Open deal #\d+ \(Nordlicht Robotics\)$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Nordlicht Robotics' });
    const intelligenceCard = panel.getByRole('region', { name: 'AI Intelligence' });
    // The ingestion hands each file to the document pipeline, whose jobs analyse them one by one.
    await expect(intelligenceCard.getByText(/^From \d+ analysed documents?$/)).toBeVisible({
      timeout: 20_000,
    });
    const [intelligence] = await Promise.all([
      page.context().waitForEvent('page'),
      intelligenceCard.getByRole('link', { name: /Full Analysis/ }).click(),
    ]);
    await expect(
      intelligence.getByRole('heading', { name: 'Nordlicht Robotics — Deal Intelligence', level: 1 }),
    ).toBeVisible();
    // Nordlicht's five analysable files, two of them in its Due Diligence subfolder, each analysed
    // (the page looks again every 5 s while one is still being analysed).
    const started = Date.now();
    for (const name of [
      DECK,
      'Nordlicht Robotics Financial Model.xlsx',
      TERM_SHEET,
      'Management Accounts Q3 2026.pdf',
      'Customer References.docx',
    ]) {
      const section = intelligence.getByRole('region', { name });
      await expect(section).toBeVisible();
      await expect(section.getByText(/\d+% confidence/)).toBeVisible({ timeout: 90_000 });
      await expect(section.getByText('Analysing')).toHaveCount(0);
    }
    console.log(
      `Nordlicht's documents analysed ${Math.round((Date.now() - started) / 1000)} s after the run`,
    );
    await expect(intelligence.getByRole('region', { name: DECK })).toContainText('Pitch deck');
    await expect(intelligence.getByRole('region', { name: TERM_SHEET })).toContainText('Term sheet');
    await intelligence.close();
  });
});
