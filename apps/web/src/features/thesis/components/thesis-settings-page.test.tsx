import { DEFAULT_THESIS, type TInvestmentThesis } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

const SMALL_THESIS: TInvestmentThesis = {
  ...DEFAULT_THESIS,
  primary_markets: { 'United Kingdom': 1, Germany: 0.9 },
  target_sectors: { fintech: { weight: 0.9, min_gross_margin: 0.5, focus_areas: ['payments'] } },
};

function serverWith(routes: Record<string, ApiRoute> = {}, role: 'admin' | 'member' = 'admin') {
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe({ role })),
    'GET /configuration/thesis': () => jsonResponse(200, { success: true, data: SMALL_THESIS }),
    'PUT /configuration/thesis': (call) => jsonResponse(200, { success: true, data: call.body }),
    ...routes,
  });
}

const savedBody = (server: ReturnType<typeof serverWith>) =>
  server.callsTo('PUT', '/configuration/thesis').at(-1)?.body as TInvestmentThesis | undefined;

async function openSettings(server = serverWith()) {
  storeSession();
  const view = renderApp('/settings', server);
  await screen.findByRole('region', { name: 'Geographic Markets' });
  return { ...view, server, user: userEvent.setup() };
}

describe('Investment Thesis Settings', () => {
  it('shows Loading... and then the saved configuration', async () => {
    storeSession();
    renderApp('/settings', serverWith());
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Minimum Deal Size (EUR)')).toHaveValue(2_000_000);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Investment Thesis Settings' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Weight for Germany' })).toHaveValue(0.9);
    expect(screen.getByRole('checkbox', { name: 'Venture Debt' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Growth Equity' })).not.toBeChecked();
    expect(screen.getByText(/re-scores every deal and company/)).toBeInTheDocument();
  });

  it('says so when the configuration cannot be loaded', async () => {
    storeSession();
    renderApp(
      '/settings',
      serverWith({
        'GET /configuration/thesis': () => jsonResponse(500, { detail: 'boom', code: 'INTERNAL' }),
      }),
    );
    expect(await screen.findByText('Failed to load configuration')).toBeInTheDocument();
  });

  it('adds a trimmed market with Enter, and only when a name is given', async () => {
    const { user, server } = await openSettings();
    const markets = screen.getByRole('region', { name: 'Geographic Markets' });
    const add = within(markets).getByRole('button', { name: 'Add market' });
    const name = within(markets).getByRole('textbox', { name: 'New market' });
    expect(add).toBeDisabled();
    await user.type(name, '   ');
    expect(add).toBeDisabled();
    await user.type(within(markets).getByRole('spinbutton', { name: 'New market weight' }), '0.45');
    await user.clear(name);
    await user.type(name, '  Denmark {Enter}');

    expect(within(markets).getByRole('spinbutton', { name: 'Weight for Denmark' })).toHaveValue(0.45);
    expect(name).toHaveValue('');
    await user.click(within(markets).getByRole('button', { name: 'Remove Germany' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(savedBody(server)?.primary_markets).toEqual({ 'United Kingdom': 1, Denmark: 0.45 }),
    );
  });

  it('adds a sector under a normalised key with a 0.4 minimum gross margin by default', async () => {
    const { user, server } = await openSettings();
    const sectors = screen.getByRole('region', { name: 'Sector Preferences' });
    const add = within(sectors).getByRole('button', { name: 'Add sector' });
    expect(add).toBeDisabled();
    expect(within(sectors).getByRole('spinbutton', { name: 'New sector minimum gross margin' })).toHaveValue(
      0.4,
    );
    await user.type(within(sectors).getByRole('spinbutton', { name: 'New sector weight' }), '0.7');
    await user.type(within(sectors).getByRole('textbox', { name: 'New sector' }), '  Climate   Tech{Enter}');

    expect(within(sectors).getByText('climate_tech')).toBeInTheDocument();
    // Shown with the casing typed (not "Climate tech").
    expect(within(sectors).getByText('Climate Tech')).toBeInTheDocument();
    expect(within(sectors).getByRole('spinbutton', { name: 'Weight for Climate Tech' })).toHaveValue(0.7);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(savedBody(server)?.target_sectors.climate_tech).toEqual({
        name: 'Climate Tech',
        weight: 0.7,
        min_gross_margin: 0.4,
        focus_areas: [],
      }),
    );
    expect(savedBody(server)?.target_sectors.fintech).toEqual(SMALL_THESIS.target_sectors.fintech);
  });

  it('gives every weight a 0 to 1 range in steps of 0.01', async () => {
    await openSettings();
    const weights = screen.getAllByRole('spinbutton', {
      name: /^(Weight for|New market weight|New sector weight)/,
    });
    expect(weights.length).toBeGreaterThanOrEqual(5);
    for (const input of weights) {
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('max', '1');
      expect(input).toHaveAttribute('step', '0.01');
    }
  });

  it('reads deal sizes as whole euros and an empty CAC payback as 18 months', async () => {
    const { user, server } = await openSettings();
    const min = screen.getByLabelText('Minimum Deal Size (EUR)');
    await user.clear(min);
    await user.type(min, '1500000.75');
    const max = screen.getByLabelText('Maximum Deal Size (EUR)');
    await user.clear(max);
    await user.type(max, '30000000');
    const cac = screen.getByLabelText('Maximum CAC Payback (months)');
    await user.clear(cac);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(savedBody(server)?.deal_size_range).toEqual([1_500_000, 30_000_000]));
    expect(savedBody(server)?.financial_requirements.cac_payback_months).toEqual({ max: 18 });
  });

  it('shows Saving... while saving, then Configuration saved successfully!', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, server } = await openSettings(
      serverWith({
        'PUT /configuration/thesis': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Growth Equity' }));
    await user.selectOptions(screen.getByLabelText('Board Observer Rights'), 'required');
    await user.click(save);

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    const body = savedBody(server);
    expect(body?.deal_types).toEqual(['venture_debt', 'revenue_based_financing', 'growth_equity']);
    expect(body?.risk_parameters.board_observer_rights).toBe('required');
    answer(jsonResponse(200, { success: true, data: body }));
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('shows Failed to save configuration with the field the server names', async () => {
    const detail = 'primary_markets.Denmark: weight must be between 0 and 1';
    const { user } = await openSettings(
      serverWith({
        'PUT /configuration/thesis': () => jsonResponse(422, { detail, code: 'VALIDATION_ERROR' }),
      }),
    );
    const markets = screen.getByRole('region', { name: 'Geographic Markets' });
    await user.type(within(markets).getByRole('spinbutton', { name: 'New market weight' }), '0.5');
    await user.type(within(markets).getByRole('textbox', { name: 'New market' }), 'Denmark{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to save configuration');
    // named as the screen labels the field, never by its raw key
    expect(alert).toHaveTextContent('Weight for Denmark: weight must be between 0 and 1');
    expect(alert).not.toHaveTextContent('primary_markets');
  });

  it('refuses a weight outside 0 to 1 while it is typed, before any save', async () => {
    const { user } = await openSettings();
    const markets = screen.getByRole('region', { name: 'Geographic Markets' });
    const weight = within(markets).getByRole('spinbutton', { name: 'New market weight' });
    await user.type(within(markets).getByRole('textbox', { name: 'New market' }), 'Denmark');
    await user.type(weight, '1.5');
    expect(within(markets).getByRole('alert')).toHaveTextContent('Must be between 0 and 1');
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(within(markets).getByRole('button', { name: 'Add market' })).toBeDisabled();

    const existing = within(markets).getByRole('spinbutton', { name: 'Weight for Germany' });
    await user.clear(existing);
    await user.type(existing, '1.5');
    expect(existing).toHaveAttribute('aria-invalid', 'true');
    expect(within(markets).getAllByRole('alert')).toHaveLength(2);
  });

  it('shows a member the thesis read-only: every field disabled, no Save button, a note why', async () => {
    await openSettings(serverWith({}, 'member'));
    expect(screen.getByText(/Only an admin of your organisation can change the thesis/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Minimum Deal Size (EUR)')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Growth Equity' })).toBeDisabled();
    const markets = screen.getByRole('region', { name: 'Geographic Markets' });
    expect(within(markets).getByRole('textbox', { name: 'New market' })).toBeDisabled();
    expect(within(markets).getByRole('button', { name: 'Remove Germany' })).toBeDisabled();
    for (const field of [...screen.getAllByRole('textbox'), ...screen.getAllByRole('spinbutton')]) {
      if (!field.closest('form[role="search"]')) expect(field).toBeDisabled();
    }
  });

  it('asks before leaving with unsaved changes: Stay keeps the edit, Leave discards it', async () => {
    const { user, router, server } = await openSettings();
    await user.click(screen.getByRole('checkbox', { name: 'Growth Equity' }));
    await user.click(screen.getByRole('link', { name: 'Deals' }));

    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('checkbox', { name: 'Growth Equity' })).toBeChecked();

    await user.click(screen.getByRole('link', { name: 'Deals' }));
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'));
    expect(server.callsTo('PUT', '/configuration/thesis')).toHaveLength(0);
  });

  it('does not ask when nothing changed', async () => {
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('link', { name: 'Deals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask after saving', async () => {
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('checkbox', { name: 'Growth Equity' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Deals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing or reloading the tab only while changes are unsaved', async () => {
    const { user } = await openSettings();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Growth Equity' }));
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(unload()).toBe(false);
  });
});
