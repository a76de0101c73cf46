import type { TCompanyWithWatch } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { detailRoutes, listOf, makeCompany, STATS } from '../test/company-fixtures.ts';

function serverWith(companies: TCompanyWithWatch[], routes: Record<string, ApiRoute> = {}) {
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /companies': () => jsonResponse(200, listOf(companies)),
    'GET /company-scoring/stats': () => jsonResponse(200, STATS),
    ...routes,
  });
}

/** Amounts typed on the Companies screen: shorthand read, anything else refused where it is typed. */
describe('Amounts on the Companies screen', () => {
  it('refuses "lots" as a deal amount inline, and sends the shorthand amount as a number', async () => {
    storeSession();
    const company = makeCompany({ name: 'Nova Freight' });
    const server = serverWith([company], {
      ...detailRoutes([company]),
      'POST /deals': () => jsonResponse(201, { id: 'deal-1', deal_number: 7 }),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    // The first render of the page loads its modules: allow it more than the default second.
    await user.click(
      await screen.findByRole('button', { name: 'Create deal for Nova Freight' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create deal for Nova Freight' });
    // The dialog fills its form from the whole company record, which it loads first.
    const amount = await within(dialog).findByLabelText('Amount Requested (EUR)');
    const submit = within(dialog).getByRole('button', { name: 'Create deal' });

    await user.type(amount, 'lots');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/Not an amount/);
    expect(submit).toBeDisabled();
    await user.type(amount, '{Enter}');
    expect(server.callsTo('POST', '/deals')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2.5m');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(submit);
    await waitFor(() => expect(server.callsTo('POST', '/deals')).toHaveLength(1));
    expect(server.callsTo('POST', '/deals')[0]?.body).toMatchObject({ amount_requested: 2_500_000 });
  });

  it("refuses text in a company's money fields inline and adds nothing until fixed", async () => {
    storeSession();
    const server = serverWith([], {
      'POST /companies': (call) => jsonResponse(201, makeCompany(call.body as Partial<TCompanyWithWatch>)),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click(
      (await screen.findAllByRole('button', { name: 'Add company' }, { timeout: 10_000 }))[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add company' });
    await user.type(within(dialog).getByLabelText('Company Name'), 'Acme Robotics');
    const revenue = within(dialog).getByLabelText('Annual Revenue (EUR)');
    await user.type(revenue, 'lots');
    expect(revenue).toHaveAccessibleDescription(/Not an amount/);
    const submit = within(dialog).getByRole('button', { name: 'Add company' });
    expect(submit).toBeDisabled();

    await user.clear(revenue);
    await user.type(revenue, '1,500,000');
    await user.type(within(dialog).getByLabelText('Total Funding (EUR)'), '12m');
    await user.click(submit);
    await waitFor(() => expect(server.callsTo('POST', '/companies')).toHaveLength(1));
    expect(server.callsTo('POST', '/companies')[0]?.body).toEqual({
      name: 'Acme Robotics',
      revenue: 1_500_000,
      total_funding: 12_000_000,
    });
  });
});
