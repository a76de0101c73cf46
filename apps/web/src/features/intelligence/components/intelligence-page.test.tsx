import type { TFundingAnnouncementsResponse, TFundingStats } from '@atempo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse, type RecordedCall } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeAnnouncement } from '../test/funding-fixtures.ts';

const STATS: TFundingStats = {
  days: 30,
  total_count: 120,
  total_raised_eur: 1_250_000_000,
  amount_unknown_count: 3,
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
    ...routes,
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /intelligence/funding-announcements/stats': () => jsonResponse(200, STATS),
    'GET /intelligence/funding-announcements': (request) =>
      jsonResponse(
        200,
        total === 0
          ? { ...pageOf(1, 0), announcements: [] }
          : pageOf(Number(new URL(request.url).searchParams.get('page')), total),
      ),
  });
}

describe('Market Intelligence page', () => {
  it('shows the stats cards and the signals, expands a card and pages through', async () => {
    storeSession();
    renderApp('/intelligence', serverWith(500));
    const stats = await screen.findByRole('list', { name: 'Funding statistics' });
    expect(await within(stats).findByText('120')).toBeInTheDocument();
    expect(within(stats).getByText('€1.25B')).toBeInTheDocument();
    expect(within(stats).getByText('3 undisclosed not counted')).toBeInTheDocument();

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

  it('shows the empty state without signals', async () => {
    storeSession();
    renderApp('/intelligence', serverWith(0));
    expect(
      await screen.findByText('No funding signals yet. Run a research query to discover opportunities!'),
    ).toBeInTheDocument();
  });

  it('imports a CSV from the list card and says what it did', async () => {
    storeSession();
    let sent: RecordedCall | undefined;
    renderApp(
      '/intelligence',
      serverWith(0, {
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
            announcement_ids: [],
            problems: [{ line: 4, field: 'company', message: 'no company name: row skipped' }],
          });
        },
      }),
    );
    await screen.findByText('No funding signals yet. Run a research query to discover opportunities!');
    const file = new File(['Organization Name\nVoltaro\n'], 'rounds.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Funding rounds CSV'), file);
    expect(
      await screen.findByText('Imported 3 rows: 1 new, 1 merged, 1 skipped (1 amount not in the file)'),
    ).toBeInTheDocument();
    expect(await screen.findByText('line 4: no company name: row skipped')).toBeInTheDocument();
    expect(sent?.body).toBeInstanceOf(FormData);
  });
});
