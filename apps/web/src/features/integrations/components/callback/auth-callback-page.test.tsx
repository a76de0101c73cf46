import type { TMicrosoftSignInResponse } from '@atempo/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeAuthResponse, makeMe, storeSession } from '../../../../test/fake-api.ts';
import { jsonResponse } from '../../../../test/fakes.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import {
  MICROSOFT_CONNECTED,
  MS_SESSION,
  makeCatalogue,
  makeOAuthStatus,
} from '../../testing/integration-fixtures.ts';

const CONNECTED = {
  session_id: MS_SESSION,
  provider: 'microsoft',
  user: { displayName: 'Ada Lovelace', mail: 'ada@northbridge.example', jobTitle: null },
};

function signInAnswer(onboardingCompleted: boolean): TMicrosoftSignInResponse {
  return {
    ...makeAuthResponse({ onboarding_completed: onboardingCompleted }),
    access_token: 'ms-access-token',
    refresh_token: 'ms-refresh-token',
    session_id: MS_SESSION,
    microsoft_user: CONNECTED.user,
  };
}

/** Makes this window look like a popup opened by `opener`. */
function openedBy(opener: unknown) {
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
}

function sameOriginOpener() {
  return { closed: false, location: { origin: window.location.origin }, postMessage: vi.fn() };
}

afterEach(() => {
  openedBy(null);
});

describe('/auth-callback opened as a popup (spec 03 §4)', () => {
  it('posts MICROSOFT_AUTH_SUCCESS with the code, the state and a temporary session id, and stays put', async () => {
    const opener = sameOriginOpener();
    openedBy(opener);
    const server = createFakeApi({});
    const { router } = renderApp('/auth-callback?code=code-1&state=state-1', server);
    expect(await screen.findByRole('heading', { name: 'Authentication Successful' })).toBeInTheDocument();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'MICROSOFT_AUTH_SUCCESS', code: 'code-1', state: 'state-1', sessionId: 'temp' },
      window.location.origin,
    );
    expect(server.callsTo('GET', '/oauth/callback')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(router.state.location.pathname).toBe('/auth-callback');
  });

  it("posts MICROSOFT_AUTH_ERROR with the provider's '{error}: {error_description}'", async () => {
    const opener = sameOriginOpener();
    openedBy(opener);
    renderApp(
      '/auth-callback?error=access_denied&error_description=The%20user%20declined',
      createFakeApi({}),
    );
    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByText('access_denied: The user declined')).toBeInTheDocument();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'MICROSOFT_AUTH_ERROR', error: 'access_denied: The user declined' },
      window.location.origin,
    );
    expect(screen.queryByRole('link', { name: 'Return to Integrations' })).not.toBeInTheDocument();
  });

  it('treats an opener on another origin as no opener at all', async () => {
    const foreign = {
      closed: false,
      postMessage: vi.fn(),
      get location(): Location {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    openedBy(foreign);
    renderApp('/auth-callback?state=state-1', createFakeApi({}));
    expect(await screen.findByText('Invalid authentication response')).toBeInTheDocument();
    expect(foreign.postMessage).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Return to Integrations' })).toHaveAttribute(
      'href',
      '/integrations',
    );
  });
});

