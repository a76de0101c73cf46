import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newPerson, openSignedIn, registerOrganizationByApi } from './support/accounts.ts';
import { E2E_BASE_URL } from './support/environment.ts';

/** Score all on the Companies page: the run's progress is shown until it ends. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

test('score all shows how far the re-score has come, then the result', async ({ page, request }) => {
  const auth = await registerOrganizationByApi(request, E2E_BASE_URL, newPerson('Score'));
  const headers = { Authorization: `Bearer ${auth.access_token}` };
  for (let i = 0; i < 12; i++) {
    const created = await request.post(`${E2E_BASE_URL}/api/v1/companies`, {
      headers,
      data: {
        name: `Scored Co ${i}`,
        industry: i % 2 ? 'B2B SaaS' : 'Fintech',
        headquarters_country: 'Germany',
      },
    });
    expect(created.status()).toBe(201);
  }
  const deal = await request.post(`${E2E_BASE_URL}/api/v1/deals`, {
    headers,
    data: { company_name: 'Scored Co 0', amount_requested: 4_000_000 },
  });
  expect(deal.status()).toBe(201);

  await openSignedIn(page, E2E_BASE_URL, auth, '/companies');
  await page.getByRole('button', { name: 'Score all' }).click();
  const status = page.getByRole('status').filter({ hasText: /companies and .* deals/ });
  await expect(status).toHaveText('Scored 12 of 12 companies and 1 of 1 deals.', { timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Scoring progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await page.screenshot({ path: path.join(SHOTS, 'companies-score-all.png') });
});
