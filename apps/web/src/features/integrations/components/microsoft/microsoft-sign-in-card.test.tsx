import type { TOAuthConnectedResponse } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../../lib/page-navigation.ts';
import { storeSession } from '../../../../test/fake-api.ts';
import { jsonResponse } from '../../../../test/fakes.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { oauthPopup } from '../../lib/oauth-popup.ts';
import {
  integrationsServer,
  MICROSOFT_CONNECTED,
  MS_SESSION,
  makeOAuthStatus,
} from '../../testing/integration-fixtures.ts';

const AUTH_URL = 'https://login.microsoftonline.example/authorize?client_id=atempo';
const CONNECTED: TOAuthConnectedResponse = {
  session_id: MS_SESSION,
  provider: 'microsoft',
  user: { displayName: 'Ada Lovelace', mail: 'ada@northbridge.example', jobTitle: 'Partner' },
};

function fakePopup() {
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  return popup;
}

/** A server whose Microsoft connection exists once GET /oauth/callback has run. */
function signInServer(routes: Parameters<typeof integrationsServer>[1] = {}) {
  let connected = false;
  return integrationsServer(
    {},
    {
      'GET /oauth/status': () =>
        jsonResponse(200, makeOAuthStatus({ microsoft: connected ? MICROSOFT_CONNECTED : {} })),
      'POST /oauth/connect/microsoft': () => jsonResponse(200, { auth_url: AUTH_URL, state: 'state-1' }),
      'GET /oauth/callback': () => {
        connected = true;
        return jsonResponse(200, CONNECTED);
      },
      'POST /oauth/logout': () => {
        connected = false;
        return jsonResponse(200, { ok: true });
      },
      ...routes,
    },
  );
}

