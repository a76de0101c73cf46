import type { TApiKey, TCreatedApiKey } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

const SECRET = 'atp_Zx8Qm2Lr5Tb9Wc1Yd4Fh7Jk0Np3Sv6Xa_Ge-UiOoPq';

const existing: TApiKey = {
  id: '4b6e1d3c-2f0a-4e8b-9c7d-1a2b3c4d5e6f',
  name: 'Cursor',
  prefix: 'atp_Kq3V8sLm',
  created_at: '2026-03-02T10:00:00.000Z',
  last_used_at: '2026-03-05T09:30:00.000Z',
  expires_at: null,
};

/** A fake server keeping the user's keys, as the real one does. */
function keyServer(initial: TApiKey[]) {
  let keys = [...initial];
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /users/me/api-keys': () => jsonResponse(200, { api_keys: keys }),
    'POST /users/me/api-keys': (call) => {
      const body = call.body as { name: string; expires_in_days?: number };
      const created: TCreatedApiKey = {
        id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        name: body.name,
        prefix: SECRET.slice(0, 12),
        created_at: '2026-03-06T08:00:00.000Z',
        last_used_at: null,
        expires_at: body.expires_in_days ? '2099-04-05T08:00:00.000Z' : null,
        secret: SECRET,
      };
      const { secret: _secret, ...listed } = created;
      keys = [listed, ...keys];
      return jsonResponse(201, created);
    },
    [`DELETE /users/me/api-keys/${existing.id}`]: () => {
      keys = keys.filter((key) => key.id !== existing.id);
      return jsonResponse(200, { success: true });
    },
  });
}

describe('API keys on Your Profile', () => {
  it('lists each key with its prefix, creation, last use and expiry, never a secret', async () => {
    storeSession();
    renderApp(
      '/profile',
      keyServer([
        existing,
        { ...existing, id: 'x', name: 'Old', last_used_at: null, expires_at: '2020-01-01T00:00:00.000Z' },
      ]),
    );
    const list = await screen.findByRole('list', { name: 'API keys' });
    const [cursor, old] = within(list).getAllByRole('listitem');
    expect(cursor).toHaveTextContent('Cursor');
    expect(cursor).toHaveTextContent('atp_Kq3V8sLm…');
    expect(cursor).toHaveTextContent('Created 2 Mar 2026 · Last used 5 Mar 2026 · Never expires');
    expect(old).toHaveTextContent('Last used never · Expired 1 Jan 2020');
  });

  it('says so when there are none', async () => {
    storeSession();
    renderApp('/profile', keyServer([]));
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });

  it('creates a key, shows its secret once with a copy button, and forgets it when closed', async () => {
    storeSession();
    const server = keyServer([]);
    renderApp('/profile', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText(/^Name/), '  Claude Desktop ');
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'In 30 days');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('Secret key')).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('Copy this key now: you will not see it again.');
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/users/me/api-keys')[0]?.body).toEqual({
      name: 'Claude Desktop',
      expires_in_days: 30,
    });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(list).toHaveTextContent('Claude Desktop');
    expect(list).toHaveTextContent('Expires 5 Apr 2099');
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();

    // Opening the dialog again starts a new key; the old secret is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(again).not.toHaveTextContent(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('sends no expiry for a key that never expires, and shows the server refusal', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'GET /users/me/api-keys': () => jsonResponse(200, { api_keys: [] }),
      'POST /users/me/api-keys': () =>
        jsonResponse(409, {
          detail: 'You can have at most 20 API keys. Delete one you no longer use first.',
          code: 'API_KEY_LIMIT',
        }),
    });
    renderApp('/profile', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'CI');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can have at most 20 API keys.');
    expect(server.callsTo('POST', '/users/me/api-keys')[0]?.body).toEqual({ name: 'CI' });
  });

  it('deletes a key after confirmation', async () => {
    storeSession();
    const server = keyServer([existing]);
    renderApp('/profile', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete API key Cursor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete API key?' });
    expect(confirm).toHaveTextContent('Anything using Cursor (atp_Kq3V8sLm…) stops working at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', `/users/me/api-keys/${existing.id}`)).toHaveLength(1);
  });
});
