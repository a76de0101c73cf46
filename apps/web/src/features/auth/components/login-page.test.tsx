import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
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
    await screen.findByRole('heading', { name: 'Dashboard' });
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

  it('sends a user who has not finished onboarding to /integrations', async () => {
    const server = createFakeApi({
      'POST /auth/login': () => jsonResponse(200, makeAuthResponse({ onboarding_completed: false })),
    });
    const { router } = renderApp('/login', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Data Integrations' });
    expect(router.state.location.pathname).toBe('/integrations');
  });

  it('sends a user who has finished onboarding to /dashboard', async () => {
    const server = createFakeApi({ 'POST /auth/login': () => jsonResponse(200, makeAuthResponse()) });
    const { router } = renderApp('/login', server);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
