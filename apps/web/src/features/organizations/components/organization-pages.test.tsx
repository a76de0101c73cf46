import type { TAlertSettings, TOrganizationUsersResponse } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type ApiRoute,
  createFakeApi,
  makeMe,
  makeUser,
  ORGANIZATION,
  storeSession,
} from '../../../test/fake-api.ts';
import { jsonResponse } from '../../../test/fakes.ts';
import { renderApp } from '../../../test/render-app.tsx';

const grace = makeUser({
  id: '6f1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0003',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@northbridge.example',
  role: 'member',
});

function members(): TOrganizationUsersResponse {
  return {
    users: [makeUser(), grace],
    invitations: [
      {
        id: '6f1c7f0e-8a55-4a7c-9c1e-0b1f0d9a0009',
        email: 'alan@northbridge.example',
        role: 'member',
        invited_by: makeUser().id,
        created_at: '2025-02-01T10:00:00.000Z',
        expires_at: '2025-02-08T10:00:00.000Z',
      },
    ],
    total: 2,
  };
}

describe('Organisation Settings', () => {
  it('shows the organisation code, the join link and the plan', async () => {
    storeSession();
    renderApp(
      '/organization/settings',
      createFakeApi({
        'GET /users/me': () => jsonResponse(200, makeMe()),
        'GET /organizations/current': () => jsonResponse(200, ORGANIZATION),
      }),
    );
    expect(await screen.findByText('northbridge')).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/register?org=northbridge`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Organisation Code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Organisation Name')).toHaveValue('Northbridge Capital');
    expect(screen.getByText('Trial Plan', { selector: 'main *' })).toBeInTheDocument();
  });
});

const HOOK = 'https://hooks.slack.com/services/T000/B000/secretwebhooktoken';
const NOT_SET: TAlertSettings = { slack_configured: false, slack_webhook_hint: null, updated_at: null };
const SAVED: TAlertSettings = {
  slack_configured: true,
  slack_webhook_hint: 'https://hooks.slack.com/services/T0…oken',
  updated_at: '2025-03-04T10:00:00.000Z',
};

function settingsServer(initial: TAlertSettings, routes: Record<string, ApiRoute> = {}) {
  let current = initial;
  return createFakeApi({
    'GET /users/me': () => jsonResponse(200, makeMe()),
    'GET /organizations/current': () => jsonResponse(200, ORGANIZATION),
    'GET /organizations/current/alert-settings': () => jsonResponse(200, current),
    'PUT /organizations/current/alert-settings': (call) => {
      const url = (call.body as { slack_webhook_url: string | null }).slack_webhook_url;
      current = url === null ? { ...NOT_SET, updated_at: SAVED.updated_at } : SAVED;
      return jsonResponse(200, current);
    },
    ...routes,
  });
}

const alertsCard = async () =>
  (await screen.findByRole('heading', { name: 'Alerts', level: 2 })).closest('section') as HTMLElement;

describe('Organisation Settings: Alerts (Slack webhook)', () => {
  it('checks the URL before saving, saves it, and then shows only its hint', async () => {
    storeSession();
    const server = settingsServer(NOT_SET);
    renderApp('/organization/settings', server);
    const user = userEvent.setup();
    const card = await alertsCard();
    expect(await within(card).findByText('Slack not set up')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Send test message' })).not.toBeInTheDocument();
    const field = within(card).getByLabelText('Slack incoming-webhook URL');
    const save = within(card).getByRole('button', { name: 'Save webhook' });
    expect(save).toBeDisabled();

    for (const [typed, message] of [
      ['http://hooks.slack.com/services/T/B/X', 'The webhook URL must be an https URL'],
      ['hooks.slack.com/services', 'The webhook URL must be a valid URL'],
      ['https://me:pw@hooks.slack.com/x', 'The webhook URL must not contain credentials'],
    ] as const) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(save);
      expect(await within(card).findByText(message)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(server.callsTo('PUT', '/organizations/current/alert-settings')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, HOOK);
    await user.click(save);
    expect(await screen.findByText('Slack webhook saved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/organizations/current/alert-settings')[0]?.body).toEqual({
      slack_webhook_url: HOOK,
    });
    expect(within(card).getByText('Slack connected')).toBeInTheDocument();
    expect(within(card).getByText('https://hooks.slack.com/services/T0…oken')).toBeInTheDocument();
    expect(within(card).getByText('Saved 4 Mar 2025')).toBeInTheDocument();
    expect(within(card).getByLabelText('New Slack incoming-webhook URL')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('secretwebhooktoken');
  });

  it("shows the server's refusal of a URL", async () => {
    storeSession();
    const detail = 'Slack webhook url: must not point to a private address';
    renderApp(
      '/organization/settings',
      settingsServer(NOT_SET, {
        'PUT /organizations/current/alert-settings': () =>
          jsonResponse(422, { detail, code: 'VALIDATION_ERROR' }),
      }),
    );
    const user = userEvent.setup();
    const card = await alertsCard();
    await user.type(
      await within(card).findByLabelText('Slack incoming-webhook URL'),
      'https://10.0.0.8/hook',
    );
    await user.click(within(card).getByRole('button', { name: 'Save webhook' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(detail);
    expect(within(card).getByText('Slack not set up')).toBeInTheDocument();
  });

  it("sends a test message and says how it went, with Slack's answer on failure", async () => {
    storeSession();
    let answer = jsonResponse(200, { success: true });
    const server = settingsServer(SAVED, {
      'POST /organizations/current/alert-settings/test': () => answer,
    });
    renderApp('/organization/settings', server);
    const user = userEvent.setup();
    const card = await alertsCard();
    await user.click(await within(card).findByRole('button', { name: 'Send test message' }));
    expect(await screen.findByText('Test message sent to Slack')).toBeInTheDocument();
    answer = jsonResponse(502, {
      detail: 'Slack refused the test message (HTTP 404): check the webhook URL',
      code: 'SLACK_REFUSED',
    });
    await user.click(within(card).getByRole('button', { name: 'Send test message' }));
    expect(
      await screen.findByText('Slack refused the test message (HTTP 404): check the webhook URL'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/organizations/current/alert-settings/test')).toHaveLength(2);
  });

  it('removes the webhook only after confirmation', async () => {
    storeSession();
    const server = settingsServer(SAVED);
    renderApp('/organization/settings', server);
    const user = userEvent.setup();
    const card = await alertsCard();
    await user.click(await within(card).findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the Slack webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('PUT', '/organizations/current/alert-settings')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove webhook' }),
    );
    expect(await screen.findByText('Slack webhook removed')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/organizations/current/alert-settings')[0]?.body).toEqual({
      slack_webhook_url: null,
    });
    expect(within(card).getByText('Slack not set up')).toBeInTheDocument();
    expect(within(card).queryByText('Saved webhook')).not.toBeInTheDocument();
  });
});

describe('Manage Users', () => {
  it('lists members and open invitations, and invites by email and role', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'GET /organizations/current/users': () => jsonResponse(200, members()),
      'POST /organizations/current/invitations': (call) =>
        jsonResponse(201, { ...members().invitations[0], ...(call.body as object) }),
    });
    renderApp('/organization/users', server);
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Role for Grace Hopper' })).toHaveValue('member');
    expect(screen.getByText('alan@northbridge.example')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Invite a colleague' });
    await user.type(within(form).getByLabelText('Email'), 'kai@northbridge.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/organizations/current/invitations')[0]?.body).toEqual({
        email: 'kai@northbridge.example',
        role: 'admin',
      }),
    );
  });

  it("shows the server's refusal of a role change", async () => {
    storeSession();
    const detail = 'An organisation needs at least one admin';
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'GET /organizations/current/users': () => jsonResponse(200, members()),
      [`PATCH /organizations/current/users/${makeUser().id}`]: () =>
        jsonResponse(409, { detail, code: 'LAST_ADMIN' }),
    });
    renderApp('/organization/users', server);
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role for Ada Lovelace' }),
      'member',
    );
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });

  it('removes a member only after confirmation', async () => {
    storeSession();
    const server = createFakeApi({
      'GET /users/me': () => jsonResponse(200, makeMe()),
      'GET /organizations/current/users': () => jsonResponse(200, members()),
      [`DELETE /organizations/current/users/${grace.id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/organization/users', server);
    const user = userEvent.setup();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/organizations/current/users/${grace.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(server.callsTo('DELETE', `/organizations/current/users/${grace.id}`)).toHaveLength(1),
    );
  });
});