function postFromPopup(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

async function openOutlook(server: ReturnType<typeof integrationsServer>) {
  storeSession();
  const view = renderApp('/integrations?view=outlook', server);
  const card = (await screen.findByRole('heading', { name: 'Microsoft 365', level: 2 })).closest(
    'section',
  ) as HTMLElement;
  return { ...view, card, user: userEvent.setup() };
}

describe('Microsoft sign-in card (spec 03 §2, §4, §5)', () => {
  let popup: ReturnType<typeof fakePopup>;
  let open: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    popup = fakePopup();
    open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  });

  afterEach(() => {
    oauthPopup.cancel();
    open.mockRestore();
    vi.restoreAllMocks();
  });

  it('shows the setup state with what it may access', async () => {
    const { card } = await openOutlook(signInServer());
    expect(await within(card).findByText('Only access what you have permissions for')).toBeInTheDocument();
    for (const text of [
      'Read Access',
      'View sites and files',
      'Write Access',
      'Upload and organise',
      'User Context',
    ])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByText(/Uses secure OAuth 2.0/)).toBeInTheDocument();
  });

  it('signs in through the popup: state checked, the callback called with the bearer, then success', async () => {
    const server = signInServer();
    const { card, user, router } = await openOutlook(server);
    await user.click(await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(AUTH_URL, 'microsoft-oauth', expect.any(String)));
    expect(within(card).getByText('Finish signing in in the Microsoft window…')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    // Another origin's message is not read.
    postFromPopup(
      { type: 'MICROSOFT_AUTH_SUCCESS', code: 'evil', state: 'state-1', sessionId: 'temp' },
      'https://evil.example',
    );
    postFromPopup({ type: 'MICROSOFT_AUTH_SUCCESS', code: 'code-1', state: 'state-1', sessionId: 'temp' });

    expect(await within(card).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByText(/Connected as/)).toBeInTheDocument();
    expect(within(card).getByText('Partner')).toBeInTheDocument();
    const callbacks = server.callsTo('GET', '/oauth/callback');
    expect(callbacks).toHaveLength(1);
    expect(new URL(callbacks[0]?.url ?? '').search).toBe('?code=code-1&state=state-1');
    expect(callbacks[0]?.headers.Authorization).toBe('Bearer access-token-1');
    expect(localStorage.getItem('ms_session_id')).toBe(MS_SESSION);
    expect(popup.close).toHaveBeenCalled();
    expect(await screen.findByText(/The mailbox view/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Continue to OneDrive' }));
    expect(router.state.location.search).toBe('?view=onedrive');
  });

  it("refuses a returned state that is not the flow's own", async () => {
    const server = signInServer();
    const { card, user } = await openOutlook(server);
    await user.click(await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    postFromPopup({ type: 'MICROSOFT_AUTH_SUCCESS', code: 'code-1', state: 'forged', sessionId: 'temp' });
    expect(
      await within(card).findByText('Authentication state mismatch. Please try again.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Authentication Error')).toBeInTheDocument();
    expect(server.callsTo('GET', '/oauth/callback')).toHaveLength(0);
    expect(within(card).getByRole('button', { name: 'Sign in with Microsoft 365' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to initiate authentication' and 'Failed to complete authentication'", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let starts = 0;
    const server = signInServer({
      'POST /oauth/connect/microsoft': () =>
        ++starts === 1
          ? new Response('', { status: 500 })
          : jsonResponse(200, { auth_url: AUTH_URL, state: 'state-1' }),
      'GET /oauth/callback': () => new Response('', { status: 500 }),
    });
    const { card, user } = await openOutlook(server);
    await user.click(await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' }));
    expect(await within(card).findByText('Failed to initiate authentication')).toBeInTheDocument();
    now += 5_000;
    await user.click(within(card).getByRole('button', { name: 'Sign in with Microsoft 365' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    postFromPopup({ type: 'MICROSOFT_AUTH_SUCCESS', code: 'code-1', state: 'state-1', sessionId: 'temp' });
    expect(await within(card).findByText('Failed to complete authentication')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sign in with Microsoft 365' })).toBeInTheDocument();
  });

  it('allows one attempt per 5 seconds', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const server = signInServer({
      'POST /oauth/connect/microsoft': () =>
        jsonResponse(503, { detail: 'Microsoft is unavailable', code: 'UPSTREAM' }),
    });
    const { card, user } = await openOutlook(server);
    const signIn = await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' });
    await user.click(signIn);
    expect(await within(card).findByText('Microsoft is unavailable')).toBeInTheDocument();
    now += 4_999;
    await user.click(within(card).getByRole('button', { name: 'Sign in with Microsoft 365' }));
    expect(await within(card).findByText('Please wait a moment before trying again')).toBeInTheDocument();
    expect(server.callsTo('POST', '/oauth/connect/microsoft')).toHaveLength(1);
    now += 1;
    await user.click(within(card).getByRole('button', { name: 'Sign in with Microsoft 365' }));
    await waitFor(() => expect(server.callsTo('POST', '/oauth/connect/microsoft')).toHaveLength(2));
  });

  it('falls back to a full-page redirect when the popup is blocked, remembering this page', async () => {
    open.mockReturnValue(null);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { card, user } = await openOutlook(signInServer());
    await user.click(await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' }));
    expect(
      await within(card).findByText('Popup was blocked! Please allow popups for this site and try again.'),
    ).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith(AUTH_URL);
    expect(localStorage.getItem('oauth_return_path')).toBe('/integrations?view=outlook');
    expect(localStorage.getItem('oauth_expected_state')).toBe('state-1');
    expect(within(card).getByText('Taking you to the Microsoft sign-in page…')).toBeInTheDocument();
  });

  it('returns to setup when the popup is closed, or when the user cancels', async () => {
    const { card, user } = await openOutlook(signInServer());
    await user.click(await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    popup.closed = true;
    expect(await within(card).findByText('Popup closed before OAuth could complete')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sign in with Microsoft 365' })).toBeInTheDocument();

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 10_000);
    popup.closed = false;
    await user.click(within(card).getByRole('button', { name: 'Sign in with Microsoft 365' }));
    await user.click(await within(card).findByRole('button', { name: 'Cancel' }));
    expect(
      await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' }),
    ).toBeInTheDocument();
    expect(within(card).queryByText('Authentication Error')).not.toBeInTheDocument();
  });

  it('signs out of the connection with POST /oauth/logout', async () => {
    localStorage.setItem('ms_session_id', MS_SESSION);
    let connected = true;
    const server = integrationsServer(
      {},
      {
        'GET /oauth/status': () =>
          jsonResponse(200, makeOAuthStatus({ microsoft: connected ? MICROSOFT_CONNECTED : {} })),
        'POST /oauth/logout': () => {
          connected = false;
          return jsonResponse(200, {});
        },
      },
    );
    const { card, user } = await openOutlook(server);
    await user.click(await within(card).findByRole('button', { name: 'Sign Out' }));
    expect(
      await within(card).findByRole('button', { name: 'Sign in with Microsoft 365' }),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/oauth/logout')[0]?.body).toEqual({ session_id: MS_SESSION });
    expect(localStorage.getItem('ms_session_id')).toBeNull();
  });
});
