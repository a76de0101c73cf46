import type {
  TAddCompanyFromSignalResponse,
  TFundingAnnouncement,
  TFundingAnnouncementsResponse,
  TFundingStats,
} from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse, type RecordedCall } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeAnnouncement } from '../test/funding-fixtures.ts';

const STATS: TFundingStats = {
  days: 30,
  total_count: 120,
  total_raised_eur: 1_250_000_000,
  amount_unknown_count: 3,
  rumoured_count: 1,
  thesis_sector_count: 44,
  high_priority_count: 9,
};

function pageOf(page: number, total: number): TFundingAnnouncementsResponse {
  const totalPages = Math.ceil(total / 50);
  return {
    announcements: [
      makeAnnouncement({
        id: `00000000-0000-4000-8000-${String(page).padStart(12, '0')}`,
        company_name: `Company p${page}`,
      }),
      makeAnnouncement({
        id: `10000000-0000-4000-8000-${String(page).padStart(12, '0')}`,
        company_name: `Unknowns p${page}`,
        region: 'Unknown',
        sector: 'other',
        amount_raised: 150_000_000,
        amount_eur: 150_000_000,
        extraction_metadata: { investors: [], lead_investor: null, rumoured: true },
      }),
    ],
    pagination: {
      total_pages: totalPages,
      total_count: total,
      current_page: page,
      has_previous: page > 1,
      has_next: page < totalPages,
    },
  };
}

function serverWith(total: number, routes: Record<string, ApiRoute> = {}) {
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /intelligence/funding-announcements/stats': () => jsonResponse(200, STATS),
    'GET /intelligence/funding-announcements': (request) =>
      jsonResponse(
        200,
        total === 0
          ? { ...pageOf(1, 0), announcements: [] }
          : pageOf(Number(new URL(request.url).searchParams.get('page')), total),
      ),
    ...routes,
  });
}

