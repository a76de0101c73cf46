import type { TFundingStats } from '@atempo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

const STATS: TFundingStats = {
  days: 30,
  total_count: 2,
  total_raised_eur: 20_000_000,
  amount_unknown_count: 0,
  rumoured_count: 0,
  thesis_sector_count: 1,
  high_priority_count: 0,
};

function renderWithFundingList(list: ApiRoute) {
  storeSession();
  const server = createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /intelligence/funding-announcements/stats': () => jsonResponse(200, STATS),
    'GET /intelligence/funding-announcements': list,
  });
  renderApp('/intelligence', server);
  return server;
}

const signalsCard = () => screen.findByRole('region', { name: 'Live Funding Signals' });

describe('Live Funding Signals when the list cannot be loaded', () => {
  it("says 'Failed to load funding signals' with the server's reason, instead of the empty state", async () => {
    renderWithFundingList(() =>
      jsonResponse(503, { detail: 'The database is not answering', code: 'UNAVAILABLE' }),
    );
    const card = await signalsCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Failed to load funding signals: The database is not answering',
    );
    expect(within(card).queryByText(/No funding signals yet/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('article')).not.toBeInTheDocument();
    // The stats, loaded on their own, still show.
    const stats = screen.getByRole('list', { name: 'Funding statistics' });
    expect(await within(stats).findByText('€20.0M')).toBeInTheDocument();
  });

  it('says only what failed when the server gave no reason', async () => {
    renderWithFundingList(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const card = await signalsCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent(/^Failed to load funding signals$/);
  });
});
