import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { marketSignalsQuery, SIGNALS_REFRESH_MS } from '../api/dashboard-api.ts';
import { emptyCharts, makeCharts, makeSignal, makeStats } from '../testing/dashboard-fixtures.ts';

const signalList = (signals: ReturnType<typeof makeSignal>[]) =>
  jsonResponse(200, { signals, total: signals.length, limit: 20, offset: 0 });

function renderDashboard(routes: Record<string, ApiRoute> = {}) {
  storeSession();
  const server = createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /intelligence/dashboard/stats': () => jsonResponse(200, makeStats()),
    'GET /intelligence/dashboard/charts': () => jsonResponse(200, makeCharts()),
    'GET /signals/': () => signalList([]),
    ...routes,
  });
  return { ...renderApp('/dashboard', server), server };
}

const statCard = (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dashboard stat cards', () => {
  it('shows each figure with its change, arrow and "from last month"', async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Your venture debt platform overview')).toBeInTheDocument();

    const active = await statCard('Active Deals');
    await waitFor(() => expect(within(active).getByTestId('stat-value')).toHaveTextContent('12'));
    expect(within(active).getByTestId('stat-change')).toHaveTextContent('Up+20.0%from last month');
    expect(active.querySelector('[data-trend]')).toHaveAttribute('data-trend', 'up');

    const companies = await statCard('Companies Tracked');
    expect(within(companies).getByTestId('stat-value')).toHaveTextContent('1,204');
    expect(within(companies).getByTestId('stat-change')).toHaveTextContent('Down−0.5%from last month');
    expect(companies.querySelector('[data-trend]')).toHaveAttribute('data-trend', 'down');

    // Zero a month ago: no percentage exists.
    const alerts = await statCard('High Priority Alerts');
    expect(within(alerts).getByTestId('stat-value')).toHaveTextContent('3');
    expect(within(alerts).getByTestId('stat-change')).toHaveTextContent('Upn/afrom last month');

    // The rate moves in percentage points.
    const conversion = await statCard('Deal Conversion');
    expect(within(conversion).getByTestId('stat-value')).toHaveTextContent('66.7%');
    expect(within(conversion).getByTestId('stat-change')).toHaveTextContent('Down−8.3 ptsfrom last month');
    expect(screen.queryByText('Failed to load dashboard data')).not.toBeInTheDocument();
  });

  it("falls back to zero with change 0% and says 'Failed to load dashboard data'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDashboard({
      'GET /intelligence/dashboard/stats': () => jsonResponse(500, { detail: 'boom', code: 'INTERNAL' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dashboard data');
    for (const name of ['Active Deals', 'Companies Tracked', 'High Priority Alerts', 'Deal Conversion']) {
      const card = await statCard(name);
      expect(within(card).getByTestId('stat-value')).toHaveTextContent(
        name === 'Deal Conversion' ? '0.0%' : '0',
      );
      expect(within(card).getByTestId('stat-change')).toHaveTextContent('0%from last month');
    }
    expect(logged).toHaveBeenCalledWith('Failed to load dashboard data', expect.anything());
  });
});

