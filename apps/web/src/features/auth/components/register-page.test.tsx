import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeAuthResponse } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

const passwordInput = () => screen.getByLabelText('Password');
const confirmInput = () => screen.getByLabelText('Confirm Password');

describe('Register screen', () => {
  it('opens on New Organisation with a Work Email field and the plans', async () => {
    renderApp('/register', createFakeApi({}));
    expect(await screen.findByRole('tab', { name: 'New Organisation' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Join Organisation' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Start your AI-powered VC journey.')).toBeInTheDocument();
    expect(screen.getByLabelText('Work Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Organisation Name')).toBeRequired();
    const trial = screen.getByRole('radio', { name: /Trial.*Free.*5 users.*100 deals.*10GB storage/ });
    expect(trial).toBeChecked();
    expect(
      screen.getByRole('radio', { name: /Startup.*\$299\/mo.*25 users.*1,000 deals.*API access/ }),
    ).not.toBeChecked();
    expect(
      screen.getByRole('radio', { name: /Growth.*\$999\/mo.*Unlimited deals.*Priority support.*1TB/ }),
    ).toBeInTheDocument();
    expect(passwordInput()).toHaveAccessibleDescription(/uppercase, lowercase and numbers/);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('opens on Join Organisation with the code from ?org= locked in', async () => {
    renderApp('/register?org=northbridge', createFakeApi({}));
    expect(await screen.findByRole('tab', { name: 'Join Organisation' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const code = screen.getByLabelText('Organisation Code');
    expect(code).toHaveValue('northbridge');
    expect(code).toHaveAttribute('readonly');
    expect(code).toHaveAccessibleDescription('Ask your admin for your organisation code');
    const user = userEvent.setup();
    await user.type(code, 'x');
    expect(code).toHaveValue('northbridge');
  });

  it('lets the code be typed when it does not come from the URL', async () => {
    renderApp('/register', createFakeApi({}));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Join Organisation' }));
    const code = screen.getByLabelText('Organisation Code');
    expect(code).not.toHaveAttribute('readonly');
    await user.type(code, 'acme');
    expect(code).toHaveValue('acme');
  });

  it('says live whether the passwords match', async () => {
    renderApp('/register', createFakeApi({}));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'Secret123');
    expect(screen.queryByText('Passwords match')).not.toBeInTheDocument();
    await user.type(confirmInput(), 'Secret12');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(confirmInput(), '3');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('refuses a password shorter than 8 characters without calling the server', async () => {
    const server = createFakeApi({});
    renderApp('/register', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.type(screen.getByLabelText('Organisation Name'), 'Northbridge Capital');
    await user.type(screen.getByLabelText('Work Email'), 'ada@northbridge.example');
    await user.type(passwordInput(), 'Short1');
    await user.type(confirmInput(), 'Short1');
    await user.click(screen.getByRole('button', { name: 'Create Organisation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    expect(server.callsTo('POST', '/auth/register/organization')).toHaveLength(0);
  });

  it('creates the organisation with the chosen plan, clears onboarding flags and lands on /dashboard', async () => {
    localStorage.setItem('pebble_visited', 'true');
    localStorage.setItem('onboarding_completed', 'true');
    const server = createFakeApi({
      'POST /auth/register/organization': () =>
        jsonResponse(201, makeAuthResponse({ onboarding_completed: false })),
    });
    const { router } = renderApp('/register', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.type(screen.getByLabelText('Organisation Name'), 'Northbridge Capital');
    await user.type(screen.getByLabelText('Work Email'), 'ada@northbridge.example');
    await user.type(passwordInput(), 'Secret123');
    await user.type(confirmInput(), 'Secret123');
    await user.click(screen.getByRole('radio', { name: /Growth/ }));
    await user.click(screen.getByRole('button', { name: 'Create Organisation' }));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.callsTo('POST', '/auth/register/organization')[0]?.body).toEqual({
      organization_name: 'Northbridge Capital',
      email: 'ada@northbridge.example',
      password: 'Secret123',
      first_name: 'Ada',
      last_name: 'Lovelace',
      subscription_tier: 'growth',
    });
    expect(localStorage.getItem('pebble_visited')).toBeNull();
    expect(localStorage.getItem('onboarding_completed')).toBeNull();
  });

  it('joins with the organisation code and shows the server detail on refusal', async () => {
    const detail = 'No invitation found for this email. Ask your admin to invite you.';
    const server = createFakeApi({
      'POST /auth/register/user': () => jsonResponse(403, { detail, code: 'NO_INVITATION' }),
    });
    renderApp('/register?org=northbridge', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'Grace');
    await user.type(screen.getByLabelText('Last Name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@northbridge.example');
    await user.type(passwordInput(), 'Secret123');
    await user.type(confirmInput(), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Join Organisation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(server.callsTo('POST', '/auth/register/user')[0]?.body).toEqual({
      organization_slug: 'northbridge',
      email: 'grace@northbridge.example',
      password: 'Secret123',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
  });

  it("falls back to 'Registration failed' without a detail", async () => {
    const server = createFakeApi({ 'POST /auth/register/user': () => new Response(null, { status: 500 }) });
    renderApp('/register?org=northbridge', server);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'Grace');
    await user.type(screen.getByLabelText('Last Name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@northbridge.example');
    await user.type(passwordInput(), 'Secret123');
    await user.type(confirmInput(), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Join Organisation' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed'));
  });
});
