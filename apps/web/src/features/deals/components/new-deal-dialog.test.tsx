import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import { makeDeal, renderDealsPage } from '../testing/deal-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New Deal' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Deal' });
  return { user, dialog };
}

describe('New Deal form', () => {
  it('keeps submit disabled until a company name and an amount are present', async () => {
    renderDealsPage([]);
    const { user, dialog } = await openForm();
    const submit = within(dialog).getByRole('button', { name: 'Create Deal' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Company name'), 'Lumen Robotics');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Amount requested (EUR)'), '5000000');
    expect(submit).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Company name'));
    await user.type(within(dialog).getByLabelText('Company name'), '   ');
    expect(submit).toBeDisabled();
  });

  it('offers the stages lead through legal_docs, lead first, and the six source types', async () => {
    renderDealsPage([]);
    const { dialog } = await openForm();
    const stage = within(dialog).getByLabelText('Stage');
    expect(stage).toHaveValue('lead');
    expect(
      within(stage)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['lead', 'qualified', 'due_diligence', 'ic_review', 'term_sheet', 'legal_docs']);
    const source = within(dialog).getByLabelText('Source type');
    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Direct', 'Tier 1 VC', 'Tier 2 VC', 'Referral', 'Inbound', 'Conference']);
  });

  it('creates the deal with the amount as typed, separators and decimals read, and reloads the list', async () => {
    const created = makeDeal({ company: 'Lumen Robotics' });
    const { server } = renderDealsPage([], { 'POST /deals': () => jsonResponse(201, created) });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Company name'), ' Lumen Robotics ');
    await user.type(within(dialog).getByLabelText('Amount requested (EUR)'), '7,500,000.90');
    await user.selectOptions(within(dialog).getByLabelText('Source type'), 'tier1_vc');
    await user.type(within(dialog).getByLabelText('Source name (optional)'), 'Balderton');
    await user.selectOptions(within(dialog).getByLabelText('Stage'), 'qualified');
    await user.type(within(dialog).getByLabelText('Sector (optional)'), 'Robotics');
    await user.click(within(dialog).getByRole('button', { name: 'Create Deal' }));

    await waitFor(() => expect(server.callsTo('POST', '/deals')).toHaveLength(1));
    expect(server.callsTo('POST', '/deals')[0]?.body).toEqual({
      company_name: 'Lumen Robotics',
      amount_requested: 7_500_000.9,
      source_type: 'tier1_vc',
      source_name: 'Balderton',
      stage: 'qualified',
      sector: 'Robotics',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Deal' })).not.toBeInTheDocument());
    await waitFor(() => expect(server.callsTo('GET', '/deals')).toHaveLength(2));
  });

  it('shows an inline error for an amount that is not a number and sends nothing', async () => {
    const { server } = renderDealsPage([], { 'POST /deals': () => jsonResponse(201, makeDeal()) });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Company name'), 'Lumen Robotics');
    const amount = within(dialog).getByLabelText('Amount requested (EUR)');
    await user.type(amount, 'lots');
    expect(amount).toHaveAccessibleDescription(/Not an amount: type a number/);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    const submit = within(dialog).getByRole('button', { name: 'Create Deal' });
    expect(submit).toBeDisabled();
    await user.type(amount, '{Enter}');
    expect(server.callsTo('POST', '/deals')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2.5m');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(submit);
    await waitFor(() =>
      expect(server.callsTo('POST', '/deals')[0]?.body).toMatchObject({ amount_requested: 2_500_000 }),
    );
  });

  it('alerts a failure in the words of the spec and keeps the form', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderDealsPage([], {
      'POST /deals': () =>
        jsonResponse(422, { detail: 'amount_requested: is too large', code: 'VALIDATION' }),
    });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Company name'), 'Lumen Robotics');
    await user.type(within(dialog).getByLabelText('Amount requested (EUR)'), '5000000');
    await user.click(within(dialog).getByRole('button', { name: 'Create Deal' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to create deal: amount_requested: is too large'),
    );
    expect(within(dialog).getByLabelText('Company name')).toHaveValue('Lumen Robotics');
  });
});
