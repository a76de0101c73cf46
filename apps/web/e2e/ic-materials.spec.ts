import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';
import { waitForMail } from './support/mailbox.ts';

/**
 * IC materials from the pipeline (spec 02 §2, §4, §5, §7): Prepare IC Materials shows the progress
 * overlay, falls back from the fast generator (no model on this server) to the agent, then the IC
 * materials dialog on the stored memo; Export PDF and Download slides download it; Email sends it,
 * PDF attached, to the mail catcher; View IC materials reopens it.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

test('Prepare IC Materials → fallback → overlay → dialog → PDF, slides → email → view again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = newPerson('Committee');
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, person);
  const company = `Northwind Analytics ${person.lastName}`;
  const created = await request.post(`${E2E_BASE_URL}/api/v1/deals`, {
    headers: { Authorization: `Bearer ${auth.access_token}` },
    data: {
      company_name: company,
      amount_requested: 5_000_000,
      stage: 'due_diligence',
      sector: 'fintech',
      geography: 'United Kingdom',
      financial_metrics: { revenue: 12_000_000, revenue_growth: 0.6, employee_count: 80 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const deal = (await created.json()) as { id: string; deal_number: number };

  // Every alert the flow raises, in order (the spec's answers are alerts).
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });

  // The real server has no language model: the fast generator answers 503 not_configured and the
  // client falls back to the agent generator (spec 02 §4). Holding the first request back a moment
  // (it still goes to the real server) leaves time to see the overlay.
  await page.route('**/api/v1/ic-memos/generate-groq/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  const generation: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\/(ic-memos\/generate-groq|smolagent-ic-preparation)\//.test(pathname)) {
      generation.push(
        `${response.request().method()} ${pathname.replace(/^\/api\/v1/, '')} ${response.status()}`,
      );
    }
  });

  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  await page.getByRole('button', { name: `Open deal #${deal.deal_number} (${company})` }).click();
  const panel = page.getByRole('dialog', { name: company });
  // One Prepare IC Materials, on the AI Intelligence card (spec 01); nothing to view yet.
  const card = panel.getByRole('region', { name: 'AI Intelligence' });
  await expect(panel.getByRole('button', { name: 'Prepare IC Materials' })).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'View IC materials' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Prepare IC Materials' }).click();

  // The overlay with the first of its seven messages.
  const overlay = page.getByTestId('ic-generation-overlay');
  const dialog = page.getByRole('dialog', { name: `IC materials: ${company}` });
  await expect(overlay.getByRole('status')).toHaveText('Analysing deal data');
  await shoot(page, 'ic-materials-overlay');

  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(overlay).toBeHidden();
  const memo = dialog.getByRole('article', { name: /^IC memo version \d+$/ });
  await expect(memo).toBeVisible();
  await expect(memo.getByRole('heading', { name: 'Executive Summary' })).toBeVisible();
  await expect(memo.getByRole('heading', { name: 'Deal Terms' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Version' })).toContainText('v1');
  expect(generation).toEqual([
    `POST /ic-memos/generate-groq/${deal.id} 503`,
    'POST /smolagent-ic-preparation/generate 200',
  ]);
  await shoot(page, 'ic-materials-dialog');

  // A note number leads to its note.
  const noteButton = memo.getByRole('button', { name: /^Note \d+$/ }).first();
  if ((await noteButton.count()) > 0) {
    await noteButton.click();
    await expect(page.locator(':focus')).toHaveText(/^\[\d+\]/);
  }

  // Export PDF: a real PDF, named as the server says.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^IC_Memo_Northwind_Analytics\w*_\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Download slides: the memo as a PowerPoint file (a zip), named as the server says.
  const downloadingSlides = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download slides (.pptx)' }).click();
  const slides = await downloadingSlides;
  expect(slides.suggestedFilename()).toMatch(/^ic_memo_northwind_analytics_.+_v1\.pptx$/);
  expect(
    readFileSync(await slides.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
  expect(alerts).toEqual([]);

  // Email: recipients required, then sent; it arrives with the PDF attached.
  await dialog.getByRole('button', { name: 'Email' }).click();
  const email = page.getByRole('dialog', { name: 'Email IC materials' });
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(email.getByText('Enter at least one recipient.')).toBeVisible();
  const to = `committee-${person.lastName.toLowerCase()}@example.com`;
  const cc = `analyst-${person.lastName.toLowerCase()}@example.com`;
  await email.getByRole('textbox', { name: 'Recipients' }).fill(` ${to} , `);
  await email.getByRole('textbox', { name: 'CC (optional)' }).fill(cc);
  await shoot(page, 'ic-materials-email');
  // The job's status is held back a moment (it still comes from the real server) to see the
  // dialog waiting for it.
  await page.route('**/api/v1/agents/workflows/*/status', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(email.getByRole('status')).toHaveText(
    'Email queued. Waiting for the mail server to accept it...',
  );
  await expect(email.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await shoot(page, 'ic-materials-email-sending');
  // Said only once the email job has handed it to the mail server.
  await expect.poll(() => alerts, { timeout: 30_000 }).toEqual(['IC materials sent successfully!']);
  await expect(email).toBeHidden();

  const mail = await waitForMail(to, new RegExp(`^IC memo: ${company} \\(v1\\)$`));
  expect(mail.cc).toContain(cc);
  expect(mail.html).toContain('<h2>Executive Summary</h2>');
  expect(mail.attachments).toEqual([
    expect.objectContaining({ contentType: 'application/pdf', head: expect.stringMatching(/^%PDF-/) }),
  ]);
  expect(mail.attachments[0]?.filename).toMatch(/^IC_Memo_Northwind_Analytics\w*_\d{4}-\d{2}-\d{2}\.pdf$/);

  // The memo stays reachable from the panel without generating another.
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await shoot(page, 'ic-materials-panel');
  await panel.getByRole('button', { name: 'View IC materials' }).click();
  await expect(dialog.getByRole('article', { name: 'IC memo version 1' })).toBeVisible();
  expect(generation).toHaveLength(2);
});
