import type { TCompanyWithWatch } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse, type RecordedCall } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { detailRoutes, listOf, makeCompany, STATS } from '../test/company-fixtures.ts';

function serverWith(companies: TCompanyWithWatch[], routes: Record<string, ApiRoute> = {}) {
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /companies': () => jsonResponse(200, listOf(companies)),
    ...detailRoutes(companies),
    'GET /company-scoring/stats': () => jsonResponse(200, STATS),
    ...routes,
  });
}

const queryOf = (call: RecordedCall | undefined) => new URL(call?.url ?? 'http://x/').searchParams;

async function rowOf(name: string) {
  const link = await screen.findByRole('link', { name });
  const row = link.closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('Companies page', () => {
  it('shows the scoring stats and the companies with their signals', async () => {
    storeSession();
    const companies = [
      makeCompany({
        name: 'Fast Growth',
        revenue_growth: 0.51,
        thematic_score: 8.2,
        monitoring_priority: 'high',
      }),
      makeCompany({ name: 'Steady', revenue_growth: 0.5, thematic_score: 6, confidence_level: 'high' }),
      makeCompany({ name: 'Weak Fit', revenue_growth: 0.1, thematic_score: 4.5, confidence_level: 'low' }),
      makeCompany({ name: 'Brand New', thematic_score: null, monitoring_priority: null }),
    ];
    renderApp('/companies', serverWith(companies));

    const stats = await screen.findByRole('list', { name: 'Company scoring statistics' });
    expect(await within(stats).findByText('42')).toBeInTheDocument();
    expect(within(stats).getByText('Total Companies')).toBeInTheDocument();
    expect(within(stats).getByText('6.8')).toBeInTheDocument();

    const fast = await rowOf('Fast Growth');
    expect(within(fast).getByText('High Growth')).toBeInTheDocument();
    expect(within(fast).getByText('€12.5M')).toBeInTheDocument();
    expect(within(fast).getByText('8.2')).toHaveAttribute('data-tone', 'green');
    expect(fast).toHaveClass('bg-emerald-50');

    const steady = await rowOf('Steady');
    expect(within(steady).queryByText('High Growth')).not.toBeInTheDocument();
    expect(within(steady).getByText('6.0')).toHaveAttribute('data-tone', 'yellow');
    expect(within(steady).getByText('High')).toBeInTheDocument();
    expect(steady).not.toHaveClass('bg-emerald-50');

    const weak = await rowOf('Weak Fit');
    expect(within(weak).getByText('4.5')).toHaveAttribute('data-tone', 'red');
    expect(within(weak).getByText('Low')).toBeInTheDocument();
    expect(within(weak).getByText('Medium')).toBeInTheDocument();

    expect(within(await rowOf('Brand New')).getByText('Scoring...')).toBeInTheDocument();
  });

  it('searches on the server with the term from the URL, then with what is typed', async () => {
    storeSession();
    const server = serverWith([makeCompany({ name: 'Acme' })]);
    const { router } = renderApp('/companies?search=acme', server);
    await screen.findByRole('link', { name: 'Acme' });
    expect(queryOf(server.callsTo('GET', '/companies')[0]).get('search')).toBe('acme');
    const box = screen.getByRole('searchbox', { name: 'Search companies' });
    expect(box).toHaveValue('acme');

    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, 'nova');
    await waitFor(() =>
      expect(queryOf(server.callsTo('GET', '/companies').at(-1)).get('search')).toBe('nova'),
    );
    expect(router.state.location.search).toBe('?search=nova');
    // Debounced: no request for the partial terms.
    const terms = server.callsTo('GET', '/companies').map((call) => queryOf(call).get('search'));
    expect(terms).not.toContain('n');
    expect(terms).not.toContain('no');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'high');
    await waitFor(() =>
      expect(queryOf(server.callsTo('GET', '/companies').at(-1)).get('priority')).toBe('high'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    await waitFor(() => expect(queryOf(server.callsTo('GET', '/companies').at(-1)).get('sort')).toBe('name'));
  });

  it('shows up to 3 investors and 3 source articles of a company', async () => {
    storeSession();
    const company = makeCompany({
      name: 'Lumen',
      investors: ['Index Ventures', 'Balderton', 'Atomico', 'Northzone', 'Creandum'],
      source_articles: [1, 2, 3, 4].map((n) => ({
        title: `Lumen news ${n}`,
        url: `https://news.example/${n}`,
        source: 'Sifted',
        published_date: `2025-03-0${n}`,
      })),
    });
    renderApp('/companies', serverWith([company]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Details of Lumen' }));

    const investors = screen.getByRole('list', { name: 'Investors' });
    expect(
      within(investors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Index Ventures', 'Balderton', 'Atomico', '+2 more']);
    const articles = screen.getByRole('list', { name: 'Source articles' });
    expect(within(articles).getAllByRole('link')).toHaveLength(3);
    expect(within(articles).getByRole('link', { name: 'Lumen news 1' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Lumen news 4')).not.toBeInTheDocument();
  });

  it('adds a company with parsed numbers and growth as a fraction', async () => {
    storeSession();
    const server = serverWith([], {
      'POST /companies': (call) => jsonResponse(201, makeCompany(call.body as Partial<TCompanyWithWatch>)),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add company' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add company' });
    const submit = within(dialog).getByRole('button', { name: 'Add company' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByLabelText('Website')).toHaveAttribute('type', 'url');

    await user.type(within(dialog).getByLabelText('Company Name'), 'Acme Robotics');
    await user.type(within(dialog).getByLabelText('Revenue Growth (%)'), '85');
    await user.type(within(dialog).getByLabelText('Annual Revenue (EUR)'), '12000000');
    await user.type(within(dialog).getByLabelText('Employees'), '140');
    await user.selectOptions(within(dialog).getByLabelText('Stage'), 'Series A');
    await user.selectOptions(within(dialog).getByLabelText('Source'), 'event');
    await user.click(submit);

    await waitFor(() => expect(server.callsTo('POST', '/companies')).toHaveLength(1));
    expect(server.callsTo('POST', '/companies')[0]?.body).toEqual({
      name: 'Acme Robotics',
      stage: 'Series A',
      revenue: 12_000_000,
      revenue_growth: 0.85,
      employee_count: 140,
      source: 'event',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server refusal of a duplicate name in the add form', async () => {
    storeSession();
    const detail = 'A company named Acme already exists';
    renderApp(
      '/companies',
      serverWith([], { 'POST /companies': () => jsonResponse(409, { detail, code: 'DUPLICATE_COMPANY' }) }),
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add company' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add company' });
    await user.type(within(dialog).getByLabelText('Company Name'), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Add company' }));
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
  });

  it('creates a deal for a company only with an amount, prefilled from the company', async () => {
    storeSession();
    const company = makeCompany({
      name: 'Nova Freight',
      industry: 'Logistics',
      headquarters_country: 'Netherlands',
      revenue: 8_000_000,
      employee_count: 60,
      revenue_growth: 0.4,
      financial_metrics: { gross_margin: 0.6 },
    });
    const server = serverWith([company], {
      'POST /deals': () => jsonResponse(201, { id: 'deal-1', deal_number: 7 }),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create deal for Nova Freight' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create deal for Nova Freight' });
    const submit = within(dialog).getByRole('button', { name: 'Create deal' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByLabelText('Sector')).toHaveValue('Logistics');
    expect(within(dialog).getByLabelText('Geography')).toHaveValue('Netherlands');

    await user.type(within(dialog).getByLabelText('Amount Requested (EUR)'), '5000000');
    expect(submit).toBeEnabled();
    await user.selectOptions(within(dialog).getByLabelText('Source Type'), 'tier1_vc');
    await user.type(within(dialog).getByLabelText('Source Name'), 'Index Ventures');
    await user.selectOptions(within(dialog).getByLabelText('Stage'), 'qualified');
    await user.click(submit);

    await waitFor(() => expect(server.callsTo('POST', '/deals')).toHaveLength(1));
    expect(server.callsTo('POST', '/deals')[0]?.body).toEqual({
      company_id: company.id,
      amount_requested: 5_000_000,
      stage: 'qualified',
      source_type: 'tier1_vc',
      source_name: 'Index Ventures',
      sector: 'Logistics',
      geography: 'Netherlands',
      deal_type: 'venture_debt',
      financial_metrics: { gross_margin: 0.6, revenue: 8_000_000, employee_count: 60, revenue_growth: 0.4 },
    });
    expect(await screen.findByText('Deal #7 created for Nova Freight')).toBeInTheDocument();
  });

  it('announces a failed deal creation with the server detail', async () => {
    storeSession();
    const company = makeCompany({ name: 'Nova Freight' });
    renderApp(
      '/companies',
      serverWith([company], {
        'POST /deals': () =>
          jsonResponse(422, { detail: 'amount_requested: is too large', code: 'VALIDATION' }),
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create deal for Nova Freight' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount Requested (EUR)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create deal' }));
    expect(
      await screen.findByText('Failed to create deal: amount_requested: is too large'),
    ).toBeInTheDocument();
  });

  it('watches and unwatches companies, and reports the server detail on failure', async () => {
    storeSession();
    const unwatched = makeCompany({ name: 'Atlas' });
    const watched = makeCompany({
      name: 'Borealis',
      on_watchlist: true,
      watchlist_entry_id: '9b1c7f0e-8a55-4a7c-9c1e-0b1f0d9a00aa',
    });
    const failing = makeCompany({ name: 'Cirrus' });
    const server = serverWith([unwatched, watched, failing], {
      'POST /signals/watchlist/add': (call) =>
        (call.body as { company_id: string }).company_id === failing.id
          ? jsonResponse(409, { detail: 'Cirrus is already on the watchlist', code: 'CONFLICT' })
          : jsonResponse(201, { id: 'entry' }),
      [`DELETE /signals/watchlist/${watched.watchlist_entry_id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();

    const atlas = await screen.findByRole('button', { name: 'Watch Atlas' });
    expect(atlas).toHaveAttribute('aria-pressed', 'false');
    await user.click(atlas);
    await waitFor(() => expect(server.callsTo('POST', '/signals/watchlist/add')).toHaveLength(1));
    expect(server.callsTo('POST', '/signals/watchlist/add')[0]?.body).toEqual({ company_id: unwatched.id });

    const borealis = screen.getByRole('button', { name: 'Watch Borealis' });
    expect(borealis).toHaveAttribute('aria-pressed', 'true');
    await user.click(borealis);
    await waitFor(() =>
      expect(server.callsTo('DELETE', `/signals/watchlist/${watched.watchlist_entry_id}`)).toHaveLength(1),
    );

    await user.click(screen.getByRole('button', { name: 'Watch Cirrus' }));
    expect(await screen.findByText('Cirrus is already on the watchlist')).toBeInTheDocument();
  });

  it('deletes a company only after confirmation and reports a failure', async () => {
    storeSession();
    const keep = makeCompany({ name: 'Keeper' });
    const stuck = makeCompany({ name: 'Stuck' });
    const server = serverWith([keep, stuck], {
      [`DELETE /companies/${keep.id}`]: () => new Response(null, { status: 204 }),
      [`DELETE /companies/${stuck.id}`]: () =>
        jsonResponse(409, { detail: 'The company has open deals', code: 'CONFLICT' }),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Keeper' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Keeper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/companies/${keep.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Keeper' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Keeper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', `/companies/${keep.id}`)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Delete Stuck' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Stuck?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete company: The company has open deals'),
    ).toBeInTheDocument();
  });

  it('starts a re-score of every company and shows how far it has come', async () => {
    storeSession();
    const runId = '5f0c1f55-9a57-4a55-9a2f-2d1c8d6e7a10';
    const progress = [
      { state: 'running', scored_companies: 20, scored_deals: 0, finished_at: null },
      { state: 'completed', scored_companies: 42, scored_deals: 8, finished_at: '2026-01-05T10:00:05Z' },
    ];
    let polls = 0;
    const server = serverWith([makeCompany()], {
      'POST /company-scoring/score-all': () =>
        jsonResponse(202, { status: 'queued', job_id: runId, total_companies: 42 }),
      [`GET /company-scoring/runs/${runId}`]: () =>
        jsonResponse(200, {
          id: runId,
          total_companies: 42,
          total_deals: 8,
          queued_at: '2026-01-05T10:00:00Z',
          started_at: '2026-01-05T10:00:01Z',
          ...progress[Math.min(polls++, progress.length - 1)],
        }),
    });
    renderApp('/companies', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Score all' }));
    expect(await screen.findByText('Scoring 42 companies in the background')).toBeInTheDocument();
    expect(server.callsTo('POST', '/company-scoring/score-all')).toHaveLength(1);

    expect(await screen.findByText('Scored 20 of 42 companies and 0 of 8 deals…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Scoring progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(
      await screen.findByText('Scored 42 of 42 companies and 8 of 8 deals.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Scoring progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // Finished: the list and stats are fetched again, and the run is no longer polled.
    const runCalls = server.callsTo('GET', `/company-scoring/runs/${runId}`).length;
    await waitFor(() => expect(server.callsTo('GET', '/company-scoring/stats').length).toBeGreaterThan(2));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.callsTo('GET', `/company-scoring/runs/${runId}`)).toHaveLength(runCalls);
  });
});
