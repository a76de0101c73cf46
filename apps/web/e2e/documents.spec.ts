import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeDocx, makePdf, makeXlsx } from '@atempo/documents/testing';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Document intelligence end to end (issue 7): three real files (a PDF made by pdfkit, a .docx and an
 * .xlsx) uploaded on a deal, analysed by the real server's jobs, shown on the AI Intelligence card,
 * on the deal's intelligence page, and found in the Knowledge Hub by a word from page 2 of the PDF.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
/** A word that appears only on page 2 of the PDF. */
const PAGE_TWO_WORD = 'quasicrystal';

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Serious and critical axe findings (WCAG 2.x A/AA), named so a failure says what to fix. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function createDeal(request: APIRequestContext, token: string) {
  const response = await request.post(`${E2E_BASE_URL}/api/v1/deals`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      company_name: 'Lumen Robotics',
      amount_requested: 5_000_000,
      stage: 'qualified',
      sector: 'fintech',
      geography: 'United Kingdom',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string; deal_number: number };
}

async function files() {
  const pdf = await makePdf(
    [
      'Lumen Robotics\nInvestor presentation, June 2025\nARR of EUR 8.4m in FY2024, up from EUR 5.1m in FY2023.\nGross margin of 72% in FY2024.',
      `Technology\nOur warehouse robots grip parcels with a ${PAGE_TWO_WORD} gripper made in Eindhoven.\nHeadcount of 85 at the end of FY2024.`,
    ],
    { title: 'Lumen Robotics pitch deck' },
  );
  const docx = await makeDocx([
    { heading: 'Board report Q1 2025' },
    'Revenue for FY2024 was EUR 10.2m.',
    'Cash at the end of FY2024 was EUR 3.1m and runway is 14 months.',
    'Monthly net burn is EUR 220k.',
  ]);
  const xlsx = makeXlsx([
    {
      name: 'P&L',
      rows: [
        ['EUR', 'FY2023', 'FY2024'],
        ['Revenue', 7_000_000, 10_200_000],
        ['Gross margin', 0.68, 0.72],
        ['EBITDA', -1_200_000, -800_000],
      ],
    },
  ]);
  return [
    { name: 'Lumen pitch deck.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) },
    {
      name: 'Lumen board report.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(docx),
    },
    {
      name: 'Lumen model.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(xlsx),
    },
  ];
}

test('upload three files on a deal, watch them analysed, read the card, the intelligence page and the hub', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(240_000);
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Docs'));
  const deal = await createDeal(request, auth.access_token);
  const uploads = await files();

  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  await page.getByRole('button', { name: `Open deal #${deal.deal_number}` }).click();
  const panel = page.getByRole('dialog', { name: 'Lumen Robotics' });
  const card = panel.getByRole('region', { name: 'AI Intelligence' });
  await expect(card.getByText('AI analysis will appear here when documents are uploaded')).toBeVisible();

  const upload = panel.getByRole('region', { name: 'Smart Document Upload' });
  await upload.getByLabel('Documents to analyse').setInputFiles(uploads);
  const row = (name: string) => upload.getByRole('listitem', { name, exact: true });

  // One after another: while the first is analysed the others wait.
  await expect(row('Lumen pitch deck.pdf').getByText('Analysing')).toBeVisible();
  await expect(row('Lumen model.xlsx').getByText('Pending')).toBeVisible();
  await shoot(page, 'documents-uploading');
  for (const { name } of uploads) {
    await expect(row(name).getByText('Completed')).toBeVisible({ timeout: 90_000 });
  }
  // Each completed file shows its analysis: a type, a confidence and figures with their sources.
  await expect(row('Lumen pitch deck.pdf').getByText(/\d+% confidence/)).toBeVisible();
  await expect(row('Lumen model.xlsx').getByText(/P&L!/).first()).toBeVisible();
  await shoot(page, 'documents-uploaded');

  // The card fills from the analysed documents.
  await expect(card.getByText('From 3 analysed documents')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Key Metrics')).toBeVisible();
  const metrics = card.getByRole('term');
  expect(await metrics.count()).toBeGreaterThan(0);
  expect(await metrics.count()).toBeLessThanOrEqual(4);
  await expect(card.getByRole('button', { name: 'Prepare IC Materials' })).toBeEnabled();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'documents-card');
  expect(await axeFindings(page)).toEqual([]);

  // Accepting a figure onto the deal: the dialog shows old → new before anything is written.
  await card.getByRole('button', { name: 'Accept metrics' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept metrics onto the deal' });
  const arr = accept.getByRole('row').filter({ has: page.getByRole('checkbox', { name: 'Accept ARR' }) });
  await expect(arr).toContainText('none');
  await expect(arr).toContainText('€8.4M');
  await shoot(page, 'documents-accept-metrics');
  expect(await axeFindings(page)).toEqual([]);
  await arr.getByRole('checkbox').check();
  await accept.getByRole('button', { name: 'Accept 1 metric' }).click();
  await expect(accept).toBeHidden();
  // The deal now carries the figure (the panel reads the re-scored deal again).
  const dealMetrics = panel.locator('section', {
    has: page.getByRole('heading', { name: 'Key financial metrics' }),
  });
  await expect(dealMetrics).toContainText('ARR');
  await expect(dealMetrics).toContainText('€8.4M');

  // Full Analysis opens the intelligence page in a new tab.
  const [intelligence] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: /Full Analysis/ }).click(),
  ]);
  await intelligence.waitForLoadState();
  expect(new URL(intelligence.url()).pathname).toBe(`/deals/${deal.id}/intelligence`);
  await expect(
    intelligence.getByRole('heading', { name: 'Lumen Robotics — Deal Intelligence', level: 1 }),
  ).toBeVisible();
  for (const { name } of uploads) {
    await expect(intelligence.getByRole('region', { name })).toBeVisible();
  }
  // A source shows the words the figure was read from.
  const model = intelligence.getByRole('region', { name: 'Lumen model.xlsx' });
  const source = model.getByRole('button', { name: /^P&L!/ }).first();
  await source.click();
  await expect(source).toHaveAttribute('aria-expanded', 'true');
  await expect(model.locator('blockquote').first()).toBeVisible();
  await expect(intelligence.getByText(/Lumen pitch deck\.pdf/).first()).toBeVisible();
  await intelligence.screenshot({ path: path.join(SHOTS, 'documents-intelligence.png'), fullPage: true });
  expect(await axeFindings(intelligence)).toEqual([]);
  await intelligence.close();

  // The Knowledge Hub finds the PDF by a word that is only on its second page.
  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { name: 'Knowledge Hub', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lumen pitch deck.pdf' })).toBeVisible();
  await page.getByLabel('Search documents').fill(PAGE_TWO_WORD);
  const hit = page.getByRole('region', { name: 'Lumen pitch deck.pdf' });
  await expect(hit.getByText(/^\d+% relevant$/)).toBeVisible({ timeout: 15_000 });
  // The preview is the passage around the hit, on page 2 (a pitch deck's pages are its slides).
  await expect(hit.getByText(new RegExp(`^(page|slide) 2: .*${PAGE_TWO_WORD}`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lumen model.xlsx' })).toBeHidden();
  await shoot(page, 'documents-knowledge-search');
  expect(await axeFindings(page)).toEqual([]);

  // View Document opens the file itself (fetched with the session) in a new tab.
  const [viewer] = await Promise.all([
    context.waitForEvent('page'),
    hit.getByRole('button', { name: 'View Document Lumen pitch deck.pdf' }).click(),
  ]);
  await expect.poll(() => viewer.url(), { timeout: 15_000 }).toMatch(/^blob:/);
  await viewer.close();
});

/**
 * Issue 18 §4: a listed company's annual report (a real FinanceBench 10-K) uploaded on a
 * startup's deal is named for what it is before its figures, accepting them asks for confirmation,
 * and the same file uploaded again is flagged as a duplicate, not analysed twice.
 */
test('a document about another company is flagged before its figures, and a second copy is a duplicate', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Wrong'));
  const deal = await createDeal(request, auth.access_token);
  const tenK = {
    name: 'annual-report-2021.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(
      path.resolve(import.meta.dirname, '../../../../shared/corpus/financebench/pdfs/COSTCO_2021_10K.pdf'),
    ),
  };
  const warning = 'This document appears to be about Costco Wholesale Corporation, not Lumen Robotics.';

  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  await page.getByRole('button', { name: `Open deal #${deal.deal_number}` }).click();
  const panel = page.getByRole('dialog', { name: 'Lumen Robotics' });
  const upload = panel.getByRole('region', { name: 'Smart Document Upload' });
  await upload.getByLabel('Documents to analyse').setInputFiles([tenK]);
  const row = upload.getByRole('listitem', { name: tenK.name, exact: true });
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 120_000 });
  // The upload result says whose document it is before listing its figures.
  await expect(row.getByText(warning)).toBeVisible();
  const warned = await row.getByText(warning).boundingBox();
  const figures = await row.getByRole('list', { name: `Figures found in ${tenK.name}` }).boundingBox();
  if (warned && figures) expect(warned.y).toBeLessThan(figures.y);

  // So does the card, above its Key Metrics, and each figure says whose it is.
  const card = panel.getByRole('region', { name: 'AI Intelligence' });
  await expect(card.getByText(warning)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('About Costco Wholesale Corporation').first()).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `documents-other-company-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await axeFindings(page)).toEqual([]);

  // Accepting asks for an explicit confirmation before anything is written.
  await card.getByRole('button', { name: 'Accept metrics' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept metrics onto the deal' });
  const firstBox = accept
    .getByRole('checkbox', { name: /^Accept / })
    .and(page.locator(':enabled'))
    .first();
  await firstBox.check();
  const confirm = accept.getByRole('checkbox', { name: 'Write these figures onto Lumen Robotics anyway' });
  await expect(confirm).toBeVisible();
  await expect(accept.getByRole('button', { name: 'Accept 1 metric' })).toBeDisabled();
  await shoot(page, 'documents-other-company-accept');
  await confirm.check();
  await expect(accept.getByRole('button', { name: 'Accept 1 metric' })).toBeEnabled();
  await accept.getByRole('button', { name: 'Cancel' }).click();

  // The same file again: flagged as a duplicate of the first, not analysed again.
  await upload
    .getByLabel('Documents to analyse')
    .setInputFiles([{ ...tenK, name: 'annual-report-copy.pdf' }]);
  const again = upload.getByRole('listitem', { name: 'annual-report-copy.pdf', exact: true });
  await expect(again.getByText(/already on the deal as annual-report-2021\.pdf/)).toBeVisible({
    timeout: 30_000,
  });
  await again.scrollIntoViewIfNeeded();
  await shoot(page, 'documents-duplicate');
  const documents = await request.get(`${E2E_BASE_URL}/api/v1/deals/${deal.id}/intelligence`, {
    headers: { Authorization: `Bearer ${auth.access_token}` },
  });
  expect(
    ((await documents.json()) as { document_intelligence: { documents: unknown[] } }).document_intelligence
      .documents,
  ).toHaveLength(1);
});
