import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('Profile screen', () => {
  it('saves the name and shows the new one in the shell', async () => {
    storeSession();
    let me = makeMe();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, me),
      'PATCH /users/me': (call) => {
        me = { ...me, ...(call.body as object) };
        return jsonResponse(200, me);
      },
    });
    renderApp('/profile', server);
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First Name');
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Account menu for Augusta Lovelace' });
    expect(server.callsTo('PATCH', '/users/me')[0]?.body).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
    });
  });

  it('shows the server detail when the current password is wrong', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      // The API keys and daily brief cards load too; answering them keeps their alerts out of this test.
      'GET /users/me/api-keys': () => jsonResponse(200, { api_keys: [] }),
      'GET /monitoring/subscription': () =>
        jsonResponse(200, {
          status: 'stopped',
          subscription_id: null,
          portfolio_companies: [],
          sectors: [],
          schedule: '0 7 * * *',
          email: 'ada@northbridge.example',
        }),
      'POST /users/me/password': () =>
        jsonResponse(400, { detail: 'Current password is incorrect', code: 'WRONG_PASSWORD' }),
    });
    renderApp('/profile', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current Password'), 'not-it');
    await user.type(screen.getByLabelText('New Password'), 'NewSecret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'NewSecret123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(server.callsTo('POST', '/users/me/password')[0]?.body).toEqual({
      current_password: 'not-it',
      new_password: 'NewSecret123',
    });
  });

  it('signs out the other sessions, keeping this one, and says how many', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'POST /users/me/sessions/revoke-others': () => jsonResponse(200, { revoked: 2 }),
    });
    renderApp('/profile', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out of other sessions' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('POST', '/users/me/sessions/revoke-others')[0]?.body).toEqual({
        refresh_token: 'refresh-token-1',
      }),
    );
  });
});
