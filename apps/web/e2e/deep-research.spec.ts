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
    'Fintech',
  ]);
  await shoot(page, 'deep-research');

  await results.getByRole('link', { name: 'Ledgerline Ltd' }).click();
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
});

test('a narrow query applies its place, sector and time window, pages its results and shows labels', async ({
  page,
  request,
}) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Pages'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  // 24 Nordic climate-tech rounds of this week and one from last year, through the ingest.
  const names = ['Frost', 'Fjord', 'Nord', 'Tundra', 'Polar', 'Skog'].flatMap((first) =>
    ['volt', 'grid', 'heat', 'wind'].map((second) => `${first}${second}`),
  );
  const articles = names.map((name, i) => ({
    title: `Stockholm-based climate tech startup ${name} raises €${i + 2}m Series A`,
    url: `https://nordic.example/${name.toLowerCase()}`,
    published_at: new Date(Date.now() - (i % 5) * 3_600_000).toISOString(),
    source: 'Nordic Startup Post',
  }));
  articles.push({
    title: 'Oslo-based climate tech startup Oldfjord raises €9m Series A',
    url: 'https://nordic.example/oldfjord',
    published_at: new Date(Date.now() - 400 * 86_400_000).toISOString(),
    source: 'Nordic Startup Post',
  });
  const posted = await request.post(`${E2E_BASE_URL}/api/v1/signals/funding-intelligence/process`, {
    headers,
    data: { articles },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await openSignedIn(page, E2E_BASE_URL, auth, '/intelligence');
    await page.getByLabel('Research query').fill('climate tech in the Nordics in the last 90 days');
    await page.getByRole('button', { name: 'Research', exact: true }).click();
    await expect(page.getByText(/Research complete: \d+ results/)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('list', { name: 'Filtered to:' }).getByRole('listitem')).toHaveText([
      'Nordics',
      'Climate Tech',
      'Last 90 days',
    ]);
    const results = page.getByRole('list', { name: 'Research results' });
    await expect(results.getByRole('listitem')).toHaveCount(20);
    // Labels as people read them, never the stored keys; last year's round is outside the window.
    await expect(results.getByText(/Climate Tech/).first()).toBeVisible();
    await expect(page.getByText(/climate_tech/)).toHaveCount(0);
    await expect(page.getByText(/Oldfjord/)).toHaveCount(0);
    const pages = page.getByRole('navigation', { name: 'Research results pages' });
    await expect(pages.getByText(/^Page 1 of \d+ \(\d+ total\)$/)).toBeVisible();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText(/^Page 2 of \d+/)).toBeVisible();
    await shoot(page, `deep-research-pages-${width}`);
    // What a person sees: the filters and first results, then the page buttons.
    await page.getByRole('list', { name: 'Filtered to:' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `deep-research-filters-${width}.png`) });
    await pages.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `deep-research-pagination-${width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
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