describe('Market Intelligence card', () => {
  it('shows at most 3 high-impact signals as urgent, first, and the rest below', async () => {
    const signals = [
      makeSignal({ title: 'Medium one', impact_level: 'medium' }),
      makeSignal({
        title: 'High one',
        impact_level: 'high',
        recommended_actions: ['Offer a facility of €4M–7M'],
      }),
      makeSignal({ title: 'High two', impact_level: 'high' }),
      makeSignal({ title: 'High three', impact_level: 'high' }),
      makeSignal({ title: 'High four', impact_level: 'high' }),
      makeSignal({ title: 'Low one', impact_level: 'low' }),
    ];
    renderDashboard({ 'GET /signals/': () => signalList(signals) });
    const card = await screen.findByRole('region', { name: 'Market Intelligence' });
    const urgent = await within(card).findByRole('list', { name: 'Urgent' });
    expect(
      within(urgent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('High one'),
      expect.stringContaining('High two'),
      expect.stringContaining('High three'),
    ]);
    expect(within(urgent).getAllByText('Urgent')).toHaveLength(3);
    expect(within(urgent).getByText('Offer a facility of €4M–7M')).toBeInTheDocument();
    const latest = within(card).getByRole('list', { name: 'Latest' });
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Medium one'),
      expect.stringContaining('High four'),
      expect.stringContaining('Low one'),
    ]);
    expect(within(latest).queryByText('Urgent')).not.toBeInTheDocument();
  });

  it('adds the company of an untracked round and then links it; a tracked one links, a cluster offers nothing', async () => {
    const companyId = '6f1c7f0e-8a55-4a7c-9c1e-00000000c0de';
    const untracked = makeSignal({
      title: 'Voltaro raised €12M in a Series A round',
      company_name: 'Voltaro',
      announcement_id: '6f1c7f0e-8a55-4a7c-9c1e-0000000000a1',
    });
    const tracked = makeSignal({
      title: 'Ledgerly raised €4M in a Seed round',
      company_id: '6f1c7f0e-8a55-4a7c-9c1e-0000000000b2',
      announcement_id: '6f1c7f0e-8a55-4a7c-9c1e-0000000000b1',
    });
    const cluster = makeSignal({ signal_type: 'market_opportunity', title: '3 rounds in Fintech' });
    let signals = [untracked, tracked, cluster];
    const { server } = renderDashboard({
      'GET /signals/': () => signalList(signals),
      [`POST /signals/${untracked.signal_id}/add-company`]: () => {
        signals = [{ ...untracked, company_id: companyId }, tracked, cluster];
        return jsonResponse(201, {
          company_id: companyId,
          company_name: 'Voltaro',
          confidence_score: 0.8,
          confidence_level: 'high',
          signal: signals[0],
        });
      },
    });
    const card = await screen.findByRole('region', { name: 'Market Intelligence' });
    const item = (title: string) =>
      within(card).getByText(title, { exact: false }).closest('li') as HTMLElement;
    await within(card).findByText('Voltaro raised €12M in a Series A round');
    expect(within(item('Ledgerly raised')).getByRole('link')).toHaveAttribute(
      'href',
      `/companies/${tracked.company_id}`,
    );
    expect(within(item('Ledgerly raised')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(item('3 rounds in Fintech')).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(item('Voltaro raised')).getByRole('button', { name: 'Add to companies' }));
    expect(await screen.findByText('Voltaro added to your companies')).toBeInTheDocument();
    expect(server.callsTo('POST', `/signals/${untracked.signal_id}/add-company`)).toHaveLength(1);
    expect(
      await within(card).findByRole('link', { name: 'Voltaro raised €12M in a Series A round' }),
    ).toHaveAttribute('href', `/companies/${companyId}`);
    expect(within(item('Voltaro raised')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the company cannot be added", async () => {
    const untracked = makeSignal({
      title: 'Voltaro raised €12M',
      announcement_id: '6f1c7f0e-8a55-4a7c-9c1e-0000000000a1',
    });
    renderDashboard({
      'GET /signals/': () => signalList([untracked]),
      [`POST /signals/${untracked.signal_id}/add-company`]: () =>
        jsonResponse(409, { detail: 'Voltaro is already one of your companies', code: 'ALREADY_TRACKED' }),
    });
    const card = await screen.findByRole('region', { name: 'Market Intelligence' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Add to companies' }));
    expect(await screen.findByText('Voltaro is already one of your companies')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to companies' })).toBeEnabled();
  });

  it("shows 'No market signals detected yet' when there are none", async () => {
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Market Intelligence' });
    expect(await within(card).findByText('No market signals detected yet')).toBeInTheDocument();
  });

  it('only logs a failed load and shows the empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDashboard({ 'GET /signals/': () => jsonResponse(503, { detail: 'down', code: 'UNAVAILABLE' }) });
    const card = await screen.findByRole('region', { name: 'Market Intelligence' });
    expect(await within(card).findByText('No market signals detected yet')).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load market signals', expect.anything());
  });

  it('refreshes the signals every 300000 ms (spec 01 §9)', () => {
    expect(SIGNALS_REFRESH_MS).toBe(300_000);
    expect(marketSignalsQuery().refetchInterval).toBe(300_000);
  });
});

describe('dashboard charts', () => {
  it('titles each chart and gives its figures as a table', async () => {
    renderDashboard();
    const pipeline = await screen.findByRole('figure', { name: 'Pipeline value by stage' });
    const pipelineTable = within(pipeline).getByRole('table', { name: 'Pipeline value by stage' });
    expect(within(pipelineTable).getByRole('row', { name: 'Lead 2 €4,000,000' })).toBeInTheDocument();
    expect(within(pipelineTable).getByRole('row', { name: 'Closed 1 €2,500,001' })).toBeInTheDocument();
    expect(within(pipeline).getByRole('img')).toHaveAccessibleName(
      'Pipeline value by stage: Lead €4M over 2 deals; Closed €2.5M over 1 deal.',
    );

    const perMonth = screen.getByRole('figure', { name: 'Deals created and closed per month' });
    expect(within(perMonth).getByRole('row', { name: 'Oct 2026 3 1' })).toBeInTheDocument();
    expect(within(perMonth).getAllByRole('row')).toHaveLength(13);

    const scores = screen.getByRole('figure', { name: 'Thematic score distribution' });
    expect(within(scores).getByRole('row', { name: '7–8 2' })).toBeInTheDocument();
    expect(within(scores).getByRole('img')).toHaveAccessibleName(
      'Thematic score distribution of 2 scored deals: 2 scored 7–8.',
    );

    const rounds = screen.getByRole('figure', { name: 'Funding rounds in thesis sectors' });
    expect(within(rounds).getByText('Rounds announced per month in B2B SaaS, Fintech')).toBeInTheDocument();
    expect(within(rounds).getByRole('row', { name: 'Nov 2026 2 €15,500,000 1' })).toBeInTheDocument();
  });

  it("says 'Failed to load the charts' when they cannot be loaded, and the rest of the page stays", async () => {
    renderDashboard({
      'GET /intelligence/dashboard/charts': () => jsonResponse(503, { detail: 'down', code: 'UNAVAILABLE' }),
    });
    const section = await screen.findByRole('region', { name: 'Pipeline and market' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to load the charts');
    expect(within(section).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(section).queryByRole('status', { name: 'Loading charts' })).not.toBeInTheDocument();
    const active = await statCard('Active Deals');
    await waitFor(() => expect(within(active).getByTestId('stat-value')).toHaveTextContent('12'));
  });

  it('shows an empty state for each chart with nothing to draw', async () => {
    renderDashboard({ 'GET /intelligence/dashboard/charts': () => jsonResponse(200, emptyCharts()) });
    for (const text of [
      'No deals in the pipeline yet',
      'No deals created or closed in the last 12 months',
      'No scored deals yet',
      'No funding rounds in your thesis sectors in the last 12 months',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
