import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Funding signals end to end (issue 10 §1, §4): a Crunchbase-style CSV imported on the page and
 * four articles posted to the API (two about one round, one rumour, one not funding news); the Market
 * Intelligence page shows the stats and the signal cards, one card opens on its analysis, its
 * company is added to the organisation's companies from the card, and the list pages through.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

/** 120 rounds over the last 25 days, some without an amount, as an export writes them. */
function crunchbaseCsv(): Buffer {
  const stages = ['Seed', 'Series A', 'Series B', 'Series C', 'Pre-Seed'];
  const rows = [
    'Organization Name,Funding Type,Money Raised,Money Raised Currency,Announced Date,Lead Investors,Organization Location,Industries',
  ];
  for (let i = 0; i < 120; i++) {
    const amount = i % 10 === 9 ? '' : String((i % 7) * 3_000_000 + 1_500_000);
    rows.push(
      `Company ${String(i).padStart(3, '0')},${stages[i % stages.length]},${amount},EUR,${day(1 + (i % 25)).slice(0, 10)},Fund ${i % 4},"Berlin, Germany",FinTech`,
    );
  }
  // two rounds of years ago, reached by browsing a date range
  rows.push('Archive One,Series A,4000000,EUR,2016-03-01,Fund 1,"Berlin, Germany",FinTech');
  rows.push('Archive Two,Seed,900000,EUR,2016-03-15,Fund 2,"Berlin, Germany",FinTech');
  return Buffer.from(`\ufeff${rows.join('\r\n')}\r\n`, 'utf8');
}

