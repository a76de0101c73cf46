import type { TWatchlistEntry } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { detailRoutes, makeCompany } from '../test/company-fixtures.ts';

const ENTRY_ID = '7a1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0301';

describe('Alert settings of a watched company', () => {
  it('shows the entry and saves the threshold, signal types and channels', async () => {
    storeSession();
    const company = makeCompany({ name: 'Ledgerly', on_watchlist: true, watchlist_entry_id: ENTRY_ID });
    const entry: TWatchlistEntry = {
      id: ENTRY_ID,
      company_id: company.id,
      company_name: 'Ledgerly',
      alert_threshold: 0.7,
      signal_types: ['ipo_signal', 'market_opportunity', 'funding_round', 'competitive_threat', 'other'],
      notification_preferences: { email: true, slack: false, in_app: true },
      created_at: '2026-01-05T10:00:00.000Z',
    };
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      ...detailRoutes([company]),
      'GET /signals/watchlist': () => jsonResponse(200, { watchlist: [entry], total: 1 }),
      [`PATCH /signals/watchlist/${ENTRY_ID}`]: (call) =>
        jsonResponse(200, { ...entry, ...(call.body as object) }),
    });
    renderApp(`/companies/${company.id}`, server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alert settings' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts for Ledgerly' });
    const threshold = await within(dialog).findByLabelText('Alert threshold (%)');
    expect(threshold).toHaveValue(70);
    await user.clear(threshold);
    await user.type(threshold, '150');
    expect(within(dialog).getByText('Enter a number from 0 to 100')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(threshold);
    await user.type(threshold, '55');
    await user.click(within(dialog).getByLabelText('Other signals'));
    await user.click(within(dialog).getByLabelText('IPO signals'));
    await user.click(within(dialog).getByLabelText('Slack (the organisation’s channel)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', `/signals/watchlist/${ENTRY_ID}`)).toHaveLength(1));
    const sent = server.callsTo('PATCH', `/signals/watchlist/${ENTRY_ID}`)[0]!.body;
    expect(sent).toEqual({
      alert_threshold: 0.55,
      signal_types: ['market_opportunity', 'funding_round', 'competitive_threat'],
      notification_preferences: { email: true, slack: true, in_app: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 60_000);
});
