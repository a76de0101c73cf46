import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../../../../test/fake-api.ts';
import { jsonResponse } from '../../../../test/fakes.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeCatalogue, makeOAuthStatus } from '../../testing/integration-fixtures.ts';

function openedBy(opener: unknown) {
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
}

function sameOriginOpener() {
  return { closed: false, location: { origin: window.location.origin }, postMessage: vi.fn() };
}

afterEach(() => {
  openedBy(null);
  vi.restoreAllMocks();
});

describe('/auth/gmail-callback opened as a popup (spec 03 §4)', () => {
  it("posts 'gmail-auth-callback' with the code and state, and closes itself 2 seconds after success", async () => {
    const opener = sameOriginOpener();
    openedBy(opener);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const server = createFakeApi({});
    renderApp('/auth/gmail-callback?code=g-code&state=g-state', server);
    expect(await screen.findByRole('heading', { name: 'Gmail Authorization' })).toBeInTheDocument();
    expect(await screen.findByText('Gmail connected.')).toBeInTheDocument();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'gmail-auth-callback', code: 'g-code', state: 'g-state' },
      window.location.origin,
    );
    expect(server.callsTo('POST', '/gmail/auth/callback')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(close).not.toHaveBeenCalled();
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('posts the error, and offers no way back (the opener has it)', async () => {
    const opener = sameOriginOpener();
    openedBy(opener);
    renderApp('/auth/gmail-callback?error=access_denied', createFakeApi({}));
    expect(await screen.findByText('Authorization failed: access_denied')).toBeInTheDocument();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'gmail-auth-callback', error: 'Authorization failed: access_denied' },
      window.location.origin,
    );
    expect(screen.queryByRole('link', { name: 'Return to Integrations' })).not.toBeInTheDocument();
  });
});

describe('/auth/gmail-callback as a page', () => {
  it('posts the code and state to the server, then goes to /integrations 2 seconds later', async () => {
    storeSession();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'POST /gmail/auth/callback': async () => {
        await answered;
        return jsonResponse(200, { connected: true, user_email: 'ada@gmail.example' });
      },
      'GET /integrations/catalogue': () => jsonResponse(200, makeCatalogue()),
      'GET /oauth/status': () => jsonResponse(200, makeOAuthStatus()),
    });
    const { router } = renderApp('/auth/gmail-callback?code=g-code&state=g-state', server);
    expect(await screen.findByText('Completing Gmail authorization...')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Gmail connected as ada@gmail.example.')).toBeInTheDocument();
    const [call] = server.callsTo('POST', '/gmail/auth/callback');
    expect(call?.body).toEqual({ code: 'g-code', state: 'g-state' });
    expect(call?.headers.Authorization).toBe('Bearer access-token-1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(router.state.location.pathname).toBe('/auth/gmail-callback');
    // The page's chunk loads before the router moves on.
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'), { timeout: 5000 });
  });

  it.each([
    [
      jsonResponse(400, { detail: 'The Google state has expired', code: 'OAUTH_STATE_INVALID' }),
      'The Google state has expired',
    ],
    [new Response('', { status: 500 }), 'Failed to complete authorization'],
  ])("shows the server's detail, else 'Failed to complete authorization' (%#)", async (response, message) => {
    storeSession();
    renderApp(
      '/auth/gmail-callback?code=g-code&state=g-state',
      createFakeApi({
        'GET /users/me': () => jsonResponse(200, makeMe()),
        'POST /gmail/auth/callback': () => response,
      }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Integrations' })).toHaveAttribute(
      'href',
      '/integrations',
    );
  });

  it('needs both the code and the state', async () => {
    const server = createFakeApi({});
    renderApp('/auth/gmail-callback?code=g-code', server);
    expect(
      await screen.findByText('Invalid authorization response - missing required parameters'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Integrations' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/gmail/auth/callback')).toHaveLength(0);
  });
});
