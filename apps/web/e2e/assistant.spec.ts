import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/**
 * Ask Anything against the real server and its built-in analyst (issue #8 §4): a suggested prompt
 * on the dashboard, its details and a citation followed to the deal; then a question with deal
 * context in the deal side panel. Screenshots go to test-results/screens for a person to look at.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const RED_FLAGS_PROMPT = 'Which deals raised red flags this quarter?';
const DEAL_RED_FLAGS_PROMPT = 'What are the red flags on this deal, and how serious are they?';
const ERROR_TEXT =
  'I encountered an error processing your query. Please try rephrasing your question or contact support if the issue persists.';

async function createDeal(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await request.post(`${E2E_BASE_URL}/api/v1/deals`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** Two deals: one whose 4-month runway is a critical red flag, one with nothing to flag. */
async function seed(request: APIRequestContext, label: string) {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson(label));
  const flagged = await createDeal(request, auth.access_token, {
    company_name: 'Kestrel Robotics',
    amount_requested: 6_000_000,
    stage: 'due_diligence',
    sector: 'fintech',
    geography: 'United Kingdom',
    financial_metrics: { revenue: 8_000_000, arr: 8_000_000, cash: 2_000_000, monthly_burn: 500_000 },
  });
  await createDeal(request, auth.access_token, {
    company_name: 'Harbour Analytics',
    amount_requested: 3_000_000,
    stage: 'lead',
    sector: 'fintech',
    geography: 'Germany',
    financial_metrics: { revenue: 12_000_000, arr: 12_000_000, cash: 30_000_000, monthly_burn: 400_000 },
  });
  return { auth, flagged };
}

/** The request the card sent, read from the browser, with the answer it got. */
function nextChatCall(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/llm-chat/query') && response.request().method() === 'POST',
  );
}

test('ask a suggested prompt on the dashboard, open its details and follow a citation to the deal', async ({
  page,
  request,
}) => {
  const { auth, flagged } = await seed(request, 'Ask');
  await openSignedIn(page, E2E_BASE_URL, auth, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Your venture debt platform overview')).toBeVisible();
  const card = page.getByRole('region', { name: 'Ask Anything' });
  await expect(card.getByText('Suggested questions').locator('xpath=following-sibling::ul/li')).toHaveCount(
    3,
  );

  const call = nextChatCall(page);
  await card.getByRole('button', { name: RED_FLAGS_PROMPT }).click();
  const response = await call;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    query: RED_FLAGS_PROMPT,
    include_context: true,
    conversation_history: [],
  });
  const answer = card.getByRole('article', { name: `Question: ${RED_FLAGS_PROMPT}` });
  await expect(answer.getByRole('button', { name: 'Show details' })).toBeVisible({ timeout: 20_000 });
  await expect(answer).not.toContainText(ERROR_TEXT);
  await expect(answer).toContainText('Kestrel Robotics');

  await answer.getByRole('button', { name: 'Show details' }).click();
  await expect(answer.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  const badge = answer.locator('[data-tone]').filter({ hasText: /^Confidence \d+%$/ });
  await expect(badge).toHaveCount(1);
  const percent = Number((await badge.innerText()).replace(/\D/g, ''));
  const tone = await badge.getAttribute('data-tone');
  expect(tone).toBe(percent >= 80 ? 'green' : percent >= 60 ? 'yellow' : 'red');
  await expect(answer.getByText('Built-in analyst')).toBeVisible();
  await expect(answer.locator('dd code').first()).toBeVisible();
  const citations = answer.getByRole('list', { name: 'Citations' });
  await expect(citations.getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'assistant-dashboard.png'), fullPage: true });

  await citations
    .getByRole('link', { name: /^Open deal: .*Kestrel Robotics/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/deals/${flagged.id}/intelligence`);
  await expect(page.getByRole('heading', { name: 'Kestrel Robotics — Deal Intelligence' })).toBeVisible();
});

test('ask with deal context in the deal side panel', async ({ page, request }) => {
  const { auth, flagged } = await seed(request, 'Panel');
  await openSignedIn(page, E2E_BASE_URL, auth, '/deals');
  const row = page.getByRole('row').filter({ hasText: 'Kestrel Robotics' });
  await row.getByRole('button', { name: /^Open deal #/ }).click();
  const panel = page.getByRole('dialog', { name: 'Kestrel Robotics' });
  const card = panel.getByRole('region', { name: 'Ask Anything' });
  await expect(card.getByRole('textbox', { name: 'Ask a question about Kestrel Robotics' })).toBeVisible();

  const call = nextChatCall(page);
  await card.getByRole('button', { name: DEAL_RED_FLAGS_PROMPT }).click();
  const response = await call;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    query: DEAL_RED_FLAGS_PROMPT,
    include_context: true,
    conversation_history: [],
    deal_id: flagged.id,
  });
  const answer = card.getByRole('article', { name: `Question: ${DEAL_RED_FLAGS_PROMPT}` });
  await expect(answer.getByRole('button', { name: 'Show details' })).toBeVisible({ timeout: 20_000 });
  await expect(answer).not.toContainText(ERROR_TEXT);
  // The 4-month runway (cash €2M ÷ burn €500K) is the deal's critical flag.
  await expect(answer).toContainText(/runway/i);

  // A follow-up question carries the first as history, still about this deal.
  const followUp = nextChatCall(page);
  const box = card.getByRole('textbox', { name: 'Ask a question about Kestrel Robotics' });
  await box.fill('What is the runway?');
  await box.press('Enter');
  expect((await followUp).request().postDataJSON()).toEqual({
    query: 'What is the runway?',
    include_context: true,
    conversation_history: [{ role: 'user', content: DEAL_RED_FLAGS_PROMPT }],
    deal_id: flagged.id,
  });
  const second = card.getByRole('article', { name: 'Question: What is the runway?' });
  await second.getByRole('button', { name: 'Show details' }).click();
  await expect(second.getByRole('list', { name: 'Citations' })).toBeVisible();
  await second.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'assistant-side-panel.png') });
});
