import type { TDeal } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fakes.ts';
import { makeDeal, renderDealsPage } from '../testing/deal-fixtures.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

function rowOf(company: string): HTMLElement {
  const row = screen.getByRole('link', { name: company }).closest('tr');
  if (!row) throw new Error(`No row for ${company}`);
  return row;
}

afterEach(() => vi.restoreAllMocks());

describe('Deals Pipeline table', () => {
  it('shows each column as spec 02 describes', async () => {
    const scored = makeDeal({
      company: 'Lumen Robotics',
      amount_requested: 12_400_000,
      stage: 'due_diligence',
      thematic_score: 8.4,
      thematic_recommendation: 'conditional_proceed',
      red_flag_level: 'reject',
      last_interaction: daysAgo(45),
    });
    const unscored = makeDeal({
      company: 'Quill Health',
      amount_requested: 600_000,
      thematic_score: null,
      thematic_recommendation: null,
      red_flag_level: null,
      last_interaction: null,
    });
    renderDealsPage([scored, unscored]);

    expect(await screen.findByRole('heading', { name: 'Deals Pipeline', level: 1 })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Lumen Robotics' });
    const row = rowOf('Lumen Robotics');
    expect(within(row).getByRole('link', { name: 'Lumen Robotics' })).toHaveAttribute(
      'href',
      `/companies/${scored.company_id}`,
    );
    expect(within(row).getByText(`#${scored.deal_number}`)).toBeInTheDocument();
    expect(within(row).getByText('Due Diligence')).toBeInTheDocument();
    expect(within(row).getByText('€12M')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Thematic score 8.4/ })).toHaveAttribute(
      'data-tone',
      'green',
    );
    expect(within(row).getByText('Conditional Proceed')).toBeInTheDocument();
    expect(within(row).getByText('Critical Risk')).toBeInTheDocument();
    const lastContact = within(row).getByText('1mo ago');
    expect(lastContact).toHaveAttribute('data-stale', 'true');

    const pending = rowOf('Quill Health');
    expect(within(pending).getByText('Scoring...')).toBeInTheDocument();
    expect(within(pending).getByText('€1M')).toBeInTheDocument();
    expect(within(pending).getByText('Never')).not.toHaveAttribute('data-stale');
  });

  it('saves a stage edit on Enter with that one field, showing it before the server answers', async () => {
    const deal = makeDeal({ company: 'Lumen Robotics', stage: 'lead' });
    let answer: (response: Response) => void = () => undefined;
    const { server } = renderDealsPage([deal], {
      [`PATCH /deals/${deal.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Stage of Lumen Robotics: Lead' }));
    const select = screen.getByRole('combobox', { name: 'Stage of Lumen Robotics' });
    expect(within(select).getAllByRole('option')).toHaveLength(8);
    await user.selectOptions(select, 'term_sheet');
    await user.keyboard('{Enter}');

    expect(await within(rowOf('Lumen Robotics')).findByText('Term Sheet')).toBeInTheDocument();
    // The keyboard user goes on from the cell they edited.
    expect(screen.getByRole('button', { name: 'Edit Stage of Lumen Robotics: Term Sheet' })).toHaveFocus();
    await waitFor(() => expect(server.callsTo('PATCH', `/deals/${deal.id}`)).toHaveLength(1));
    expect(server.callsTo('PATCH', `/deals/${deal.id}`)[0]?.body).toEqual({ stage: 'term_sheet' });
    answer(jsonResponse(200, { ...deal, stage: 'term_sheet' }));
    await waitFor(() => expect(within(rowOf('Lumen Robotics')).getByText('Term Sheet')).toBeInTheDocument());
  });

  it('cancels an edit on Escape without saving', async () => {
    const deal = makeDeal({ company: 'Lumen Robotics', amount_requested: 5_000_000 });
    const { server } = renderDealsPage([deal]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Edit Amount of Lumen Robotics/ }));
    const input = screen.getByRole('textbox', { name: 'Amount of Lumen Robotics in EUR' });
    expect(input).toHaveValue('5000000');
    await user.clear(input);
    await user.type(input, '9000000{Escape}');

    expect(
      screen.queryByRole('textbox', { name: 'Amount of Lumen Robotics in EUR' }),
    ).not.toBeInTheDocument();
    expect(within(rowOf('Lumen Robotics')).getByText('€5M')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Edit Amount of Lumen Robotics in EUR: €5M (€5,000,000)' }),
    ).toHaveFocus();
    expect(server.callsTo('PATCH', `/deals/${deal.id}`)).toHaveLength(0);
  });

  it('saves an inline amount that is a number, and keeps the edit open with an error when not', async () => {
    const deal = makeDeal({ company: 'Lumen Robotics', amount_requested: 5_000_000 });
    const { server } = renderDealsPage([deal], {
      [`PATCH /deals/${deal.id}`]: (call) => jsonResponse(200, { ...deal, ...(call.body as object) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Edit Amount of Lumen Robotics/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Amount of Lumen Robotics in EUR' }));
    await user.keyboard('7500000.5{Enter}');
    await waitFor(() => expect(server.callsTo('PATCH', `/deals/${deal.id}`)).toHaveLength(1));
    expect(server.callsTo('PATCH', `/deals/${deal.id}`)[0]?.body).toEqual({ amount_requested: 7_500_000.5 });
    expect(await within(rowOf('Lumen Robotics')).findByText('€8M')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Edit Amount of Lumen Robotics/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Amount of Lumen Robotics in EUR' }));
    await user.keyboard('lots{Enter}');
    const input = screen.getByRole('textbox', { name: 'Amount of Lumen Robotics in EUR' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Not an amount: type a number/);
    expect(screen.getByRole('alert')).toHaveTextContent(/Not an amount: type a number/);
    // Leaving the field does not save it either.
    await user.tab();
    expect(server.callsTo('PATCH', `/deals/${deal.id}`)).toHaveLength(1);

    await user.clear(input);
    await user.keyboard('2.5m{Enter}');
    await waitFor(() => expect(server.callsTo('PATCH', `/deals/${deal.id}`)).toHaveLength(2));
    expect(server.callsTo('PATCH', `/deals/${deal.id}`)[1]?.body).toEqual({ amount_requested: 2_500_000 });
  });

  it('edits the recommendation', async () => {
    const deal = makeDeal({ company: 'Lumen Robotics', thematic_recommendation: 'proceed' });
    const { server } = renderDealsPage([deal], {
      [`PATCH /deals/${deal.id}`]: (call) => jsonResponse(200, { ...deal, ...(call.body as object) }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Edit Recommendation for Lumen Robotics: Proceed' }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Recommendation for Lumen Robotics' }),
      'reject',
    );
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.callsTo('PATCH', `/deals/${deal.id}`)[0]?.body).toEqual({
        thematic_recommendation: 'reject',
      }),
    );
    expect(within(rowOf('Lumen Robotics')).getByText('Reject')).toBeInTheDocument();
  });

  it('reloads the list, logs and tells the user when a save fails', async () => {
    const deal = makeDeal({ company: 'Lumen Robotics', stage: 'lead' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { server } = renderDealsPage([deal], {
      [`PATCH /deals/${deal.id}`]: () =>
        jsonResponse(500, { detail: 'Database unavailable', code: 'INTERNAL' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Stage of Lumen Robotics: Lead' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage of Lumen Robotics' }), 'closed');
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText(/Could not save the change to Lumen Robotics: Database unavailable/),
    ).toBeVisible();
    await waitFor(() => expect(server.callsTo('GET', '/deals')).toHaveLength(2));
    expect(logged).toHaveBeenCalled();
    await waitFor(() => expect(within(rowOf('Lumen Robotics')).getByText('Lead')).toBeInTheDocument());
  });

  it('deletes only after confirmation and alerts the failure in the words of the spec', async () => {
    const deal = makeDeal({ company: 'Lumen Robotics' });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { server } = renderDealsPage([deal], {
      [`DELETE /deals/${deal.id}`]: () =>
        jsonResponse(409, { detail: 'Deal is locked by an IC memo', code: 'LOCKED' }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Delete deal #${deal.deal_number} (Lumen Robotics)` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Delete deal #${deal.deal_number}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/deals/${deal.id}`)).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: `Delete deal #${deal.deal_number} (Lumen Robotics)` }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete deal' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to delete deal: Deal is locked by an IC memo'),
    );
    expect(server.callsTo('DELETE', `/deals/${deal.id}`)).toHaveLength(1);
  });

  it('removes a deleted deal from the list', async () => {
    let deals: TDeal[] = [makeDeal({ company: 'Lumen Robotics' }), makeDeal({ company: 'Quill Health' })];
    const [first] = deals;
    renderDealsPage(() => deals, {
      [`DELETE /deals/${first?.id}`]: () => {
        deals = deals.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Delete deal #${first?.deal_number} (Lumen Robotics)` }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete deal' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Lumen Robotics' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Quill Health' })).toBeInTheDocument();
  });

  it('sends the score range, stage and company search to the server', async () => {
    const { server } = renderDealsPage([makeDeal()]);
    const user = userEvent.setup();
    const min = await screen.findByRole('spinbutton', { name: 'Min score' });
    expect(min).toHaveAttribute('step', '0.1');
    expect(min).toHaveAttribute('min', '0');
    expect(min).toHaveAttribute('max', '10');
    await user.type(min, '6.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Max score' }), '9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'qualified');
    await user.type(screen.getByRole('searchbox', { name: 'Company' }), 'lumen');

    await waitFor(() => {
      const last = new URL(server.callsTo('GET', '/deals').at(-1)?.url ?? '');
      expect(Object.fromEntries(last.searchParams)).toMatchObject({
        min_score: '6.5',
        max_score: '9',
        stage: 'qualified',
        q: 'lumen',
      });
    });
  });

  it('flags a score outside 0 to 10 and does not send it', async () => {
    const { server } = renderDealsPage([makeDeal()]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('spinbutton', { name: 'Max score' }), '12');
    expect(await screen.findByText('Enter a score from 0 to 10')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const call of server.callsTo('GET', '/deals')) {
      expect(new URL(call.url).searchParams.has('max_score')).toBe(false);
    }
  });

  it('opens the side panel for a clicked row', async () => {
    const deal = makeDeal({
      company: 'Lumen Robotics',
      sector: 'Robotics',
      geography: 'Germany',
      source_type: 'referral',
      source_name: 'Seedcamp',
      description: 'Warehouse automation.',
    });
    const { server } = renderDealsPage([deal]);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('table')).getByText('Robotics'));
    const panel = await screen.findByRole('dialog', { name: 'Lumen Robotics' });
    // The table's rows carry no source, description, metrics or facility: the panel reads the whole deal.
    expect(await within(panel).findByText('Referral · Seedcamp')).toBeInTheDocument();
    expect(server.callsTo('GET', `/deals/${deal.id}`)).toHaveLength(1);
    expect(within(panel).getByText('Germany')).toBeInTheDocument();
    expect(within(panel).getByText('Warehouse automation.')).toBeInTheDocument();
    expect(within(panel).getByText('€8.4M')).toBeInTheDocument();
    expect(within(panel).getByText('€2M – €3.5M')).toBeInTheDocument();
    expect(within(panel).getByText('25–40% of ARR of €8.4M.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('remembers the chosen view', async () => {
    renderDealsPage([makeDeal({ company: 'Lumen Robotics' })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Board' }));
    expect(localStorage.getItem('deals_view_mode')).toBe('board');
    expect(await screen.findByRole('heading', { name: 'Legal Docs' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
