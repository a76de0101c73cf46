import type { TAuthResponse, TMeResponse } from '@atempo/contracts';
import { invitations, refreshTokens } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/tokens.ts';
import { addMember, invite, PASSWORD, registerOrganization, uniqueEmail } from '../../test/fixtures.ts';
import { call, startTestServer, TEST_JWT_SECRET, type TestServer } from '../../test/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const login = (body: Record<string, unknown>) =>
  call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/login', { body });
const refresh = (refresh_token: string) =>
  call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token } });

async function refreshRow(token: string) {
  const [row] = await server.database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row!;
}

const DAY_MS = 86_400_000;

describe('POST /auth/register/organization', () => {
  it('creates the organisation with the registrant as admin and signs them in', async () => {
    const email = uniqueEmail('founder');
    const response = await call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/register/organization', {
      body: {
        organization_name: 'Northwind Credit',
        email: email.toUpperCase(),
        password: PASSWORD,
        first_name: ' Ada ',
        last_name: 'Lovelace',
        subscription_tier: 'startup',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      user: { email, first_name: 'Ada', last_name: 'Lovelace', role: 'admin', onboarding_completed: false },
      organization: { name: 'Northwind Credit', slug: 'northwind-credit', subscription_tier: 'startup' },
    });
    expect(response.body.user.organization_id).toBe(response.body.organization.id);
    const me = await call<TMeResponse>(server.app, 'GET', '/api/v1/users/me', {
      token: response.body.access_token,
    });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    expect((await refresh(response.body.refresh_token)).status).toBe(200);
  });

  it('derives unique slugs: -2, -3 on clashes, accents folded', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      slugs.push(
        (await registerOrganization(server.app, { organization_name: 'Société Générale & Co' })).organization
          .slug,
      );
    }
    expect(slugs).toEqual([
      'societe-generale-and-co',
      'societe-generale-and-co-2',
      'societe-generale-and-co-3',
    ]);
  });

  it('refuses an email that already has an account (any case) with 409', async () => {
    const existing = await registerOrganization(server.app);
    const response = await call(server.app, 'POST', '/api/v1/auth/register/organization', {
      body: {
        organization_name: 'Second Fund',
        email: existing.user.email.toUpperCase(),
        password: PASSWORD,
        first_name: 'B',
        last_name: 'C',
      },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      detail: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
  });

  it('answers 422 with every field error, the first one in detail', async () => {
    const response = await call<{
      detail: string;
      code: string;
      errors: { path: string; message: string }[];
    }>(server.app, 'POST', '/api/v1/auth/register/organization', {
      body: { organization_name: 'X', email: 'not-an-email', password: 'short', last_name: 'L' },
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Enter a valid email address' },
        { path: 'password', message: 'Password must be at least 8 characters' },
        { path: 'first_name', message: 'First name is required' },
      ]),
    );
    expect(response.body.detail).toBe(response.body.errors[0]!.message);
  });
});

