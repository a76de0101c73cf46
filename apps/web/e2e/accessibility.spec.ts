import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Every built screen, and every dialog a first hour opens, checked with axe-core (WCAG 2.x A and AA
 * rules): no serious or critical violation may remain. A failure names each rule, its impact and the
 * elements it found, so the fix can start from the report alone.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens/a11y');

interface Found {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function audit(page: Page, screen: string): Promise<Found[]> {
  // Let entry transitions finish so colours are measured as the user sees them.
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${screen}.png`) });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map(
        (node) =>
          `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
      ),
    }));
}

function report(found: Found[]): string {
  return found
    .map(
      (item) =>
        `[${item.screen}] ${item.rule} (${item.impact}): ${item.help}\n${item.targets.map((target) => `    ${target}`).join('\n')}`,
    )
    .join('\n');
}

async function post(request: APIRequestContext, token: string, route: string, body: unknown) {
  const response = await request.post(`${E2E_BASE_URL}/api/v1${route}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

test('public screens have no serious or critical axe violations', async ({ page }) => {
  const found: Found[] = [];
  const screens: [string, string, RegExp | string][] = [
    ['/login', 'login', 'Sign In'],
    ['/register', 'register', 'Create Organisation'],
    ['/register?org=demo-capital', 'register-join', 'Join Organisation'],
    ['/forgot-password', 'forgot-password', 'Send reset link'],
    ['/reset-password?token=abc', 'reset-password', 'Set new password'],
  ];
  for (const [route, name, button] of screens) {
    await page.goto(route);
    await expect(page.getByRole('button', { name: button }).first()).toBeVisible();
    found.push(...(await audit(page, name)));
  }
  expect(found, report(found)).toEqual([]);
});

test('signed-in screens and dialogs have no serious or critical axe violations', async ({
  page,
  request,
}) => {
  // Many screens, each audited; on a shared machine this takes minutes.
  test.setTimeout(300_000);
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Axe'));
  const token = auth.access_token;
  const axeDeal = await post(request, token, '/deals', {
    company_name: 'Axe Robotics',
    amount_requested: 5_000_000,
    stage: 'lead',
    sector: 'fintech',
    geography: 'United Kingdom',
    financial_metrics: { revenue: 9_000_000, arr: 9_000_000, revenue_growth: 0.6, monthly_burn: 900_000 },
  });
  await post(request, token, '/deals', {
    company_name: 'Contrast Labs',
    amount_requested: 90_000_000,
    stage: 'qualified',
    sector: 'gaming',
    geography: 'Brazil',
  });
  const company = await post(request, token, '/companies', {
    name: 'Focus Payments',
    industry: 'Fintech',
    headquarters_country: 'Germany',
    revenue: 12_000_000,
    revenue_growth: 0.85,
  });

  const found: Found[] = [];
  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  const row = page.getByRole('row').filter({ hasText: 'Axe Robotics' });
  await expect(row.getByRole('button', { name: /^Thematic score \d/ })).toBeVisible({ timeout: 20_000 });
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'Contrast Labs' })
      .getByRole('button', { name: /^Thematic score \d/ }),
  ).toBeVisible({ timeout: 20_000 });
  found.push(...(await audit(page, 'deals-table')));

  await row.getByRole('button', { name: /^Open deal #/ }).click();
  await expect(page.getByRole('dialog', { name: 'Axe Robotics' })).toBeVisible();
  found.push(...(await audit(page, 'deal-side-panel')));
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /^Thematic score \d/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'score-dialog-thematic')));
  await page.getByRole('dialog').getByRole('tab', { name: 'Red Flags' }).click();
  found.push(...(await audit(page, 'score-dialog-red-flags')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Upload documents', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Smart Document Upload' })).toBeVisible();
  found.push(...(await audit(page, 'deals-upload')));
  await page.getByRole('button', { name: 'Close Smart Document Upload' }).click();

  await page.getByRole('button', { name: 'New Deal', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'new-deal-dialog')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'import-deals-dialog')));
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /^Delete deal/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'delete-deal-dialog')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByRole('article', { name: /^Axe Robotics, deal #/ })).toBeVisible();
  found.push(...(await audit(page, 'deals-board')));

  await page.goto('/companies');
  await expect(page.getByRole('link', { name: 'Focus Payments', exact: true })).toBeVisible();
  found.push(...(await audit(page, 'companies')));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'import-companies-dialog')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add company', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'add-company-dialog')));
  await page.keyboard.press('Escape');

  await page.goto(`/companies/${company.id}`);
  await expect(page.getByRole('heading', { name: 'Focus Payments', level: 1 })).toBeVisible();
  for (const tab of ['Overview', 'Analysis', 'Recent News', 'Investors']) {
    await page.getByRole('tab', { name: tab }).click();
    found.push(...(await audit(page, `company-${tab.toLowerCase().replace(' ', '-')}`)));
  }
  await page.getByRole('button', { name: 'Create deal', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'create-deal-dialog')));
  await page.keyboard.press('Escape');

  const screens: [string, string, string][] = [
    ['/dashboard', 'dashboard', 'Dashboard'],
    ['/knowledge', 'knowledge-hub', 'Knowledge Hub'],
    [`/deals/${axeDeal.id}/intelligence`, 'deal-intelligence', 'Axe Robotics — Deal Intelligence'],
    ['/settings', 'thesis', 'Investment Thesis'],
    ['/profile', 'profile', 'Your Profile'],
    ['/organization/settings', 'organization-settings', 'Organisation Settings'],
    ['/organization/users', 'manage-users', 'Manage Users'],
    ['/no-such-page', 'not-found', 'Page not found'],
  ];
  for (const [route, name, heading] of screens) {
    await page.goto(route);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    found.push(...(await audit(page, name)));
  }
  expect(found, report(found)).toEqual([]);
});

test('Ask Anything with an answer and its details open has no serious or critical axe violations', async ({
  page,
  request,
}) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('AxeAsk'));
  await post(request, auth.access_token, '/deals', {
    company_name: 'Axe Robotics',
    amount_requested: 5_000_000,
    stage: 'due_diligence',
    sector: 'fintech',
    financial_metrics: { revenue: 9_000_000, cash: 2_000_000, monthly_burn: 500_000 },
  });
  const found: Found[] = [];
  const askAndOpen = async (scope: ReturnType<Page['getByRole']>, prompt: string) => {
    const card = scope.getByRole('region', { name: 'Ask Anything' });
    await card.getByRole('button', { name: prompt }).click();
    await card.getByRole('button', { name: 'Show details' }).click({ timeout: 20_000 });
    await expect(card.getByRole('button', { name: 'Hide details' })).toBeVisible();
  };

  await openSignedIn(page, E2E_BASE_URL, auth, '/dashboard');
  await askAndOpen(page.getByRole('main'), 'Which deals raised red flags this quarter?');
  found.push(...(await audit(page, 'dashboard-answer')));

  await page.goto('/deals');
  await page
    .getByRole('row')
    .filter({ hasText: 'Axe Robotics' })
    .getByRole('button', { name: /^Open deal #/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Axe Robotics' });
  await askAndOpen(panel, 'What are the red flags on this deal, and how serious are they?');
  found.push(...(await audit(page, 'deal-side-panel-answer')));
  expect(found, report(found)).toEqual([]);
});

test('focus returns to what opened the side panel, a dialog or an inline edit', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Focus'));
  await post(request, auth.access_token, '/deals', {
    company_name: 'Return Focus Ltd',
    amount_requested: 4_000_000,
    stage: 'lead',
    sector: 'fintech',
  });
  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  const row = page.getByRole('row').filter({ hasText: 'Return Focus Ltd' });
  const panel = page.getByRole('dialog', { name: 'Return Focus Ltd' });

  // The side panel, opened with the row's button and with a click on the row itself.
  const opener = row.getByRole('button', { name: /^Open deal #\d+/ });
  await opener.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
  await row.getByText('Never', { exact: true }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close panel' }).click();
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();

  // The score dialog, from the score badge.
  const score = row.getByRole('button', { name: /^Thematic score \d/ });
  await expect(score).toBeVisible({ timeout: 20_000 });
  await score.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(score).toBeFocused();

  // Dialogs opened from the page header, closed by Escape and by their Cancel or close button.
  for (const name of ['New Deal', 'Import']) {
    const button = page.getByRole('button', { name, exact: true });
    await button.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(button).toBeFocused();
  }
  const remove = row.getByRole('button', { name: /^Delete deal/ });
  await remove.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(remove).toBeFocused();

  // Inline edits: Enter saves and Escape cancels, and the cell's button has the focus after both.
  await row.getByRole('button', { name: /^Edit Stage of Return Focus Ltd/ }).click();
  await page.getByLabel('Stage of Return Focus Ltd', { exact: true }).selectOption('qualified');
  await page.getByLabel('Stage of Return Focus Ltd', { exact: true }).press('Enter');
  await expect(row.getByRole('button', { name: 'Edit Stage of Return Focus Ltd: Qualified' })).toBeFocused();
  await row.getByRole('button', { name: /^Edit Amount of Return Focus Ltd/ }).click();
  await page.getByLabel('Amount of Return Focus Ltd in EUR', { exact: true }).press('Escape');
  await expect(row.getByRole('button', { name: /^Edit Amount of Return Focus Ltd/ })).toBeFocused();

  // A board card: its company button gets the focus back.
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  const card = page.getByRole('article', { name: /^Return Focus Ltd, deal #/ });
  await card.getByRole('button', { name: 'Return Focus Ltd', exact: true }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: 'Return Focus Ltd', exact: true })).toBeFocused();
});

test('the skip link is the first tab stop and moves focus to the page content', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Skip'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: path.join(SHOTS, 'skip-link-focused.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next tab stop is the page's first control, past the sidebar and the top bar.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeFocused();
});

test('the deals board does not widen the page', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Wide'));
  const stages = ['lead', 'qualified', 'due_diligence', 'ic_review', 'term_sheet', 'legal_docs'];
  for (const [index, stage] of stages.entries()) {
    await post(request, auth.access_token, '/deals', {
      company_name: `Column ${index} Ltd`,
      amount_requested: 1_000_000 * (index + 1),
      stage,
    });
  }
  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByRole('article', { name: /^Column 5 Ltd, deal #/ })).toBeAttached();
  const sizes = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
  // The board scrolls inside its own frame instead.
  const board = page.locator('section[data-stage="lead"]').locator('xpath=../..');
  expect(await board.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});

test('tables scroll inside their frame on a phone, never widening the page', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Phone'));
  await post(request, auth.access_token, '/deals', {
    company_name: 'A Rather Long Company Name For A Phone Ltd',
    amount_requested: 2_500_000,
    stage: 'lead',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  // Hidden labels inside a scrolling table are positioned against its frame, not the page.
  for (const screen of ['/deals', '/companies', '/organization/users']) {
    await page.goto(`${E2E_BASE_URL}${screen}`);
    await expect(page.locator('table').first()).toBeVisible();
    const sizes = await page.evaluate(() => {
      const root = document.scrollingElement as Element;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect(sizes.scrollWidth, screen).toBeLessThanOrEqual(sizes.clientWidth);
  }
});
