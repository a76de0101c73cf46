import type { TOrganizationUsersResponse } from '@atempo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeMe, makeUser, ORGANIZATION, storeSession } from '../../../test/fake-api.ts';
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