describe('/auth-callback as a page, signed in: the connect flow', () => {
  function connectServer(answerAfter: Promise<void> = Promise.resolve()) {
    let connected = false;
    return createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'GET /oauth/callback': async () => {
        await answerAfter;
        connected = true;
        return jsonResponse(200, CONNECTED);
      },
      'GET /oauth/status': () =>
        jsonResponse(200, makeOAuthStatus({ microsoft: connected ? MICROSOFT_CONNECTED : {} })),
      'GET /integrations/catalogue': () => jsonResponse(200, makeCatalogue()),
    });
  }

  it('finishes the connection with the bearer, keeps the session id, checks the status and returns to the remembered page', async () => {
    storeSession();
    localStorage.setItem('oauth_return_path', '/integrations?view=sharepoint');
    localStorage.setItem('oauth_expected_state', 'state-1');
    let answer: () => void = () => undefined;
    const server = connectServer(new Promise((resolve) => (answer = resolve)));
    const { router } = renderApp('/auth-callback?code=code-1&state=state-1', server);
    expect(await screen.findByRole('heading', { name: 'Processing Authentication' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Processing Authentication' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Authentication Successful' })).toBeInTheDocument();
    expect(screen.getByText('You have successfully signed in with Microsoft 365.')).toBeInTheDocument();
    const [call] = server.callsTo('GET', '/oauth/callback');
    expect(call?.headers.Authorization).toBe('Bearer access-token-1');
    expect(new URL(call?.url ?? '').search).toBe('?code=code-1&state=state-1');
    expect(server.callsTo('GET', '/oauth/status').length).toBeGreaterThan(0);
    expect(localStorage.getItem('ms_session_id')).toBe(MS_SESSION);
    await waitFor(() => expect(router.state.location.search).toBe('?view=sharepoint'), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/integrations');
    expect(localStorage.getItem('oauth_return_path')).toBeNull();
  });

  it('goes to /integrations when no page was remembered', async () => {
    storeSession();
    const { router } = renderApp('/auth-callback?code=code-1&state=state-1', connectServer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'), { timeout: 5000 });
  });

  it('refuses a state other than the one the flow started with', async () => {
    storeSession();
    localStorage.setItem('oauth_expected_state', 'state-1');
    const server = connectServer();
    renderApp('/auth-callback?code=code-1&state=forged', server);
    expect(await screen.findByText('Authentication state mismatch. Please try again.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/oauth/callback')).toHaveLength(0);
  });

  it("shows the server's detail when it refuses the code", async () => {
    storeSession();
    renderApp(
      '/auth-callback?code=used&state=state-1',
      createFakeApi({
        'GET /users/me': () => jsonResponse(200, makeMe()),
        'GET /oauth/callback': () =>
          jsonResponse(400, {
            detail: 'This sign-in link has expired. Please try again.',
            code: 'OAUTH_STATE_INVALID',
          }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByText('This sign-in link has expired. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Integrations' })).toBeInTheDocument();
  });
});

describe('/auth-callback as a page, signed out: Sign in with Microsoft', () => {
  it('calls the callback with the cookie and no bearer, keeps the tokens as login does, and lands on /integrations before onboarding', async () => {
    const server = createFakeApi({
      'GET /oauth/callback': () => jsonResponse(200, signInAnswer(false)),
      'GET /integrations/catalogue': () => jsonResponse(200, makeCatalogue()),
      'GET /oauth/status': () => jsonResponse(200, makeOAuthStatus({ microsoft: MICROSOFT_CONNECTED })),
    });
    const { router } = renderApp('/auth-callback?code=code-1&state=state-1', server);
    expect(await screen.findByRole('heading', { name: 'Authentication Successful' })).toBeInTheDocument();
    const [call] = server.callsTo('GET', '/oauth/callback');
    expect(call?.headers.Authorization).toBeUndefined();
    expect(call?.credentials).toBe('include');
    expect(localStorage.getItem('auth_token')).toBe('ms-access-token');
    expect(localStorage.getItem('access_token')).toBe('ms-access-token');
    expect(localStorage.getItem('refresh_token')).toBe('ms-refresh-token');
    expect(localStorage.getItem('ms_session_id')).toBe(MS_SESSION);
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Data Integrations', level: 1 })).toBeInTheDocument();
    // The session came from the sign-in: no extra GET /users/me was needed to show the page.
    expect(server.callsTo('GET', '/users/me')).toHaveLength(0);
  });

  it('lands on the dashboard once onboarding is completed', async () => {
    const server = createFakeApi({ 'GET /oauth/callback': () => jsonResponse(200, signInAnswer(true)) });
    const { router } = renderApp('/auth-callback?code=code-1&state=state-1', server);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });

  it("shows 'Authentication Failed' with the server's detail for a person without an Atempo account", async () => {
    const detail =
      'There is no Atempo account for grace@elsewhere.example. Ask your admin for an invitation.';
    renderApp(
      '/auth-callback?code=code-1&state=state-1',
      createFakeApi({ 'GET /oauth/callback': () => jsonResponse(403, { detail, code: 'NO_ACCOUNT' }) }),
    );
    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('/auth-callback problems before any call (spec 03 §5)', () => {
  it.each([
    ['?state=s', 'Invalid authentication response'],
    ['?code=c', 'Missing state parameter'],
    ['?error=access_denied&error_description=The%20user%20declined', 'access_denied: The user declined'],
    ['?error=server_error', 'server_error'],
  ])('%s reads %j', async (search, message) => {
    const server = createFakeApi({});
    renderApp(`/auth-callback${search}`, server);
    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(server.callsTo('GET', '/oauth/callback')).toHaveLength(0);
  });
});
