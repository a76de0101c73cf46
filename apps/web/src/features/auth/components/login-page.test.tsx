import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../lib/page-navigation.ts';
import { createFakeApi, makeAuthResponse } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function fillAndSubmit(email = 'ada@northbridge.example', password = 'Correct-horse-9') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('Login screen', () => {
  it('offers the optional organisation field with its hint, and the ways elsewhere', async () => {
    renderApp('/login', createFakeApi({}));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your AI-powered lending workflow.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Organisation/)).toHaveAccessibleDescription(
      'Leave empty to sign in to your default organisation',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });

  it('offers Microsoft sign-in only when the server says it is configured', async () => {
    const configured = createFakeApi({ 'GET /auth/providers': () => jsonResponse(200, { microsoft: true }) });
    const first = renderApp('/login', configured);
    expect(await screen.findByRole('button', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    first.unmount();

    const notConfigured = createFakeApi({
      'GET /auth/providers': () => jsonResponse(200, { microsoft: false }),
    });
    renderApp('/login', notConfigured);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() => expect(notConfigured.callsTo('GET', '/auth/providers')).toHaveLength(1));
    // Let the answer render before looking for what it must not show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Sign in with Microsoft' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it("'Sign in with Microsoft' sends the browser to the API's Microsoft login (spec 01 §2)", async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    renderApp(
      '/login',
      createFakeApi({ 'GET /auth/providers': () => jsonResponse(200, { microsoft: true }) }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Microsoft' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:8000/api/v1/auth/microsoft/login'),
    );
    assign.mockRestore();
  });

  it('hides the organisation field when ?org= is present and signs in to that organisation', async () => {
    const server = createFakeApi({ 'POST /auth/login': () => jsonResponse(200, makeAuthResponse()) });
    renderApp('/login?org=northbridge', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByLabelText(/Organisation/)).not.toBeInTheDocument();
    await fillAndSubmit();
    await waitFor(() => expect(server.callsTo('POST', '/auth/login')).toHaveLength(1));
    expect(server.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'ada@northbridge.example',
      password: 'Correct-horse-9',
      organization_slug: 'northbridge',
      remember_me: true,
    });
  });

  it('leaves a blank organisation out of the request and stores both token keys', async () => {
    const server = createFakeApi({ 'POST /auth/login': () => jsonResponse(200, makeAuthResponse()) });
    renderApp('/login', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(server.callsTo('POST', '/auth/login')[0]?.body).not.toHaveProperty('organization_slug');
    expect(localStorage.getItem('auth_token')).toBe('access-token-1');
    expect(localStorage.getItem('access_token')).toBe('access-token-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-token-1');
  });

  it("shows 'Signing in...' and disables the button while the request runs", async () => {
    let answer: (response: Response) => void = () => undefined;
    const server = createFakeApi({
      'POST /auth/login': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/login', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit();
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    answer(jsonResponse(401, { detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the server detail when there is one', async () => {
    const detail = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    renderApp(
      '/login',
      createFakeApi({ 'POST /auth/login': () => jsonResponse(429, { detail, code: 'RATE_LIMITED' }) }),
    );
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it("falls back to 'Invalid email or password' when the answer has no detail", async () => {
    renderApp(
      '/login',
      createFakeApi({ 'POST /auth/login': () => new Response('Bad gateway', { status: 502 }) }),
    );
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('lands on the dashboard, whether or not onboarding is finished (it is not built yet)', async () => {
    for (const onboarding_completed of [false, true]) {
      const server = createFakeApi({
        'POST /auth/login': () => jsonResponse(200, makeAuthResponse({ onboarding_completed })),
      });
      const { router, unmount } = renderApp('/login', server);
      await screen.findByRole('heading', { name: 'Welcome back' });
      await fillAndSubmit();
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
      expect(router.state.location.pathname).toBe('/dashboard');
      unmount();
      localStorage.clear();
    }
  });

  it('returns to the deep link followed while signed out, query and all', async () => {
    const server = createFakeApi({ 'POST /auth/login': () => jsonResponse(200, makeAuthResponse()) });
    const { router } = renderApp('/companies/6f1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0009?tab=news', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/companies/6f1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0009?tab=news',
    );
    await fillAndSubmit();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/companies/6f1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0009?tab=news',
      ),
    );
  });

  it('refuses to continue to another site after sign-in', async () => {
    const server = createFakeApi({ 'POST /auth/login': () => jsonResponse(200, makeAuthResponse()) });
    const { router } = renderApp(`/login?next=${encodeURIComponent('//evil.example/deals')}`, server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