describe('POST /auth/register/user', () => {
  it('answers 404 for an unknown organisation code', async () => {
    const response = await call(server.app, 'POST', '/api/v1/auth/register/user', {
      body: {
        organization_slug: 'no-such-org',
        email: uniqueEmail(),
        password: PASSWORD,
        first_name: 'A',
        last_name: 'B',
      },
    });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe('Organisation not found. Check the organisation code.');
  });

  it('refuses to join without an invitation (403 INVITATION_REQUIRED)', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call(server.app, 'POST', '/api/v1/auth/register/user', {
      body: {
        organization_slug: admin.organization.slug,
        email: uniqueEmail(),
        password: PASSWORD,
        first_name: 'A',
        last_name: 'B',
      },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      detail: 'No invitation found for this email. Ask your admin to invite you.',
      code: 'INVITATION_REQUIRED',
    });
  });

  it('joins with an invitation, takes the invited role, and uses the invitation up', async () => {
    const admin = await registerOrganization(server.app);
    const email = uniqueEmail('partner');
    const invitation = await invite(server.app, admin, email, 'admin');
    const joined = await call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/register/user', {
      body: {
        organization_slug: admin.organization.slug.toUpperCase(),
        email,
        password: PASSWORD,
        first_name: 'Grace',
        last_name: 'Hopper',
      },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.user).toMatchObject({ email, role: 'admin', organization_id: admin.organization.id });
    expect(joined.body.organization.id).toBe(admin.organization.id);
    const [row] = await server.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    const again = await call(server.app, 'POST', '/api/v1/auth/register/user', {
      body: {
        organization_slug: admin.organization.slug,
        email,
        password: PASSWORD,
        first_name: 'G',
        last_name: 'H',
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_TAKEN');
  });

  it('does not accept an expired invitation', async () => {
    const admin = await registerOrganization(server.app);
    const email = uniqueEmail();
    const invitation = await invite(server.app, admin, email);
    await server.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    const response = await call(server.app, 'POST', '/api/v1/auth/register/user', {
      body: {
        organization_slug: admin.organization.slug,
        email,
        password: PASSWORD,
        first_name: 'A',
        last_name: 'B',
      },
    });
    expect(response.status).toBe(403);
  });
});

describe('POST /auth/login', () => {
  let admin: TAuthResponse;
  beforeAll(async () => {
    admin = await registerOrganization(server.app);
  });

  it('signs in with the right password, any email case', async () => {
    const response = await login({
      email: admin.user.email.toUpperCase(),
      password: PASSWORD,
      remember_me: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      user: { id: admin.user.id },
      organization: { id: admin.organization.id },
    });
    expect(response.body.access_token.split('.')).toHaveLength(3);
  });

  it('gives one answer for a wrong password, an unknown email and a wrong organisation', async () => {
    const expected = { detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
    const other = await registerOrganization(server.app);
    const answers = await Promise.all([
      login({ email: admin.user.email, password: 'wrong password' }),
      login({ email: uniqueEmail('nobody'), password: PASSWORD }),
      login({ email: admin.user.email, password: PASSWORD, organization_slug: other.organization.slug }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(expected);
    }
  });

  it('accepts the right organisation code', async () => {
    const response = await login({
      email: admin.user.email,
      password: PASSWORD,
      organization_slug: ` ${admin.organization.slug.toUpperCase()} `,
    });
    expect(response.status).toBe(200);
  });

  it('answers 422 when the password is missing', async () => {
    const response = await login({ email: admin.user.email });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'password' }] });
  });

  it('gives refresh tokens 30 days with remember_me and 24 hours without', async () => {
    const remembered = await login({ email: admin.user.email, password: PASSWORD, remember_me: true });
    const session = await login({ email: admin.user.email, password: PASSWORD, remember_me: false });
    const now = Date.now();
    const long = await refreshRow(remembered.body.refresh_token);
    const short = await refreshRow(session.body.refresh_token);
    expect(long.rememberMe).toBe(true);
    expect(Math.abs(long.expiresAt.getTime() - (now + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(Math.abs(short.expiresAt.getTime() - (now + DAY_MS))).toBeLessThan(60_000);

    // Rotation keeps the family's choice.
    const rotated = await refresh(remembered.body.refresh_token);
    const next = await refreshRow(rotated.body.refresh_token);
    expect(next.rememberMe).toBe(true);
    expect(next.familyId).toBe(long.familyId);
    expect(Math.abs(next.expiresAt.getTime() - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
  });
});

describe('access tokens', () => {
  let admin: TAuthResponse;
  beforeAll(async () => {
    admin = await registerOrganization(server.app);
  });
  const me = (headers: Record<string, string>) => call(server.app, 'GET', '/api/v1/users/me', { headers });
  const signed = (claims: Record<string, unknown>, expiresAt: number, secret = TEST_JWT_SECRET) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.user.id)
      .setIssuer('atempo')
      .setAudience('atempo-api')
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret));

  it('refuses a missing, malformed or foreign token with 401 UNAUTHENTICATED', async () => {
    const foreign = await signed(
      { org: admin.organization.id, role: 'admin' },
      Math.floor(Date.now() / 1000) + 600,
      'another-secret-that-is-long-enough-to-sign',
    );
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Basic ${foreign}` },
      { authorization: `Bearer ${foreign}` },
    ];
    for (const headers of attempts) {
      const response = await me(headers);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('says when the token expired', async () => {
    const expired = await signed(
      { org: admin.organization.id, role: 'admin' },
      Math.floor(Date.now() / 1000) - 5,
    );
    const response = await me({ authorization: `Bearer ${expired}` });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Token expired', code: 'TOKEN_EXPIRED' });
  });

  it('accepts a valid token with the scheme in any case', async () => {
    expect((await me({ authorization: `bearer ${admin.access_token}` })).status).toBe(200);
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: a new pair, and the old refresh token is spent', async () => {
    const admin = await registerOrganization(server.app);
    const first = await refresh(admin.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(admin.refresh_token);
    expect(first.body.user.id).toBe(admin.user.id);
    const me = await call(server.app, 'GET', '/api/v1/users/me', { token: first.body.access_token });
    expect(me.status).toBe(200);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
  });

  it('treats a reused refresh token as theft: the whole family is revoked', async () => {
    const admin = await registerOrganization(server.app);
    const stolenCopy = admin.refresh_token;
    const owner = await refresh(admin.refresh_token);
    expect(owner.status).toBe(200);

    const reuse = await refresh(stolenCopy);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({
      detail: 'Refresh token reuse detected; please sign in again',
      code: 'TOKEN_REUSE',
    });

    // Both copies are dead now: the owner's newer token too.
    const ownerAgain = await refresh(owner.body.refresh_token);
    expect(ownerAgain.status).toBe(401);
    expect(ownerAgain.body.code).toBe('INVALID_REFRESH_TOKEN');
    const rows = await server.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await refreshRow(stolenCopy)).familyId));
    expect(rows.length).toBe(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('refuses unknown and expired tokens with 401, and a missing one with 422', async () => {
    const unknown = await refresh('definitely-not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('INVALID_REFRESH_TOKEN');

    const admin = await registerOrganization(server.app);
    await server.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(admin.refresh_token)));
    const expired = await refresh(admin.refresh_token);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('INVALID_REFRESH_TOKEN');

    const missing = await call(server.app, 'POST', '/api/v1/auth/refresh', { body: {} });
    expect(missing.status).toBe(422);
  });
});

describe('POST /auth/logout', () => {
  it('needs a bearer token', async () => {
    const response = await call(server.app, 'POST', '/api/v1/auth/logout', { body: {} });
    expect(response.status).toBe(401);
  });

  it('revokes the given refresh token', async () => {
    const admin = await registerOrganization(server.app);
    const response = await call(server.app, 'POST', '/api/v1/auth/logout', {
      token: admin.access_token,
      body: { refresh_token: admin.refresh_token },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Signed out' });
    expect((await refresh(admin.refresh_token)).status).toBe(401);
  });

  it("cannot revoke someone else's session", async () => {
    const admin = await registerOrganization(server.app);
    const member = await addMember(server.app, admin);
    await call(server.app, 'POST', '/api/v1/auth/logout', {
      token: member.access_token,
      body: { refresh_token: admin.refresh_token },
    });
    expect((await refresh(admin.refresh_token)).status).toBe(200);
  });

  it('accepts a JSON request with an empty body', async () => {
    const admin = await registerOrganization(server.app);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });
});
