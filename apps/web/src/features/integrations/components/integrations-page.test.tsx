import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../lib/page-navigation.ts';
import { storeSession } from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  integrationsServer,
  MICROSOFT_CONNECTED,
  makeCatalogue,
  makeOAuthStatus,
} from '../testing/integration-fixtures.ts';

const card = (name: string) =>
  screen.getByRole('heading', { name, level: 3 }).closest('article') as HTMLElement;

async function openPage(path: string, server: ReturnType<typeof integrationsServer>) {
  storeSession();
  const view = renderApp(path, server);
  await screen.findByRole('heading', { name: 'Data Integrations', level: 1 });
  return view;
}

describe('Integrations page: the catalogue (spec 03 §2)', () => {
  it('shows every card; coming-soon cards are dimmed and lead nowhere, the others open their detail view', async () => {
    await openPage('/integrations', integrationsServer());
    await screen.findByRole('heading', { name: 'SharePoint', level: 3 });
    for (const name of ['SharePoint', 'OneDrive', 'Outlook', 'Gmail', 'Affinity', 'Box']) {
      expect(within(card(name)).getByRole('link', { name })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/integrations\?view=/),
      );
    }
    expect(within(card('SharePoint')).getByRole('link')).toHaveAttribute(
      'href',
      '/integrations?view=sharepoint',
    );
    for (const name of ['Salesforce Files', 'HubSpot', 'Airtable']) {
      const comingSoon = card(name);
      expect(within(comingSoon).queryByRole('link')).not.toBeInTheDocument();
      expect(comingSoon).toHaveClass('opacity-60');
      expect(comingSoon).toHaveAttribute('aria-disabled', 'true');
      expect(within(comingSoon).getByText('Coming soon')).toBeInTheDocument();
    }
    expect(within(card('Gmail')).getByText('Popular')).toBeInTheDocument();
  });

  it("says when this server lacks a provider's settings, and names them", async () => {
    const catalogue = makeCatalogue({
      gmail: { configured: false, missing_settings: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] },
    });
    await openPage('/integrations', integrationsServer({ catalogue }));
    await screen.findByRole('heading', { name: 'Gmail', level: 3 });
    const gmail = card('Gmail');
    expect(within(gmail).getByText('Not configured on this server')).toBeInTheDocument();
    expect(within(gmail).getByText('GOOGLE_CLIENT_ID')).toBeInTheDocument();
    expect(within(gmail).getByText('GOOGLE_CLIENT_SECRET')).toBeInTheDocument();
    expect(within(card('Outlook')).queryByText('Not configured on this server')).not.toBeInTheDocument();
  });

  it('offers Reconnect on a connection that needs it, through the full-page connect flow', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const catalogue = makeCatalogue({
      outlook: {
        status: 'connected',
        connection_status: 'needs_reconnect',
        connection_reason: 'Microsoft 365 asked you to sign in again.',
      },
    });
    const server = integrationsServer(
      { catalogue },
      {
        'POST /oauth/connect/microsoft': () =>
          jsonResponse(200, {
            auth_url: 'https://login.microsoftonline.example/authorize?x=1',
            state: 'st-1',
          }),
      },
    );
    await openPage('/integrations', server);
    await screen.findByRole('heading', { name: 'Outlook', level: 3 });
    const outlook = card('Outlook');
    expect(within(outlook).getByText('Needs reconnect')).toBeInTheDocument();
    expect(within(outlook).getByText('Microsoft 365 asked you to sign in again.')).toBeInTheDocument();
    await userEvent.setup().click(within(outlook).getByRole('button', { name: 'Reconnect Outlook' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://login.microsoftonline.example/authorize?x=1'),
    );
    expect(localStorage.getItem('oauth_return_path')).toBe('/integrations');
    expect(localStorage.getItem('oauth_expected_state')).toBe('st-1');
    assign.mockRestore();
  });

  it("shows a failed reconnect start as 'Failed to start OAuth: …'", async () => {
    const catalogue = makeCatalogue({ gmail: { status: 'connected', connection_status: 'error' } });
    const server = integrationsServer(
      { catalogue },
      {
        'POST /oauth/connect/google': () =>
          jsonResponse(502, { detail: 'Google did not answer', code: 'UPSTREAM_ERROR' }),
      },
    );
    await openPage('/integrations', server);
    await screen.findByRole('heading', { name: 'Gmail', level: 3 });
    expect(
      within(card('Gmail')).getByText('This connection needs you to sign in again.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(card('Gmail')).getByRole('button', { name: 'Reconnect Gmail' }));
    expect(await screen.findByText('Failed to start OAuth: Google did not answer')).toBeInTheDocument();
  });
});

describe('Integrations page: progress, welcome and completion', () => {
  it('shows the setup progress and the recommended next integration', async () => {
    const catalogue = makeCatalogue(
      { sharepoint: { status: 'connected' } },
      { connectedIntegrations: ['sharepoint'], completionPercentage: 25, recommendedNext: 'gmail' },
    );
    await openPage('/integrations', integrationsServer({ catalogue }));
    expect(await screen.findByText('25% complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Integration setup' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText('1 integration connected')).toBeInTheDocument();
    expect(screen.getByText(/Recommended next:/)).toHaveTextContent('Recommended next: Gmail');
    expect(screen.getByRole('link', { name: 'Set up Gmail' })).toHaveAttribute(
      'href',
      '/integrations?view=gmail',
    );
    expect(screen.queryByText('Setup Complete!')).not.toBeInTheDocument();
  });

  it('shows the welcome guide to a first-time user until it is dismissed, and remembers that', async () => {
    const catalogue = makeCatalogue({}, { isFirstTime: true, showWelcomeGuide: true });
    const first = await openPage('/integrations', integrationsServer({ catalogue }));
    const guide = await screen.findByRole('region', { name: 'Welcome to Data Integrations' });
    expect(within(guide).getByText('Connect Microsoft 365')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss the welcome guide' }));
    expect(screen.queryByRole('region', { name: 'Welcome to Data Integrations' })).not.toBeInTheDocument();
    expect(localStorage.getItem('integrations_welcome_dismissed')).toBe('true');
    first.unmount();

    renderApp('/integrations', integrationsServer({ catalogue }));
    await screen.findByText('0% complete');
    expect(screen.queryByRole('region', { name: 'Welcome to Data Integrations' })).not.toBeInTheDocument();
  });

  it("shows 'Microsoft 365 Connected' and 'Setup Complete!' when SharePoint is connected and setup is complete", async () => {
    const catalogue = makeCatalogue(
      { sharepoint: { status: 'connected' }, gmail: { status: 'connected' } },
      {
        connectedIntegrations: ['sharepoint', 'gmail'],
        completionPercentage: 100,
        recommendedNext: null,
        setupComplete: true,
      },
    );
    await openPage(
      '/integrations',
      integrationsServer({ catalogue, oauth: makeOAuthStatus({ microsoft: MICROSOFT_CONNECTED }) }),
    );
    expect(await screen.findByText('Microsoft 365 Connected')).toBeInTheDocument();
    expect(await screen.findByText('ada@northbridge.example')).toBeInTheDocument();
    const complete = screen.getByRole('region', { name: 'Setup Complete!' });
    for (const item of ['Document processing', 'CRM integration', 'AI analysis'])
      expect(within(complete).getByText(item)).toBeInTheDocument();
    expect(screen.getByText('2 integrations connected')).toBeInTheDocument();
    expect(screen.queryByText(/Recommended next/)).not.toBeInTheDocument();
  });

  it("offers 'Skip to Dashboard' only once onboarding is completed", async () => {
    const done = await openPage('/integrations', integrationsServer({ onboardingCompleted: true }));
    expect(await screen.findByRole('link', { name: 'Skip to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    done.unmount();
    renderApp('/integrations', integrationsServer({ onboardingCompleted: false }));
    await screen.findByText('0% complete');
    expect(screen.queryByRole('link', { name: 'Skip to Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText('Microsoft 365 Connected')).not.toBeInTheDocument();
  });
});

describe('Integrations page: detail views', () => {
  it('opens a detail view from its card, and Back to Integrations (or the browser Back) returns', async () => {
    const { router } = await openPage('/integrations', integrationsServer());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Affinity' }));
    expect(await screen.findByRole('heading', { name: 'Affinity', level: 2 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=affinity');
    expect(screen.getByText('What Affinity brings')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Integrations' }));
    expect(await screen.findByRole('heading', { name: 'Affinity', level: 3 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('link', { name: 'Box' }));
    await screen.findByRole('heading', { name: 'Box', level: 2 });
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Box', level: 3 })).toBeInTheDocument();
  });

  it('shows the list for a view that is coming soon or unknown', async () => {
    await openPage('/integrations?view=hubspot', integrationsServer());
    expect(await screen.findByRole('heading', { name: 'HubSpot', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Integrations' })).not.toBeInTheDocument();
  });
});