test('import a CSV on the page and post articles, see the signals, open one, page through', async ({
  page,
  request,
}) => {
  // an import, a page-through and a date range: more than the default minute on a shared machine
  test.setTimeout(150_000);
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Funding'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };

  await openSignedIn(page, E2E_BASE_URL, auth, '/intelligence');
  await expect(
    page.getByText('No funding signals yet. Run a research query to discover opportunities!'),
  ).toBeVisible();
  await shoot(page, 'intelligence-empty');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page
    .getByLabel('Funding rounds CSV')
    .setInputFiles({ name: 'crunchbase.csv', mimeType: 'text/csv', buffer: crunchbaseCsv() });
  // the mapping preview first: what each column became, nothing written yet
  const dialog = page.getByRole('dialog', { name: 'Import funding rounds' });
  await expect(dialog.getByText('122 rounds to keep')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Announced Date\s+Date/ })).toBeVisible();
  await shoot(page, 'intelligence-import-preview');
  await dialog.getByRole('button', { name: 'Import 122 rounds' }).click();
  await expect(
    page.getByText('Imported 122 rows: 122 new, 0 merged, 0 refused (12 amounts not in the file)'),
    // 122 rounds written one transaction each: allow for a loaded machine
  ).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('article', { name: 'Company 000' })).toBeVisible();

  const processed = await request.post(`${E2E_BASE_URL}/api/v1/signals/funding-intelligence/process`, {
    headers,
    data: {
      articles: [
        {
          title: 'Berlin-based Voltaro raises €120m Series B to scale heat pump installs',
          url: 'https://sifted.example/voltaro',
          summary: 'The round was led by Extantia Capital, with participation from Speedinvest.',
          published_at: new Date().toISOString(),
          source: 'Sifted',
        },
        {
          title: 'Voltaro secures €120 million Series B',
          url: 'https://eu-startups.example/voltaro',
          published_at: new Date().toISOString(),
          source: 'EU-Startups',
        },
        {
          title: 'Paris-based Mistralis in talks to raise €1bn',
          url: 'https://sifted.example/mistralis-talks',
          published_at: new Date().toISOString(),
          source: 'Sifted',
        },
        {
          title: 'Stripe acquires Paymint for $200m',
          url: 'https://x.example/paymint',
          source: 'TechCrunch',
        },
      ],
    },
  });
  expect(processed.status(), await processed.text()).toBe(200);
  expect(await processed.json()).toMatchObject({ created: 2, merged: 1, skipped: 1 });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Market Intelligence', level: 1 })).toBeVisible();
  const stats = page.getByRole('list', { name: 'Funding statistics' });
  await expect(
    stats.getByRole('listitem').filter({ hasText: 'Funding Signals' }).getByText('122', { exact: true }),
  ).toBeVisible();
  await expect(
    stats.getByRole('listitem').filter({ hasText: 'High Priority' }).getByText('2', { exact: true }),
  ).toBeVisible();
  await expect(stats.getByText('12 undisclosed and 1 rumoured not counted')).toBeVisible();

  const voltaro = page.getByRole('article', { name: 'Voltaro' });
  await expect(voltaro).toBeVisible();
  await expect(voltaro.getByText('€120.0M')).toBeVisible();
  await expect(voltaro.getByText('High Priority')).toBeVisible();
  await voltaro.getByRole('button', { name: 'View Details' }).click();
  await expect(voltaro.getByText('High growth trajectory based on funding size')).toBeVisible();
  await expect(voltaro.getByText('40-60% of the round (€48.0M–€72.0M)')).toBeVisible();
  await expect(voltaro.getByText('Climate Tech')).toBeVisible();
  await expect(voltaro.getByRole('link', { name: 'Sifted' })).toBeVisible();
  await expect(voltaro.getByRole('link', { name: 'EU-Startups' })).toBeVisible();
  await shoot(page, 'intelligence-funding-signals');

  // Acting on the signal: Voltaro is not one of our companies yet; adding it turns the name into a link.
  await expect(voltaro.getByRole('link', { name: 'Voltaro' })).toHaveCount(0);
  await voltaro.getByRole('button', { name: 'Add to companies' }).click();
  await expect(page.getByText('Voltaro added to your companies')).toBeVisible();
  const companyLink = voltaro.getByRole('link', { name: 'Voltaro' });
  await expect(companyLink).toHaveAttribute('href', /^\/companies\/[0-9a-f-]{36}$/);
  await expect(voltaro.getByRole('button', { name: 'Add to companies' })).toHaveCount(0);
  await shoot(page, 'intelligence-funding-signal-added');
  const companies = await request.get(`${E2E_BASE_URL}/api/v1/companies?search=Voltaro`, { headers });
  const listed = (await companies.json()) as { companies: { id: string; name: string }[] };
  expect(listed.companies).toEqual([expect.objectContaining({ name: 'Voltaro', stage: 'Series B' })]);
  expect(await companyLink.getAttribute('href')).toBe(`/companies/${listed.companies[0]!.id}`);

  // One round, one signal: watched, reported by a third outlet, rescanned, it is one urgent signal
  // on the dashboard and one entry in the bell.
  const watched = await request.post(`${E2E_BASE_URL}/api/v1/signals/watchlist/add`, {
    headers,
    data: { company_id: listed.companies[0]!.id, alert_threshold: 0.1 },
  });
  expect(watched.status(), await watched.text()).toBe(201);
  const third = await request.post(`${E2E_BASE_URL}/api/v1/signals/funding-intelligence/process`, {
    headers,
    data: {
      articles: [
        {
          title: 'Voltaro lands €118m Series B led by Extantia Capital',
          url: 'https://tech-eu.example/voltaro',
          published_at: new Date().toISOString(),
          source: 'Tech.eu',
        },
      ],
    },
  });
  expect(await third.json()).toMatchObject({ created: 0, merged: 1 });
  const scan = await request.post(`${E2E_BASE_URL}/api/v1/intelligence/scan`, { headers });
  expect(scan.status()).toBe(202);
  const { execution_id: scanId } = (await scan.json()) as { execution_id: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`${E2E_BASE_URL}/api/v1/agents/workflows/${scanId}/status`, { headers })
          ).json()) as { status: string }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('completed');
  const roundSignals = await request.get(
    `${E2E_BASE_URL}/api/v1/signals/?type=funding_round&company_id=${listed.companies[0]!.id}`,
    { headers },
  );
  expect(((await roundSignals.json()) as { total: number }).total).toBe(1);
  // The tracked company took its round once: three articles, one round, counted once in the total.
  const voltaroCompany = (await (
    await request.get(`${E2E_BASE_URL}/api/v1/companies/${listed.companies[0]!.id}`, { headers })
  ).json()) as {
    last_funding_amount: number;
    total_funding: number;
    investors: string[];
    source_articles: { type: string | null; url: string | null }[];
  };
  expect(voltaroCompany.last_funding_amount).toBe(120_000_000);
  expect(voltaroCompany.total_funding).toBe(120_000_000);
  expect(voltaroCompany.investors).toEqual(expect.arrayContaining(['Extantia Capital']));
  expect(voltaroCompany.source_articles.filter((article) => article.type === 'funding_round')).toHaveLength(
    1,
  );
  await page.goto('/dashboard');
  const market = page.getByRole('region', { name: 'Market Intelligence' });
  await expect(market.getByText(/Voltaro raised/)).toHaveCount(1);
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  await expect(page.getByRole('menuitem').filter({ hasText: 'Voltaro' })).toHaveCount(1);
  await shoot(page, 'dashboard-one-signal-per-round');
  await page.keyboard.press('Escape');
  await page.goto('/intelligence');

  // a round only talked about is shown, marked as such
  const rumoured = page.getByRole('article', { name: 'Mistralis' });
  await expect(rumoured.getByText('Rumoured', { exact: true })).toBeVisible();
  await expect(voltaro.getByText('Rumoured', { exact: true })).toHaveCount(0);
  await rumoured.scrollIntoViewIfNeeded();
  await shoot(page, 'intelligence-rumoured-signal');

  const pages = page.getByRole('navigation', { name: 'Funding signals pages' });
  await expect(pages.getByText('Page 1 of 3 (122 total)')).toBeVisible();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText('Page 2 of 3 (122 total)')).toBeVisible();
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(pages.getByText('Page 3 of 3 (122 total)')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('article')).toHaveCount(22);
  await pages.scrollIntoViewIfNeeded();
  await shoot(page, 'intelligence-funding-signals-page-3');

  // history: a date range years back
  await page.getByLabel('Announced from', { exact: true }).fill('2016-01-01');
  await page.getByLabel('Announced to', { exact: true }).fill('2016-12-31');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Archive Two' })).toBeVisible();
  await expect(stats.getByText('2016-01-01 to 2016-12-31')).toBeVisible();
  await expect(
    stats.getByRole('listitem').filter({ hasText: 'Funding Signals' }).getByText('2', { exact: true }),
  ).toBeVisible();
  await shoot(page, 'intelligence-date-range');
});
