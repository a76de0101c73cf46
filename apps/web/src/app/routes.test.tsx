import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, storeSession } from '../test/fake-api.ts';
import { jsonResponse } from '../test/fakes.ts';
import { renderApp } from '../test/render-app.tsx';

const meAs = (role: 'admin' | 'member') =>
  createFakeApi({ 'GET /users/me': () => jsonResponse(200, makeMe({ role })) });

describe('route guard', () => {
  it('sends a visitor without tokens to /login without calling the server', async () => {
    const server = createFakeApi({});
    const { router } = renderApp('/deals', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(server.callsTo('GET', '/users/me')).toHaveLength(0);
  });

  it('shows a spinner while the session resolves, then the page', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    const server = createFakeApi({
      'GET /users/me': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/profile', server);
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/users/me')).toHaveLength(1));
    answer(jsonResponse(200, makeMe()));
    expect(await screen.findByRole('heading', { name: 'Your Profile', level: 1 })).toBeInTheDocument();
    expect(server.callsTo('GET', '/users/me')[0]?.headers.Authorization).toBe('Bearer access-token-1');
  });

  it('clears the session and goes to /login when the token cannot be refreshed', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' }),
      'POST /auth/refresh': () =>
        jsonResponse(401, { detail: 'Refresh token revoked', code: 'UNAUTHENTICATED' }),
    });
    const { router } = renderApp('/companies', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(server.callsTo('POST', '/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('sends a signed-in visitor of /login to the dashboard at start-up', async () => {
    storeSession();
    const { router } = renderApp('/login', meAs('member'));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in visitor of /login?next= on to that page at start-up', async () => {
    storeSession();
    const { router } = renderApp('/login?next=%2Fknowledge%3Fq%3D1', meAs('member'));
    await screen.findByRole('heading', { name: 'Knowledge Hub' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/knowledge?q=1');
  });

  it('shows the dashboard at / for a signed-in user (spec 01 §2 route table), with Dashboard current', async () => {
    storeSession();
    const { router } = renderApp('/', meAs('member'));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.getByText('Your venture debt platform overview')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visitor of / without a session to a plain /login', async () => {
    const { router } = renderApp('/', createFakeApi({}));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
  });

  it('redirects a member away from the admin pages', async () => {
    storeSession();
    const { router } = renderApp('/organization/users', meAs('member'));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an admin into Manage Users', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe({ role: 'admin' })),
      'GET /organizations/current/users': () =>
        jsonResponse(200, { users: [makeMe()], invitations: [], total: 1 }),
    });
    renderApp('/organization/users', server);
    expect(await screen.findByRole('heading', { name: 'Manage Users', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No open invitations.')).toBeInTheDocument();
  });

  it('shows the public pages without a session', async () => {
    renderApp('/outlook-addin/compose', createFakeApi({}));
    expect(await screen.findByRole('heading', { name: 'Atempo for Outlook' })).toBeInTheDocument();
  });

  it('answers unknown routes with a 404 page', async () => {
    renderApp('/no/such/page', createFakeApi({}));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('signs out through the user menu', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/', server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    // A plain /login: signing out is not a deep link to come back to.
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull());
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
    expect(server.callsTo('POST', '/auth/logout')[0]?.body).toEqual({ refresh_token: 'refresh-token-1' });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
