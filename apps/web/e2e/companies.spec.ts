import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/** The companies screens: add a company, its detail page, a deal from it, and the CSV import with its preview. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

function csv(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

test('add a company, open its detail page and create a deal from it', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Comp'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/companies');
  await expect(page.getByRole('heading', { name: 'Companies', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add company', exact: true }).first().click();
  const form = page.getByRole('form', { name: 'Add company' });
  await form.getByLabel('Company Name').fill('Northwind Payments');
  await form.getByLabel('Industry', { exact: true }).fill('Fintech');
  await form.getByLabel('Headquarters Country', { exact: true }).fill('United Kingdom');
  await form.getByLabel('Annual Revenue (EUR)', { exact: true }).fill('12000000');
  await form.getByLabel('Revenue Growth (%)', { exact: true }).fill('85');
  await form.getByRole('button', { name: 'Add company', exact: true }).click();
  await expect(form).toBeHidden();

  const link = page.getByRole('link', { name: 'Northwind Payments', exact: true });
  await expect(link).toBeVisible();
  await shoot(page, 'companies');

  // Growth was entered as a percent and is stored as a fraction.
  const listed = await request.get(`${E2E_BASE_URL}/api/v1/companies?search=Northwind`, {
    headers: { Authorization: `Bearer ${auth.access_token}` },
  });
  const companies = (
    (await listed.json()) as { companies: { name: string; revenue_growth: number | null }[] }
  ).companies;
  expect(companies.find((company) => company.name === 'Northwind Payments')?.revenue_growth).toBeCloseTo(
    0.85,
  );

  await link.click();
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Northwind Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Analysis', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Analysis', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Analysis', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Overview', exact: true }).click();
  await shoot(page, 'company-detail');

  // A deal from the company needs an amount.
  // The header button comes first; the empty deals card repeats it.
  await page.getByRole('button', { name: 'Create deal', exact: true }).first().click();
  const dealForm = page.getByRole('form', { name: 'Create deal' });
  const create = dealForm.getByRole('button', { name: 'Create deal', exact: true });
  await expect(create).toBeDisabled();
  await dealForm.getByLabel('Amount Requested (EUR)').fill('6000000');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(dealForm).toBeHidden();

  await expect
    .poll(async () => {
      const response = await request.get(`${E2E_BASE_URL}/api/v1/deals?q=Northwind`, {
        headers: { Authorization: `Bearer ${auth.access_token}` },
      });
      const body = (await response.json()) as { deals: { company: string; amount_requested: number }[] };
      return body.deals
        .filter((deal) => deal.company === 'Northwind Payments')
        .map((d) => d.amount_requested);
    })
    .toEqual([6_000_000]);
});

test('CSV import: a bad row blocks the import, the fixed file imports', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Csv'));
  await openSignedIn(page, E2E_BASE_URL, auth, '/companies');
  await expect(page.getByText('No companies yet')).toBeVisible();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csv(
        'bad.csv',
        'name,industry,country,revenue\nAlpha Ledger,Fintech,Germany,5000000\nBeta Grid,Energy,France,lots\n',
      ),
    );
  const preview = dialog.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('2 rows', { exact: true })).toBeVisible();
  await expect(preview.getByLabel('Rows by action')).toContainText('With errors1');
  const badRow = preview.getByRole('row').filter({ hasText: 'Beta Grid' });
  await expect(badRow.getByRole('listitem')).toContainText('revenue');
  await expect(preview.getByRole('row').filter({ hasText: 'Alpha Ledger' })).toContainText('New');
  await expect(dialog.getByRole('button', { name: /^Import( \d+ compan(y|ies))?$/ })).toBeDisabled();
  await shoot(page, 'companies-import-preview');

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csv(
        'fixed.csv',
        'name,industry,country,revenue\nAlpha Ledger,Fintech,Germany,5000000\nBeta Grid,Energy,France,7000000\n',
      ),
    );
  await expect(preview.getByLabel('Rows by action')).toContainText('With errors0');
  const importButton = dialog.getByRole('button', { name: 'Import 2 companies', exact: true });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('link', { name: 'Alpha Ledger', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Beta Grid', exact: true })).toBeVisible();
});