describe('Market Intelligence page', () => {
  it('shows the stats cards and the signals, expands a card and pages through', async () => {
    storeSession();
    renderApp('/intelligence', serverWith(500));
    const stats = await screen.findByRole('list', { name: 'Funding statistics' });
    expect(await within(stats).findByText('120')).toBeInTheDocument();
    expect(within(stats).getByText('€1,250.0M')).toBeInTheDocument();
    expect(within(stats).getByText('3 undisclosed and 1 rumoured not counted')).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Company p1' });
    expect(within(card).getByText('€12.5M')).toBeInTheDocument();
    expect(within(card).getByText('Medium Priority')).toBeInTheDocument();
    expect(within(card).queryByText('Rumoured')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
    expect(within(card).getByText('Region')).toBeInTheDocument();
    expect(within(card).getByText('Climate Tech')).toBeInTheDocument();
    expect(within(card).getByText('Early stage with growth opportunity')).toBeInTheDocument();
    expect(within(card).getByText('20-40% of the round (€2.5M–€5.0M)')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'EU-Startups' })).toHaveAttribute(
      'href',
      'https://eu-startups.example/voltaro',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Hide Details' }));
    expect(within(card).queryByText('Region')).not.toBeInTheDocument();

    const big = screen.getByRole('article', { name: 'Unknowns p1' });
    expect(within(big).getByText('High Priority')).toBeInTheDocument();
    expect(within(big).getByText('Rumoured')).toBeInTheDocument();
    await userEvent.click(within(big).getByRole('button', { name: 'View Details' }));
    expect(within(big).queryByText('Region')).not.toBeInTheDocument();
    expect(within(big).queryByText('Sector')).not.toBeInTheDocument();
    expect(within(big).getByText('High growth trajectory based on funding size')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Funding signals pages' });
    expect(within(pages).getByText('Page 1 of 10 (500 total)')).toBeInTheDocument();
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 7' }));
    expect(await screen.findByRole('article', { name: 'Company p7' })).toBeInTheDocument();
    expect(within(pages).getByText('Page 7 of 10 (500 total)')).toBeInTheDocument();
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Company p8' })).toBeInTheDocument();
  });

  it('opens and closes a card with aria-controls pointing at details that exist only while open', async () => {
    storeSession();
    renderApp('/intelligence', serverWith(2));
    const card = await screen.findByRole('article', { name: 'Company p1' });
    const toggle = within(card).getByRole('button', { name: 'View Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveAttribute('aria-controls');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(card).toContainElement(controlled);
    expect(within(controlled as HTMLElement).getByText('Funding Amount')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).not.toHaveAttribute('aria-controls');
  });

  it('shows the empty state without signals', async () => {
    storeSession();
    renderApp('/intelligence', serverWith(0));
    expect(
      await screen.findByText('No funding signals yet. Run a research query to discover opportunities!'),
    ).toBeInTheDocument();
  });

  it('previews a CSV from the list card, imports it on confirmation and says what it did', async () => {
    storeSession();
    let sent: RecordedCall | undefined;
    const server = serverWith(0, {
      'POST /intelligence/funding-announcements/import/preview': () =>
        jsonResponse(200, {
          rows: 3,
          encoding: 'windows-1252',
          headers: [
            { column: 1, header: 'funded_at', field: 'date', note: null },
            { column: 2, header: 'company_name', field: 'company', note: null },
            { column: 3, header: 'raised_amount_usd', field: 'amount_usd', note: null },
            { column: 4, header: 'Remarks', field: null, note: 'not used' },
          ],
          rounds: 2,
          duplicates_in_file: 1,
          refused: 1,
          amount_unknown: 0,
          sample: [
            {
              line: 2,
              company_name: 'Voltaro',
              stage: 'Series A',
              round_type: 'venture',
              amount_raised: 12_500_000,
              currency: 'USD',
              announced_at: '2014-06-15T00:00:00.000Z',
              investors: [],
            },
          ],
          problems: [{ line: 4, field: 'date', message: '"05/072018" is not a date: row refused' }],
        }),
      'POST /intelligence/funding-announcements/import': (call) => {
        sent = call;
        return jsonResponse(200, {
          rows: 3,
          created: 1,
          merged: 1,
          skipped: 1,
          amount_unknown: 1,
          encoding: 'utf-8',
          columns: { company: 'Organization Name' },
          headers: [],
          announcement_ids: [],
          problems: [{ line: 4, field: 'company', message: 'no company name: row refused' }],
        });
      },
    });
    renderApp('/intelligence', server);
    await screen.findByText('No funding signals yet. Run a research query to discover opportunities!');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const file = new File(['funded_at,company_name\n'], 'rounds.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Funding rounds CSV'), file);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('raised_amount_usd')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount (USD)')).toBeInTheDocument();
    expect(within(dialog).getByText('1 duplicate within the file')).toBeInTheDocument();
    expect(within(dialog).getByText('line 4: "05/072018" is not a date: row refused')).toBeInTheDocument();
    expect(within(dialog).getByText('2014-06-15')).toBeInTheDocument();
    expect(server.callsTo('POST', '/intelligence/funding-announcements/import')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 rounds' }));
    expect(
      await screen.findByText('Imported 3 rows: 1 new, 1 merged, 1 refused (1 amount not in the file)'),
    ).toBeInTheDocument();
    expect(sent?.body).toBeInstanceOf(FormData);
  });

  it('browses a date range of rounds', async () => {
    storeSession();
    const server = serverWith(0);
    renderApp('/intelligence', server);
    await screen.findByText('No funding signals yet. Run a research query to discover opportunities!');
    await userEvent.type(screen.getByLabelText('Announced from'), '2015-01-01');
    await userEvent.type(screen.getByLabelText('Announced to'), '2015-12-31');
    await waitFor(() =>
      expect(
        server
          .callsTo('GET', '/intelligence/funding-announcements')
          .some((call) => call.url.includes('from=2015-01-01&to=2015-12-31')),
      ).toBe(true),
    );
    expect(await screen.findByText('No funding rounds in this period.')).toBeInTheDocument();
    // the stats cards count over the same period
    await waitFor(() =>
      expect(
        server
          .callsTo('GET', '/intelligence/funding-announcements/stats')
          .some((call) => call.url.includes('from=2015-01-01&to=2015-12-31')),
      ).toBe(true),
    );
    expect(await screen.findByText('2015-01-01 to 2015-12-31')).toBeInTheDocument();
  });
});

const TRACKED_ID = '20000000-0000-4000-8000-00000000c0de';
const ADDED_ID = '20000000-0000-4000-8000-0000000add00';

function roundsPage(announcements: TFundingAnnouncement[]): TFundingAnnouncementsResponse {
  return {
    announcements,
    pagination: {
      total_pages: 1,
      total_count: announcements.length,
      current_page: 1,
      has_previous: false,
      has_next: false,
    },
  };
}

const added = (announcement: TFundingAnnouncement): TAddCompanyFromSignalResponse => ({
  company_id: ADDED_ID,
  company_name: announcement.company_name,
  created: true,
  confidence_score: 0.75,
  confidence_level: 'high',
  signal: {
    signal_id: '30000000-0000-4000-8000-000000000001',
    signal_type: 'funding_round',
    company_name: announcement.company_name,
    company_id: ADDED_ID,
    announcement_id: announcement.id,
    title: `${announcement.company_name} raised €12.5M in a Series A round`,
    description: null,
    relevance_score: 0.7,
    impact_level: 'medium',
    recommended_actions: [],
    detected_at: '2026-03-01T09:00:00.000Z',
  },
  scan_execution_id: '40000000-0000-4000-8000-000000000001',
});

describe('acting on a funding signal', () => {
  const tracked = makeAnnouncement({
    id: '00000000-0000-4000-8000-0000000000f1',
    company_name: 'Ledgerly',
    company_id: TRACKED_ID,
  });
  const untracked = makeAnnouncement({ id: '00000000-0000-4000-8000-0000000000f2', company_name: 'Voltaro' });

  it("links a tracked company's name; adds an untracked one, says so and then links it", async () => {
    storeSession();
    const server = serverWith(0, {
      'GET /intelligence/funding-announcements': () => jsonResponse(200, roundsPage([tracked, untracked])),
      [`POST /intelligence/funding-announcements/${untracked.id}/add-company`]: () =>
        jsonResponse(201, added(untracked)),
    });
    renderApp('/intelligence', server);
    const ledgerly = await screen.findByRole('article', { name: 'Ledgerly' });
    expect(within(ledgerly).getByRole('link', { name: 'Ledgerly' })).toHaveAttribute(
      'href',
      `/companies/${TRACKED_ID}`,
    );
    expect(within(ledgerly).queryByRole('button', { name: 'Add to companies' })).not.toBeInTheDocument();

    const voltaro = screen.getByRole('article', { name: 'Voltaro' });
    expect(within(voltaro).queryByRole('link', { name: 'Voltaro' })).not.toBeInTheDocument();
    await userEvent.click(within(voltaro).getByRole('button', { name: 'Add to companies' }));
    expect(await screen.findByText('Voltaro added to your companies')).toBeInTheDocument();
    expect(await within(voltaro).findByRole('link', { name: 'Voltaro' })).toHaveAttribute(
      'href',
      `/companies/${ADDED_ID}`,
    );
    expect(within(voltaro).queryByRole('button', { name: 'Add to companies' })).not.toBeInTheDocument();
    expect(
      server.callsTo('POST', `/intelligence/funding-announcements/${untracked.id}/add-company`),
    ).toHaveLength(1);
    // The list is read again, so every screen agrees on what is tracked.
    await waitFor(() => expect(server.callsTo('GET', '/intelligence/funding-announcements')).toHaveLength(2));
  });

  it("shows the server's reason when the company cannot be added, and keeps the button", async () => {
    storeSession();
    renderApp(
      '/intelligence',
      serverWith(0, {
        'GET /intelligence/funding-announcements': () => jsonResponse(200, roundsPage([untracked])),
        [`POST /intelligence/funding-announcements/${untracked.id}/add-company`]: () =>
          jsonResponse(409, { detail: 'Voltaro is already one of your companies', code: 'ALREADY_TRACKED' }),
      }),
    );
    const voltaro = await screen.findByRole('article', { name: 'Voltaro' });
    await userEvent.click(within(voltaro).getByRole('button', { name: 'Add to companies' }));
    expect(await screen.findByText('Voltaro is already one of your companies')).toBeInTheDocument();
    expect(within(voltaro).getByRole('button', { name: 'Add to companies' })).toBeEnabled();
    expect(within(voltaro).queryByRole('link', { name: 'Voltaro' })).not.toBeInTheDocument();
  });
});

describe('a funding round opened from search (?announcement=)', () => {
  const linked = makeAnnouncement({
    id: '00000000-0000-4000-8000-0000000000a7',
    company_name: 'Orbital Health',
  });

  it('shows that round first, open and highlighted, until dismissed', async () => {
    storeSession();
    const server = serverWith(500, {
      [`GET /intelligence/funding-announcements/${linked.id}`]: () => jsonResponse(200, linked),
    });
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { router } = renderApp(`/intelligence?announcement=${linked.id}`, server);
    const spotlight = await screen.findByRole('region', { name: 'Funding round from your search' });
    const card = await within(spotlight).findByRole('article', { name: 'Orbital Health' });
    expect(within(card).getByRole('button', { name: 'Hide Details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(card).getByText('Investment Opportunity Analysis')).toBeInTheDocument();
    expect(within(card).getByText('20-40% of the round (€2.5M–€5.0M)')).toBeInTheDocument();
    await waitFor(() => expect(spotlight).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(spotlight);
    scrolled.mockRestore();
    // …above the list, which still shows its own page.
    const list = await screen.findByRole('article', { name: 'Company p1' });
    expect(spotlight.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(within(spotlight).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Funding round from your search' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('article', { name: 'Company p1' })).toBeInTheDocument();
  });

  it("says so when the round is not found (another organisation's, or gone)", async () => {
    storeSession();
    renderApp(
      `/intelligence?announcement=${linked.id}`,
      serverWith(2, {
        [`GET /intelligence/funding-announcements/${linked.id}`]: () =>
          jsonResponse(404, { detail: 'Funding round not found', code: 'FUNDING_ANNOUNCEMENT_NOT_FOUND' }),
      }),
    );
    const spotlight = await screen.findByRole('region', { name: 'Funding round from your search' });
    expect(await within(spotlight).findByText('Funding round not found')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Company p1' })).toBeInTheDocument();
  });
});
