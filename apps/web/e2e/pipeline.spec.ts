import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/** The deals pipeline (/deals): the New Deal form, inline edits, the score filter, the score dialog and the board. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

interface Deal {
  id: string;
  company: string;
  stage: string;
  amount_requested: number;
  thematic_score: number | null;
}

async function createDeal(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await request.post(`${E2E_BASE_URL}/api/v1/deals`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Deal;
}

async function getDeal(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`${E2E_BASE_URL}/api/v1/deals/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Deal;
}

async function scoreOf(request: APIRequestContext, token: string, id: string) {
  let score: number | null = null;
  await expect
    .poll(
      async () => {
        score = (await getDeal(request, token, id)).thematic_score;
        return score !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return score as unknown as number;
}

const GOOD = {
  sector: 'fintech',
  geography: 'United Kingdom',
  amount_requested: 8_000_000,
  stage: 'lead',
  financial_metrics: {
    revenue: 12_000_000,
    arr: 12_000_000,
    revenue_growth: 0.8,
    gross_margin: 0.75,
    monthly_burn: 400_000,
    cash: 15_000_000,
    runway_months: 36,
    monthly_churn: 0.01,
    net_revenue_retention: 1.2,
    employee_count: 120,
  },
};
const POOR = { sector: 'gaming', geography: 'Brazil', amount_requested: 100_000_000, stage: 'lead' };

test('new deal form, inline edits and the score badge', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Pipe'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  await expect(page.getByRole('heading', { name: 'Deals Pipeline' })).toBeVisible();
  await expect(page.getByText('No deals yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New Deal', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const submit = dialog.getByRole('button', { name: 'Create Deal', exact: true });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Company name').fill('Lumen Robotics');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Amount requested (EUR)').fill('5000000');
  await expect(submit).toBeEnabled();
  await dialog.getByLabel('Sector (optional)').fill('Fintech');
  await dialog.getByLabel('Geography (optional)').fill('United Kingdom');
  await submit.click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'Lumen Robotics' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: /^Thematic score \d+\.\d for Lumen Robotics/ })).toBeVisible({
    timeout: 20_000,
  });
  await shoot(page, 'deals-table');

  // Inline edit of the amount: Enter saves.
  await row.getByRole('button', { name: /^Edit Amount of Lumen Robotics in EUR/ }).click();
  const amount = page.getByLabel('Amount of Lumen Robotics in EUR', { exact: true });
  await amount.fill('7500000');
  await amount.press('Enter');
  await expect(amount).toBeHidden();
  const listed = async () => {
    const response = await request.get(`${E2E_BASE_URL}/api/v1/deals?q=Lumen`, {
      headers: { Authorization: `Bearer ${auth.access_token}` },
    });
    const body = (await response.json()) as { deals: Deal[] };
    return body.deals.find((deal) => deal.company === 'Lumen Robotics');
  };
  await expect.poll(async () => (await listed())?.amount_requested).toBe(7_500_000);
  await page.reload();
  await expect(
    page.getByRole('button', { name: /^Edit Amount of Lumen Robotics in EUR: .*\(€7,500,000\)$/ }),
  ).toBeVisible();

  // Inline edit of the stage: Escape cancels.
  await page.getByRole('button', { name: /^Edit Stage of Lumen Robotics/ }).click();
  const stage = page.getByLabel('Stage of Lumen Robotics', { exact: true });
  await stage.selectOption('qualified');
  await stage.press('Escape');
  await expect(stage).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Edit Stage of Lumen Robotics: Lead', exact: true }),
  ).toBeVisible();
  const deal = await listed();
  expect(deal?.stage).toBe('lead');
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Edit Stage of Lumen Robotics: Lead', exact: true }),
  ).toBeVisible();
});

test('min score filter, score dialog and moving a card on the board', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Board'));
  const good = await createDeal(request, auth.access_token, { company_name: 'Thesis Fit Ltd', ...GOOD });
  const poor = await createDeal(request, auth.access_token, { company_name: 'Far Off Games', ...POOR });
  const goodScore = await scoreOf(request, auth.access_token, good.id);
  const poorScore = await scoreOf(request, auth.access_token, poor.id);
  expect(goodScore).toBeGreaterThan(poorScore);

  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: 'Thesis Fit Ltd', exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Far Off Games', exact: true })).toBeVisible();

  // A minimum between the two scores hides the poor deal.
  const threshold = ((goodScore + poorScore) / 2).toFixed(1);
  await page.getByLabel('Min score', { exact: true }).fill(threshold);
  await expect(table.getByRole('link', { name: 'Far Off Games', exact: true })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Thesis Fit Ltd', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(table.getByRole('link', { name: 'Far Off Games', exact: true })).toBeVisible();

  // The score dialog has both tabs.
  await page.getByRole('button', { name: /^Thematic score .* for Thesis Fit Ltd/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Thematic Score', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dialog.getByRole('tab', { name: 'Red Flags', exact: true }).click();
  await expect(dialog.getByRole('tab', { name: 'Red Flags', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await shoot(page, 'deal-score-dialog');
  await dialog.getByRole('tab', { name: 'Thematic Score', exact: true }).click();
  // The list rows carry no breakdown: the dialog shows it from the whole deal.
  await expect(dialog.getByRole('meter', { name: 'Sector Alignment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The side panel shows the whole deal: metrics and the suggested facility.
  await page.getByRole('button', { name: /^Open deal #\d+ \(Thesis Fit Ltd\)/ }).click();
  const panel = page.getByRole('dialog', { name: 'Thesis Fit Ltd' });
  await expect(panel.getByRole('heading', { name: 'Suggested facility' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View company' })).toBeVisible();
  await expect(panel.getByText('No financial metrics recorded.')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The API answers the table its projection, compressed when the client accepts it.
  const listed = await request.get(`${E2E_BASE_URL}/api/v1/deals?limit=50`, {
    headers: { Authorization: `Bearer ${auth.access_token}`, 'Accept-Encoding': 'br, gzip' },
  });
  const listedText = await listed.text();
  expect(listedText).toContain('Thesis Fit Ltd');
  expect(listedText).not.toMatch(/scoring_breakdown|red_flags|suggested_facility|financial_metrics/);

  // The board asks for its own cards, never the table rows or whole deals.
  const boardCalls: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/v1/deals')) boardCalls.push(url.pathname);
  });

  // Board: drag the good deal from Lead to another column.
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  const lead = page.locator('section[data-stage="lead"]');
  const target = page.locator('section[data-stage]').nth(1);
  const targetStage = (await target.getAttribute('data-stage')) ?? '';
  expect(targetStage).not.toBe('lead');
  const card = lead.getByRole('article', { name: /^Thesis Fit Ltd, deal #/ });
  await expect(card).toBeVisible();
  await shoot(page, 'deals-board');
  await card.dragTo(target);
  await expect(target.getByRole('article', { name: /^Thesis Fit Ltd, deal #/ })).toBeVisible();
  await expect.poll(async () => (await getDeal(request, auth.access_token, good.id)).stage).toBe(targetStage);
  expect((await getDeal(request, auth.access_token, poor.id)).stage).toBe('lead');
  expect(boardCalls).toContain('/api/v1/deals/board');
  expect(boardCalls.filter((path) => path === '/api/v1/deals')).toEqual([]);
});
