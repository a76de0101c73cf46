import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../../lib/page-navigation.ts';
import { storeSession } from '../../../../test/fake-api.ts';
import { jsonResponse } from '../../../../test/fakes.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { oauthPopup } from '../../lib/oauth-popup.ts';
import {
  integrationsServer,
  MICROSOFT_CONNECTED,
  makeCatalogue,
  makeOAuthStatus,
} from '../../testing/integration-fixtures.ts';

type Options = Parameters<typeof integrationsServer>[0];
type Routes = Parameters<typeof integrationsServer>[1];

async function openDetail(view: string, options: Options = {}, routes: Routes = {}) {
  storeSession();
  const server = integrationsServer(options, routes);
  const rendered = renderApp(`/integrations?view=${view}`, server);
  await screen.findByRole('link', { name: 'Back to Integrations' });
  return { ...rendered, server, user: userEvent.setup() };
}

afterEach(() => {
  oauthPopup.cancel();
  vi.restoreAllMocks();
});

describe('SharePoint detail: the Microsoft 365 connection (spec 03 §2)', () => {
  it("shows 'Connected as' and the account's mail", async () => {
    await openDetail('sharepoint', { oauth: makeOAuthStatus({ microsoft: MICROSOFT_CONNECTED }) });
    expect(await screen.findByText('ada@northbridge.example')).toBeInTheDocument();
    expect(screen.getByText(/Connected as/)).toBeInTheDocument();
    expect(screen.getByText(/Uses secure OAuth 2.0/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Microsoft 365' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Browse Files' })).toHaveAttribute('aria-selected', 'true');
  });

  it('signs out of Microsoft 365 with POST /oauth/logout, back to Connect Microsoft 365', async () => {
    let connected = true;
    const { server, user } = await openDetail(
      'sharepoint',
      {},
      {
        'GET /oauth/status': () =>
          jsonResponse(200, makeOAuthStatus({ microsoft: connected ? MICROSOFT_CONNECTED : {} })),
        'POST /oauth/logout': () => {
          connected = false;
          return jsonResponse(200, { message: 'Signed out of Microsoft 365' });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Connect Microsoft 365' })).toBeInTheDocument();
    expect(screen.queryByText(/Connected as/)).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/oauth/logout')).toHaveLength(1);
  });

  it('names the settings this server lacks instead of a connect button', async () => {
    const catalogue = makeCatalogue({
      sharepoint: {
        configured: false,
        missing_settings: ['MS_CLIENT_ID', 'MS_CLIENT_SECRET', 'MS_TENANT_ID'],
      },
    });
    await openDetail('sharepoint', { catalogue });
    expect(await screen.findByText('Not configured on this server')).toBeInTheDocument();
    expect(screen.getByText('MS_TENANT_ID')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Microsoft 365' })).not.toBeInTheDocument();
  });
});

describe('Gmail detail (spec 03 §2, §8)', () => {
  it('lists what Gmail brings and connects through a full-page Google sign-in', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user, server } = await openDetail(
      'gmail',
      {},
      {
        'POST /oauth/connect/google': () =>
          jsonResponse(200, { auth_url: 'https://accounts.google.example/o', state: 'g-1' }),
      },
    );
    for (const item of [
      'Read and send emails',
      'Labels and filters',
      'Search your mail',
      'Attachments',
      'Conversations',
    ])
      expect(screen.getByText(item)).toBeInTheDocument();
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Gmail Account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.example/o'));
    expect(server.callsTo('POST', '/oauth/connect/google')).toHaveLength(1);
    expect(localStorage.getItem('oauth_return_path')).toBe('/integrations?view=gmail');
  });

  it("shows an expired connection, and 'Disconnect Failed' with the detail when disconnecting fails", async () => {
    const { user, server } = await openDetail(
      'gmail',
      { oauth: makeOAuthStatus({ google: { connected: true, email: 'ada@gmail.example', expired: true } }) },
      {
        'POST /oauth/disconnect/google': () =>
          jsonResponse(500, { detail: 'Google did not answer', code: 'UPSTREAM' }),
      },
    );
    expect(await screen.findByText('Connection expired. Please reconnect.')).toBeInTheDocument();
    expect(screen.getByText('ada@gmail.example')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Disconnect Failed')).toBeInTheDocument();
    expect(screen.getByText('Google did not answer')).toBeInTheDocument();
    expect(server.callsTo('POST', '/oauth/disconnect/google')).toHaveLength(1);

    const reads = server.callsTo('GET', '/oauth/status').length;
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }));
    await waitFor(() => expect(server.callsTo('GET', '/oauth/status').length).toBe(reads + 1));
  });

  it("says 'Connection Failed', or 'Not Authenticated' without a session", async () => {
    const { user } = await openDetail(
      'gmail',
      {},
      {
        'POST /oauth/connect/google': () =>
          jsonResponse(503, { detail: 'Try again shortly', code: 'UPSTREAM' }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail Account' }));
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to start OAuth: Try again shortly')).toBeInTheDocument();

    localStorage.clear();
    await user.click(screen.getByRole('button', { name: 'Connect Gmail Account' }));
    expect(await screen.findByText('Not Authenticated')).toBeInTheDocument();
    expect(screen.getByText('Please log in to connect Gmail')).toBeInTheDocument();
  });
});

describe('Affinity detail (spec 03 §2, §5, §8)', () => {
  it('lists what Affinity brings; Test and Connect stay disabled while the key is blank', async () => {
    const { user } = await openDetail('affinity');
    for (const item of [
      'Deal pipeline',
      'Company and contact relationships',
      'Investment portfolio data',
      'Meeting notes and interaction history',
      'Custom fields and tags',
    ])
      expect(screen.getByText(item)).toBeInTheDocument();
    const key = await screen.findByLabelText('API key');
    expect(screen.getByRole('button', { name: 'Test Connection' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(screen.getByLabelText('Organisation name (optional)')).not.toBeRequired();
    await user.type(key, 'x');
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
    await user.clear(key);
    expect(screen.getByText('Please enter your Affinity API key')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(key).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(key).toHaveAttribute('type', 'text');
  });

  it("shows 'Connection test failed' with the server's detail (Affinity's server may not exist yet)", async () => {
    const { user } = await openDetail('affinity');
    await user.type(await screen.findByLabelText('API key'), 'aff-key');
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connection test failed')).toBeInTheDocument();
    expect(screen.getByText('No fake for POST /affinity/test-connection')).toBeInTheDocument();
  });

  it('connects with the key and the optional organisation name, then disconnects', async () => {
    let connected = false;
    const { user, server } = await openDetail(
      'affinity',
      {},
      {
        'GET /affinity/status': () =>
          jsonResponse(200, {
            connected,
            organization_name: connected ? 'Northbridge' : null,
            api_version: connected ? 'v2' : null,
            connected_at: connected ? '2025-03-04T10:00:00.000Z' : null,
            status: connected ? 'healthy' : null,
            is_stale: false,
          }),
        'POST /affinity/connect': () => {
          connected = true;
          return jsonResponse(200, {
            success: true,
            connection_id: 'c1',
            api_version: 'v2',
            message: 'Connected',
            error: null,
          });
        },
        'DELETE /affinity/disconnect': () => {
          connected = false;
          return jsonResponse(200, { ok: true });
        },
      },
    );
    await user.type(await screen.findByLabelText('Organisation name (optional)'), 'Northbridge');
    await user.type(screen.getByLabelText('API key'), 'aff-key');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Healthy')).toBeInTheDocument();
    expect(screen.getByText('Northbridge')).toBeInTheDocument();
    expect(server.callsTo('POST', '/affinity/connect')[0]?.body).toEqual({
      api_key: 'aff-key',
      organization_name: 'Northbridge',
    });
    // The catalogue's card is read again so it shows the new state.
    expect(server.callsTo('GET', '/integrations/catalogue').length).toBeGreaterThan(1);
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByLabelText('API key')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/affinity/disconnect')).toHaveLength(1);
  });

  it.each([
    [
      () =>
        jsonResponse(200, {
          success: false,
          connection_id: null,
          api_version: null,
          message: null,
          error: 'Invalid API key',
        }),
      'Connection failed',
      'Invalid API key',
    ],
    [
      () => jsonResponse(500, { detail: 'Could not store the key', code: 'INTERNAL' }),
      'Connection setup failed',
      'Could not store the key',
    ],
  ])('shows a refused connection (%#)', async (answer, title, text) => {
    const { user } = await openDetail('affinity', {}, { 'POST /affinity/connect': answer });
    await user.type(await screen.findByLabelText('API key'), 'aff-key');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

describe('Box detail (spec 03 §2)', () => {
  it("lists what Box does and opens Box's authorisation in a new tab, waiting for its answer", async () => {
    const tab = { closed: false, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await openDetail('box');
    for (const item of [
      'Browse and sync folders',
      'Process pitch decks and documents',
      'Search files',
      'Auto-extract company info',
    ])
      expect(screen.getByText(item)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Box Account' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost:8000/api/v1/box/auth/url', '_blank', ''),
    );
    expect(screen.getByText('Finish connecting in the Box tab, then come back here.')).toBeInTheDocument();
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'oauth-success', provider: 'box' },
        origin: 'http://localhost:8000',
      }),
    );
    expect(await screen.findByText('Box is connected.')).toBeInTheDocument();
  });

  it('names the missing settings when Box is not configured', async () => {
    const catalogue = makeCatalogue({ box: { configured: false, missing_settings: ['BOX_CLIENT_ID'] } });
    await openDetail('box', { catalogue });
    expect(await screen.findByText('BOX_CLIENT_ID')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Box Account' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Not configured on this server')).toBeInTheDocument();
  });
});
