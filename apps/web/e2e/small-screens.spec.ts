import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Every main screen on a 390 × 844 phone and on a 1440 px desktop: the page itself never scrolls
 * sideways (wide tables scroll inside their own box), the deal side panel is a whole sheet on the
 * phone, and each route names itself in the document title. Screenshots go to
 * test-results/screens/small-<width>-<name>.png for a person to look at.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

async function createDeal(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await request.post(`${E2E_BASE_URL}/api/v1/deals`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string; deal_number: number; company_id: string };
}

/** The page's own width, which must not pass the viewport's (no sideways panning). */
async function expectNoSidewaysScroll(page: Page, width: number, route: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${route} is ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(
    width,
  );
}

for (const viewport of VIEWPORTS) {
  test(`every main screen fits ${viewport.width} px and names itself`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson(`Small${viewport.width}`));
    const deal = await createDeal(request, auth.access_token, {
      company_name: 'Longname Infrastructure Holdings International',
      sector: 'fintech',
      geography: 'United Kingdom',
      amount_requested: 16_946_800_000,
      stage: 'ic_review',
      financial_metrics: { revenue: 12_000_000, arr: 12_000_000, revenue_growth: 0.8 },
    });
    const shoot = (name: string) =>
      page.screenshot({ path: path.join(SHOTS, `small-${viewport.width}-${name}.png`), fullPage: false });

    const screens: [route: string, name: string, heading: string | RegExp, title: string][] = [
      ['/dashboard', 'dashboard', 'Dashboard', 'Dashboard · Atempo'],
      ['/deals', 'deals', 'Deals Pipeline', 'Deals · Atempo'],
      ['/companies', 'companies', 'Companies', 'Companies · Atempo'],
      [
        `/companies/${deal.company_id}`,
        'company-detail',
        'Longname Infrastructure Holdings International',
        'Longname Infrastructure Holdings International · Atempo',
      ],
      [
        `/deals/${deal.id}/intelligence`,
        'deal-intelligence',
        /Deal Intelligence/,
        'Deal Intelligence · Atempo',
      ],
      ['/intelligence', 'intelligence', 'Market Intelligence', 'Intelligence · Atempo'],
      ['/knowledge', 'knowledge', 'Knowledge Hub', 'Knowledge Hub · Atempo'],
      ['/integrations', 'integrations', 'Data Integrations', 'Data Integrations · Atempo'],
      ['/settings', 'settings', /Thesis/, 'Settings · Atempo'],
      ['/profile', 'profile', 'Your Profile', 'Profile · Atempo'],
      [
        '/organization/settings',
        'organization-settings',
        'Organisation Settings',
        'Organisation Settings · Atempo',
      ],
      ['/organization/users', 'users', 'Manage Users', 'Users · Atempo'],
      ['/organization/sources', 'sources', 'Feed Sources', 'Feed Sources · Atempo'],
    ];
    await openSignedIn(page, E2E_BASE_URL, auth, '/dashboard');
    const failures: string[] = [];
    for (const [route, name, heading, title] of screens) {
      await page.goto(route);
      await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
      // let late content (charts, lists) settle before measuring
      await page.waitForLoadState('networkidle');
      await expect.soft(page).toHaveTitle(title, { timeout: 2000 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > viewport.width) failures.push(`${route}: ${scrollWidth}px`);
      await shoot(name);
    }
    expect(failures, 'screens wider than the viewport').toEqual([]);

    // The deal side panel sits wholly on screen: a full-width sheet on the phone.
    await page.goto('/deals');
    await page.getByRole('button', { name: /^Open deal #\d+ \(Longname/ }).click();
    const panel = page.getByRole('dialog', { name: 'Longname Infrastructure Holdings International' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('€16.9B').first()).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    await expectNoSidewaysScroll(page, viewport.width, '/deals with the side panel');
    await shoot('deal-side-panel');
    // Stage labels as spec 02 writes them.
    await expect(panel.getByText('IC Review').first()).toBeVisible();
    await expect(page.getByText(/\bIc review\b/)).toHaveCount(0);
  });
}
