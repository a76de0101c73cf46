import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Research over the organisation's own data: a deep research query on /intelligence filtered by
 * region and stage, and company discovery started from the Companies page.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const COMPANIES = [
  {
    name: 'Ledgerline Ltd',
    industry: 'Fintech',
    headquarters_country: 'United Kingdom',
    stage: 'Series B',
    description: 'Fintech ledgers for lenders.',
  },
  {
    name: 'Kontor Pay GmbH',
    industry: 'Fintech',
    headquarters_country: 'Germany',
    stage: 'Series B',
    description: 'Fintech payments for German SMEs.',
  },
  {
    name: 'Seedling Pay Ltd',
    industry: 'Fintech',
    headquarters_country: 'United Kingdom',
    stage: 'Seed',
    description: 'Fintech for allotments.',
  },
];

test('a deep research query shows the seeded companies that match its region and stage', async ({
  page,
  request,
}) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Research'));
  for (const company of COMPANIES) {
    const created = await request.post(`${E2E_BASE_URL}/api/v1/companies`, {
      headers: { Authorization: `Bearer ${auth.access_token}` },
      data: company,
    });
    expect(created.status()).toBe(201);
  }
  await openSignedIn(page, E2E_BASE_URL, auth, '/intelligence');
  await expect(page.getByRole('heading', { name: 'Deep research' })).toBeVisible();

  await page.getByRole('button', { name: 'Research', exact: true }).click();
  await expect(page.getByText('Please enter a research query')).toBeVisible();

  await page.getByLabel('Research query').fill('Series B fintech in the UK');
  await page.getByRole('button', { name: 'Research', exact: true }).click();
  await expect(page.getByText(/Research complete: 1 result/)).toBeVisible({ timeout: 45_000 });
  const results = page.getByRole('list', { name: 'Research results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('link', { name: 'Ledgerline Ltd' })).toBeVisible();
  await expect(results.getByText('Series B · UK · Fintech')).toBeVisible();
  // The filters the server read from the question.
  await expect(page.getByText('Filtered to:')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Filtered to:' }).getByRole('listitem')).toHaveText([
    'UK',
    'Series B',
  ]);
  await shoot(page, 'deep-research');

  await results.getByRole('link', { name: 'Ledgerline Ltd' }).click();
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
});

test('company discovery from the Companies page runs to completion', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Discover'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/companies');
  const button = page.getByRole('button', { name: 'Discover companies' });
  await button.click();
  await expect(page.getByRole('button', { name: 'Discovering...' })).toBeDisabled();
  await expect(page.getByText(/Company discovery completed/)).toBeVisible({ timeout: 45_000 });
  await expect(button).toBeEnabled();
  await shoot(page, 'company-discovery');
});
