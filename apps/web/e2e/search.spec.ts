import path from 'node:path';
import { makeDocx } from '@atempo/documents/testing';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/** The top-bar search and smart search over GET /search: type, move with the keys, open a result. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

test('find a company and a deal from the top bar and from smart search', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Search'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  const company = await request.post(`${E2E_BASE_URL}/api/v1/companies`, {
    headers,
    data: { name: 'Lumen Robotics', industry: 'Industrial robotics', stage: 'Series B' },
  });
  expect(company.status()).toBe(201);
  const companyId = ((await company.json()) as { id: string }).id;
  const deal = await request.post(`${E2E_BASE_URL}/api/v1/deals`, {
    headers,
    data: { company_id: companyId, amount_requested: 5_000_000 },
  });
  expect(deal.status()).toBe(201);
  const { id: dealId, deal_number: dealNumber } = (await deal.json()) as { id: string; deal_number: number };

  await openSignedIn(page, E2E_BASE_URL, auth, '/dashboard');
  const box = page.getByRole('combobox', { name: 'Search', exact: true });
  await expect(box).toHaveAttribute('placeholder', 'Search companies, deals...');
  await box.fill('lumen');
  const options = page.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText('Lumen Robotics');
  await expect(options.nth(1)).toContainText(`Lumen Robotics — Deal #${dealNumber}`);
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await shoot(page, 'top-bar-search');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/companies/${companyId}$`));
  await expect(page.getByRole('heading', { name: 'Lumen Robotics', level: 1 })).toBeVisible();

  // Smart search on /intelligence remembers the search and offers it again when the box is empty.
  await page.goto(`${E2E_BASE_URL}/intelligence`);
  const smart = page.getByRole('combobox', { name: 'Smart search' });
  await smart.fill('robotics');
  await expect(page.getByRole('option', { name: /Deal #/ })).toBeVisible();
  await shoot(page, 'smart-search');
  await page.getByRole('option', { name: /Deal #/ }).click();
  await expect(page).toHaveURL(new RegExp(`/deals/${dealId}/intelligence$`));
  await page.goto(`${E2E_BASE_URL}/intelligence`);
  await page.getByRole('combobox', { name: 'Smart search' }).click();
  await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option')).toHaveText([
    'robotics',
  ]);
});

test('a funding round found by smart search opens as its card, first and open', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('SearchRound'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  const processed = await request.post(`${E2E_BASE_URL}/api/v1/signals/funding-intelligence/process`, {
    headers,
    data: {
      articles: [
        {
          title: 'Quantia raises €9m Series A led by Seedcamp',
          url: 'https://sifted.example/quantia',
          summary: 'The Dublin-based insurtech will expand into Germany.',
          published_at: new Date().toISOString(),
          source: 'Sifted',
        },
      ],
    },
  });
  expect(processed.status(), await processed.text()).toBe(200);
  const [announcementId] = ((await processed.json()) as { announcement_ids: string[] }).announcement_ids;

  await openSignedIn(page, E2E_BASE_URL, auth, '/intelligence');
  await page.getByRole('combobox', { name: 'Smart search' }).fill('quantia');
  const hit = page.getByRole('option', { name: /Funding round$/ });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/intelligence\\?announcement=${announcementId}$`));

  const spotlight = page.getByRole('region', { name: 'Funding round from your search' });
  const card = spotlight.getByRole('article', { name: 'Quantia' });
  await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('Investment Opportunity Analysis')).toBeVisible();
  await expect(card.getByText('€9.0M').first()).toBeVisible();
  await expect(spotlight).toBeInViewport();
  await expect(spotlight).toBeFocused();
  // The list below still shows the round among the others.
  await expect(
    page.getByRole('region', { name: 'Live Funding Signals' }).getByRole('article', { name: 'Quantia' }),
  ).toBeVisible();
  await shoot(page, 'search-funding-round-spotlight');

  await spotlight.getByRole('button', { name: 'Dismiss' }).click();
  await expect(spotlight).toHaveCount(0);
  await expect(page).toHaveURL(/\/intelligence$/);
});

test('a document found from the top bar opens first in the Knowledge Hub, with its analysis', async ({
  page,
  request,
}) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('SearchDoc'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  const docx = await makeDocx([
    { heading: 'Nimbus Health credit memo' },
    'Revenue for FY2024 was EUR 3.1m.',
    'Cash at the end of FY2024 was EUR 0.9m and runway is 5 months.',
  ]);
  const uploaded = await request.post(`${E2E_BASE_URL}/api/v1/document-processing/process`, {
    headers,
    multipart: {
      file: {
        name: 'Nimbus credit memo.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from(docx),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const { document_id: documentId } = (await uploaded.json()) as { document_id: string };
  await expect
    .poll(
      async () => {
        const progress = await request.get(
          `${E2E_BASE_URL}/api/v1/document-processing/progress/${documentId}`,
          {
            headers,
          },
        );
        return ((await progress.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');

  await openSignedIn(page, E2E_BASE_URL, auth, '/dashboard');
  await page.getByRole('combobox', { name: 'Search', exact: true }).fill('nimbus credit');
  await page.getByRole('option', { name: /Document$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/knowledge\\?document=${documentId}$`));
  const spotlight = page.getByRole('region', { name: 'Document from your search' });
  const card = spotlight.getByRole('region', { name: 'Nimbus credit memo.docx' });
  await expect(card.getByText('AI Analysed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'View Document Nimbus credit memo.docx' })).toBeEnabled();
  await expect(spotlight).toBeInViewport();
  await shoot(page, 'search-document-spotlight');
  await spotlight.getByRole('button', { name: 'Dismiss' }).click();
  await expect(spotlight).toHaveCount(0);
  await expect(page).toHaveURL(/\/knowledge$/);
});
