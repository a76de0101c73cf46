import type {
  TAuthResponse,
  TInvitation,
  TOrganization,
  TOrganizationUser,
  TOrganizationUsersResponse,
} from '@atempo/contracts';
import { invitations, refreshTokens, users } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, invite, PASSWORD, registerOrganization, uniqueEmail } from '../../test/fixtures.ts';
import { type MailCatcher, recipients, startMailCatcher } from '../../test/mail-catcher.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

const PUBLIC_URL = 'https://atempo.example';
let mail: MailCatcher;
let server: TestServer;
let admin: TAuthResponse;
let member: TAuthResponse;
let other: TAuthResponse;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ env: { SMTP_URL: mail.url, PUBLIC_URL } });
  admin = await registerOrganization(server.app, { organization_name: 'Harbour Lending' });
  member = await addMember(server.app, admin);
  other = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const FORBIDDEN = { detail: 'Only organisation admins can do this', code: 'FORBIDDEN' };

describe('GET/PATCH /organizations/current', () => {
  it('shows any member their organisation', async () => {
    const response = await call<TOrganization>(server.app, 'GET', '/api/v1/organizations/current', {
      token: member.access_token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(admin.organization);
  });

  it('lets an admin rename it, not a member', async () => {
    const refused = await call(server.app, 'PATCH', '/api/v1/organizations/current', {
      token: member.access_token,
      body: { name: 'Taken Over' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    const renamed = await call<TOrganization>(server.app, 'PATCH', '/api/v1/organizations/current', {
      token: admin.access_token,
      body: { name: ' Harbour Lending Partners ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Harbour Lending Partners', slug: admin.organization.slug });
    const empty = await call(server.app, 'PATCH', '/api/v1/organizations/current', {
      token: admin.access_token,
      body: { name: '' },
    });
    expect(empty.status).toBe(422);
  });
});

describe('admin-only routes', () => {
  it('answer 403 to members on every one', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown?][] = [
      ['PATCH', '/api/v1/organizations/current', { name: 'X' }],
      ['GET', '/api/v1/organizations/current/users'],
      ['POST', '/api/v1/organizations/current/invitations', { email: uniqueEmail() }],
      ['DELETE', `/api/v1/organizations/current/invitations/${id}`],
      ['PATCH', `/api/v1/organizations/current/users/${id}`, { role: 'admin' }],
      ['DELETE', `/api/v1/organizations/current/users/${id}`],
    ];
    for (const [method, url, body] of routes) {
      const response = await call(server.app, method as 'GET', url, { token: member.access_token, body });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
      const anonymous = await call(server.app, method as 'GET', url, { body });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
    }
  });
});

describe('invitations', () => {
  it('invites for 7 days, emails the link, and lists the open invitation', async () => {
    const email = uniqueEmail('analyst');
    const response = await call<TInvitation>(
      server.app,
      'POST',
      '/api/v1/organizations/current/invitations',
      {
        token: admin.access_token,
        body: { email: email.toUpperCase() },
      },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email, role: 'member', invited_by: 'Ada Lovelace' });
    const lifetime = Date.parse(response.body.expires_at) - Date.now();
    expect(Math.abs(lifetime - 7 * 86_400_000)).toBeLessThan(60_000);

    const message = await mail.waitFor((m) => recipients(m).includes(email));
    expect(message.subject).toContain('Harbour Lending');
    expect(message.text).toContain(`${PUBLIC_URL}/register?org=${admin.organization.slug}`);

    const list = await call<TOrganizationUsersResponse>(
      server.app,
      'GET',
      '/api/v1/organizations/current/users',
      {
        token: admin.access_token,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.invitations.map((i) => i.email)).toContain(email);
    expect(list.body.users.map((u) => u.id)).toEqual(expect.arrayContaining([admin.user.id, member.user.id]));
    expect(list.body.total).toBe(list.body.users.length);
  });

  it('renews an open invitation instead of adding a second one', async () => {
    const email = uniqueEmail();
    const first = await invite(server.app, admin, email, 'member');
    await server.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(invitations.id, first.id));
    const second = await invite(server.app, admin, email, 'admin');
    expect(second.id).toBe(first.id);
    expect(second.role).toBe('admin');
    expect(Date.parse(second.expires_at) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const rows = await server.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(rows).toHaveLength(1);
  });

  it('refuses an email that already has an account anywhere (409)', async () => {
    const response = await call(server.app, 'POST', '/api/v1/organizations/current/invitations', {
      token: admin.access_token,
      body: { email: other.user.email },
    });
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe('An account with this email already exists');
  });

  it('revokes an invitation, after which it can no longer be used', async () => {
    const email = uniqueEmail();
    const invitation = await invite(server.app, admin, email);
    const revoked = await call(
      server.app,
      'DELETE',
      `/api/v1/organizations/current/invitations/${invitation.id}`,
      {
        token: admin.access_token,
      },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true });
    const join = await call(server.app, 'POST', '/api/v1/auth/register/user', {
      body: {
        organization_slug: admin.organization.slug,
        email,
        password: PASSWORD,
        first_name: 'A',
        last_name: 'B',
      },
    });
    expect(join.status).toBe(403);
    const again = await call(
      server.app,
      'DELETE',
      `/api/v1/organizations/current/invitations/${invitation.id}`,
      {
        token: admin.access_token,
      },
    );
    expect(again.status).toBe(404);
  });

  it("answers 404 for another organisation's invitation and leaves it alone", async () => {
    const theirs = await invite(server.app, other, uniqueEmail());
    const response = await call(
      server.app,
      'DELETE',
      `/api/v1/organizations/current/invitations/${theirs.id}`,
      {
        token: admin.access_token,
      },
    );
    expect(response.status).toBe(404);
    const [row] = await server.database.db.select().from(invitations).where(eq(invitations.id, theirs.id));
    expect(row?.revokedAt).toBeNull();
  });
});

describe('PATCH /organizations/current/users/{id}', () => {
  it('changes a member role', async () => {
    const colleague = await addMember(server.app, admin);
    const response = await call<TOrganizationUser>(
      server.app,
      'PATCH',
      `/api/v1/organizations/current/users/${colleague.user.id}`,
      { token: admin.access_token, body: { role: 'admin' } },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: colleague.user.id, role: 'admin' });
    // The new role applies at once, without waiting for a new token.
    const list = await call(server.app, 'GET', '/api/v1/organizations/current/users', {
      token: colleague.access_token,
    });
    expect(list.status).toBe(200);
  });

  it("answers 404 for another organisation's user and 422 for a malformed id", async () => {
    const response = await call(server.app, 'PATCH', `/api/v1/organizations/current/users/${other.user.id}`, {
      token: admin.access_token,
      body: { role: 'member' },
    });
    expect(response.status).toBe(404);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row?.role).toBe('admin');
    const malformed = await call(server.app, 'PATCH', '/api/v1/organizations/current/users/not-a-uuid', {
      token: admin.access_token,
      body: { role: 'member' },
    });
    expect(malformed.status).toBe(422);
  });

  it('keeps at least one admin', async () => {
    const solo = await registerOrganization(server.app);
    const response = await call(server.app, 'PATCH', `/api/v1/organizations/current/users/${solo.user.id}`, {
      token: solo.access_token,
      body: { role: 'member' },
    });
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe('An organisation needs at least one admin');

    // With a second admin, stepping down is fine.
    await addMember(server.app, solo, 'admin');
    const stepDown = await call(server.app, 'PATCH', `/api/v1/organizations/current/users/${solo.user.id}`, {
      token: solo.access_token,
      body: { role: 'member' },
    });
    expect(stepDown.status).toBe(200);
  });
});

describe('DELETE /organizations/current/users/{id}', () => {
  it('removes a member and ends their sessions at once', async () => {
    const leaver = await addMember(server.app, admin);
    const response = await call(
      server.app,
      'DELETE',
      `/api/v1/organizations/current/users/${leaver.user.id}`,
      {
        token: admin.access_token,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const me = await call(server.app, 'GET', '/api/v1/users/me', { token: leaver.access_token });
    expect(me.status).toBe(401);
    const refreshed = await call(server.app, 'POST', '/api/v1/auth/refresh', {
      body: { refresh_token: leaver.refresh_token },
    });
    expect(refreshed.status).toBe(401);
    const sessions = await server.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, leaver.user.id));
    expect(sessions).toEqual([]);
  });

  it("answers 404 for another organisation's user", async () => {
    const response = await call(
      server.app,
      'DELETE',
      `/api/v1/organizations/current/users/${other.user.id}`,
      {
        token: admin.access_token,
      },
    );
    expect(response.status).toBe(404);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row).toBeDefined();
  });

  it('does not let the last admin remove themself', async () => {
    const solo = await registerOrganization(server.app);
    const response = await call(server.app, 'DELETE', `/api/v1/organizations/current/users/${solo.user.id}`, {
      token: solo.access_token,
    });
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe('An organisation needs at least one admin');
  });
});
