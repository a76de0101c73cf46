import type {
  TIntegrationCatalogueResponse,
  TMicrosoftSignInResponse,
  TOAuthConnectResponse,
  TOAuthStatusResponse,
} from '@atempo/contracts';
import type { MicrosoftFake } from '@atempo/integrations/fakes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { authorize, callbackUrl, connectMicrosoft, startWithMicrosoft } from './integrations.fixtures.ts';
import { secretsCipher } from './secrets.ts';

let fake: MicrosoftFake;
let server: TestServer;

beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
// The fake has three people, and each Microsoft account links to one Atempo user: every test starts unlinked.
afterEach(async () => {
  await server.database.db.execute('delete from integration_connections');
});

const STATE_MISMATCH = 'Authentication state mismatch. Please try again.';

async function rows<T>(sql: string): Promise<T[]> {
  const result = await server.database.db.execute(sql);
  return (result as unknown as { rows: T[] }).rows;
}

const connectionCount = async (organizationId: string) =>
  Number(
    (
      await rows<{ n: string }>(
        `select count(*) as n from integration_connections where organization_id = '${organizationId}'`,
      )
    )[0]!.n,
  );

async function startConnect(token: string) {
  const start = await call<TOAuthConnectResponse>(server.app, 'POST', '/api/v1/oauth/connect/microsoft', {
    token,
  });
  expect(start.status).toBe(200);
  return start.body;
}

describe('connecting Microsoft 365', () => {
  it('runs the code flow with PKCE S256, a state and a nonce, and keeps the tokens sealed', async () => {
    const admin = await registerOrganization(server.app);
    const start = await startConnect(admin.access_token);
    const authUrl = new URL(start.auth_url);
    expect(authUrl.origin).toBe(fake.url);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authUrl.searchParams.get('state')).toBe(start.state);
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8123/auth-callback');
    expect(authUrl.searchParams.get('scope')).toContain('offline_access');

    const { code, state } = await authorize(start.auth_url);
    const done = await call(server.app, 'GET', callbackUrl({ code, state }), { token: admin.access_token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      provider: 'microsoft',
      user: { displayName: 'Alex Lender', mail: 'alex@contoso.example', jobTitle: 'Partner, Venture Debt' },
    });
    expect(JSON.stringify(done.body)).not.toMatch(/access_token|refresh_token/);

    const [row] = await rows<{
      id: string;
      account_id: string;
      access_token_cipher: string;
      refresh_token_cipher: string;
    }>(
      `select id, account_id, access_token_cipher, refresh_token_cipher from integration_connections where id = '${done.body.session_id}'`,
    );
    // The account is the tenant and object id from the verified id_token, never the email.
    expect(row!.account_id).toBe(`${fake.tenantId}:${fake.users[0]!.oid}`);
    const cipher = secretsCipher(server.config);
    const accessToken = cipher.open(row!.access_token_cipher, row!.id);
    const refreshToken = cipher.open(row!.refresh_token_cipher, row!.id);
    expect(accessToken.length).toBeGreaterThan(10);
    expect(row!.access_token_cipher).not.toContain(accessToken);
    expect(row!.refresh_token_cipher).not.toContain(refreshToken);
    // Sealed to its row: the same ciphertext does not open as another connection's.
    expect(() => cipher.open(row!.access_token_cipher, admin.user.id)).toThrow();
  });

  it('refuses a replayed callback, a missing code or state, and the provider’s refusal, storing nothing', async () => {
    const admin = await registerOrganization(server.app);
    const token = admin.access_token;
    const start = await startConnect(token);
    const { code, state } = await authorize(start.auth_url);
    expect((await call(server.app, 'GET', callbackUrl({ code, state }), { token })).status).toBe(200);
    const replay = await call(server.app, 'GET', callbackUrl({ code, state }), { token });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'STATE_MISMATCH', detail: STATE_MISMATCH });

    const noCode = await call(server.app, 'GET', callbackUrl({ state: 'x' }), { token });
    expect(noCode.body).toMatchObject({
      code: 'INVALID_CALLBACK',
      detail: 'Invalid authentication response',
    });
    const noState = await call(server.app, 'GET', callbackUrl({ code: 'x' }), { token });
    expect(noState.body).toMatchObject({ code: 'INVALID_CALLBACK', detail: 'Missing state parameter' });
    const unknown = await call(server.app, 'GET', callbackUrl({ code: 'x', state: 'not-a-state' }), {
      token,
    });
    expect(unknown.body).toMatchObject({ code: 'STATE_MISMATCH' });

    const other = await registerOrganization(server.app);
    const denied = await startConnect(other.access_token);
    fake.denyNextAuthorization();
    const refusal = await authorize(denied.auth_url).catch(() => null);
    expect(refusal).toBeNull();
    const refused = await call(
      server.app,
      'GET',
      callbackUrl({ error: 'access_denied', error_description: 'The user declined', state: denied.state }),
      { token: other.access_token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'OAUTH_REFUSED', detail: 'access_denied: The user declined' });
    expect(await connectionCount(other.organization.id)).toBe(0);
    // The refused flow's state is used up too.
    const late = await call(server.app, 'GET', callbackUrl({ code: 'x', state: denied.state }), {
      token: other.access_token,
    });
    expect(late.body).toMatchObject({ code: 'STATE_MISMATCH' });
  });

  it('binds the state to the user who started the flow, and forgets it after ten minutes', async () => {
    const first = await registerOrganization(server.app);
    const second = await registerOrganization(server.app);
    const start = await startConnect(first.access_token);
    const { code, state } = await authorize(start.auth_url);
    const stolen = await call(server.app, 'GET', callbackUrl({ code, state }), {
      token: second.access_token,
    });
    expect(stolen.body).toMatchObject({ code: 'STATE_MISMATCH' });
    expect(await connectionCount(second.organization.id)).toBe(0);

    const later = await startConnect(first.access_token);
    const redirect = await authorize(later.auth_url);
    await server.database.db.execute(`update oauth_states set expires_at = now() - interval '1 second'`);
    const expired = await call(
      server.app,
      'GET',
      callbackUrl({ code: redirect.code, state: redirect.state }),
      { token: first.access_token },
    );
    expect(expired.body).toMatchObject({ code: 'STATE_MISMATCH' });
    expect(await connectionCount(first.organization.id)).toBe(0);
  });

  it('refuses an id_token that fails verification, storing nothing', async () => {
    for (const tamper of [
      'wrong-audience',
      'foreign-key',
      'wrong-issuer',
      'expired',
      'missing-oid',
    ] as const) {
      const admin = await registerOrganization(server.app);
      const start = await startConnect(admin.access_token);
      const { code, state } = await authorize(start.auth_url);
      fake.tamperNextIdToken(tamper);
      const answer = await call(server.app, 'GET', callbackUrl({ code, state }), {
        token: admin.access_token,
      });
      expect(answer.status, tamper).toBe(400);
      expect(answer.body.code, tamper).toBe('INVALID_ID_TOKEN');
      expect(await connectionCount(admin.organization.id)).toBe(0);
    }
  });

  it('links one Microsoft account to one Atempo user', async () => {
    const first = await registerOrganization(server.app);
    const second = await registerOrganization(server.app);
    await connectMicrosoft(server.app, first.access_token, 'priya@contoso.example');
    const start = await startConnect(second.access_token);
    const { code, state } = await authorize(start.auth_url, 'priya@contoso.example');
    const taken = await call(server.app, 'GET', callbackUrl({ code, state }), { token: second.access_token });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('ACCOUNT_IN_USE');
    // Connecting again as the same user renews the one connection.
    const again = await connectMicrosoft(server.app, first.access_token, 'priya@contoso.example');
    expect(await connectionCount(first.organization.id)).toBe(1);
    expect(again.user.mail).toBe('priya@contoso.example');
  });
});

describe('the state of my connections', () => {
  it('says who is connected, and forgets the connection on disconnect', async () => {
    const admin = await registerOrganization(server.app);
    const token = admin.access_token;
    const before = await call<TOAuthStatusResponse>(server.app, 'GET', '/api/v1/oauth/status', { token });
    expect(before.body.microsoft).toMatchObject({ connected: false, configured: true, session_id: null });
    expect(before.body.google).toMatchObject({ connected: false, configured: false });

    const connection = await connectMicrosoft(server.app, token, 'jordan.rivers@outlook.example');
    const after = await call<TOAuthStatusResponse>(server.app, 'GET', '/api/v1/oauth/status', { token });
    expect(after.body.microsoft).toMatchObject({
      connected: true,
      email: 'jordan.rivers@outlook.example',
      status: 'active',
      expired: false,
      session_id: connection.session_id,
    });
    expect(Date.parse(after.body.microsoft.expires_at!)).toBeGreaterThan(Date.now());

    const summary = await call<{ integrations: { id: string; connected: boolean }[] }>(
      server.app,
      'GET',
      '/api/v1/integrations/status/summary',
      { token },
    );
    expect(summary.body.integrations).toContainEqual({ id: 'sharepoint', connected: true });
    expect(summary.body.integrations).toContainEqual({ id: 'gmail', connected: false });

    const gone = await call(server.app, 'POST', '/api/v1/oauth/disconnect/microsoft', { token });
    expect(gone.status).toBe(200);
    expect(await connectionCount(admin.organization.id)).toBe(0);
  });

  it('signs out of the caller’s own Microsoft session only', async () => {
    const admin = await registerOrganization(server.app);
    const member = await addMember(server.app, admin);
    const mine = await connectMicrosoft(server.app, admin.access_token, 'priya@contoso.example');
    const outsider = await registerOrganization(server.app);
    for (const caller of [member.access_token, outsider.access_token]) {
      const refused = await call(server.app, 'POST', '/api/v1/oauth/logout', {
        token: caller,
        body: { session_id: mine.session_id },
      });
      expect(refused.status).toBe(404);
      const browse = await call(server.app, 'GET', `/api/v1/sharepoint/sites?session_id=${mine.session_id}`, {
        token: caller,
      });
      expect(browse.status).toBe(404);
    }
    expect(await connectionCount(admin.organization.id)).toBe(1);
    const out = await call(server.app, 'POST', '/api/v1/oauth/logout', {
      token: admin.access_token,
      body: { session_id: mine.session_id },
    });
    expect(out.status).toBe(200);
    expect(await connectionCount(admin.organization.id)).toBe(0);
    // Without a body: the caller's own session.
    await connectMicrosoft(server.app, admin.access_token, 'priya@contoso.example');
    const bare = await call(server.app, 'POST', '/api/v1/oauth/logout', { token: admin.access_token });
    expect(bare.status).toBe(200);
    expect(await connectionCount(admin.organization.id)).toBe(0);
  });

  it('renews an expiring access token from the refresh token, and asks to reconnect once that is revoked', async () => {
    const admin = await registerOrganization(server.app);
    const token = admin.access_token;
    const connection = await connectMicrosoft(server.app, token, 'alex@contoso.example');
    const [before] = await rows<{ refresh_token_cipher: string }>(
      `select refresh_token_cipher from integration_connections where id = '${connection.session_id}'`,
    );
    // The stored expiry is within five minutes: the next call refreshes first.
    await server.database.db.execute(
      `update integration_connections set access_token_expires_at = now() + interval '2 minutes' where id = '${connection.session_id}'`,
    );
    fake.expireAccessTokens();
    const sites = await call(server.app, 'GET', '/api/v1/sharepoint/sites', { token });
    expect(sites.status, JSON.stringify(sites.body)).toBe(200);
    const [after] = await rows<{ refresh_token_cipher: string; access_token_expires_at: Date }>(
      `select refresh_token_cipher, access_token_expires_at from integration_connections where id = '${connection.session_id}'`,
    );
    expect(after!.refresh_token_cipher).not.toBe(before!.refresh_token_cipher);
    expect(new Date(after!.access_token_expires_at).getTime()).toBeGreaterThan(Date.now() + 30 * 60 * 1000);

    fake.revokeRefreshTokens();
    fake.expireAccessTokens();
    const refused = await call(server.app, 'GET', '/api/v1/sharepoint/sites', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RECONNECT_REQUIRED');
    const status = await call<TOAuthStatusResponse>(server.app, 'GET', '/api/v1/oauth/status', { token });
    expect(status.body.microsoft).toMatchObject({
      connected: false,
      status: 'needs_reconnect',
      expired: true,
    });
    expect(status.body.microsoft.reason).toMatch(/reconnect/);
    const catalogue = await call<TIntegrationCatalogueResponse>(
      server.app,
      'GET',
      '/api/v1/integrations/catalogue',
      {
        token,
      },
    );
    expect(catalogue.body.integrations.find((entry) => entry.id === 'sharepoint')).toMatchObject({
      status: 'available',
      connection_status: 'needs_reconnect',
    });
    // Reconnecting mends it.
    await connectMicrosoft(server.app, token, 'alex@contoso.example');
    expect((await call(server.app, 'GET', '/api/v1/sharepoint/sites', { token })).status).toBe(200);
  });
});

describe('the integrations catalogue', () => {
  it('lists every integration with its state, and the setup progress', async () => {
    const admin = await registerOrganization(server.app);
    const token = admin.access_token;
    const first = await call<TIntegrationCatalogueResponse>(
      server.app,
      'GET',
      '/api/v1/integrations/catalogue',
      {
        token,
      },
    );
    expect(first.status).toBe(200);
    const byId = new Map(first.body.integrations.map((entry) => [entry.id, entry]));
    expect([...byId.keys()]).toEqual([
      'sharepoint',
      'onedrive',
      'gmail',
      'affinity',
      'outlook',
      'box',
      'salesforce-files',
      'hubspot',
      'airtable',
    ]);
    expect(byId.get('sharepoint')).toMatchObject({
      status: 'available',
      priority: 1,
      configured: true,
      popular: false,
    });
    expect(byId.get('onedrive')).toMatchObject({ status: 'available', popular: true });
    for (const id of ['salesforce-files', 'hubspot', 'airtable'] as const) {
      expect(byId.get(id)?.status).toBe('coming_soon');
    }
    expect(first.body.progress).toEqual({
      isFirstTime: true,
      connectedIntegrations: [],
      completionPercentage: 0,
      recommendedNext: 'sharepoint',
      setupComplete: false,
      showWelcomeGuide: true,
    });

    await connectMicrosoft(server.app, token, 'alex@contoso.example');
    const later = await call<TIntegrationCatalogueResponse>(
      server.app,
      'GET',
      '/api/v1/integrations/catalogue',
      {
        token,
      },
    );
    expect(later.body.progress).toMatchObject({
      isFirstTime: false,
      connectedIntegrations: ['sharepoint', 'onedrive'],
      completionPercentage: 100,
      setupComplete: true,
      showWelcomeGuide: false,
    });
  });

  it('names the settings a server without Microsoft lacks, instead of failing on click', async () => {
    const plain = await startTestServer();
    try {
      const admin = await registerOrganization(plain.app);
      const catalogue = await call<TIntegrationCatalogueResponse>(
        plain.app,
        'GET',
        '/api/v1/integrations/catalogue',
        {
          token: admin.access_token,
        },
      );
      expect(catalogue.body.integrations.find((entry) => entry.id === 'sharepoint')).toMatchObject({
        configured: false,
        missing_settings: ['MS_CLIENT_ID', 'MS_CLIENT_SECRET', 'MS_TENANT_ID'],
      });
      expect(catalogue.body.progress.recommendedNext).toBeNull();
      const connect = await call(plain.app, 'POST', '/api/v1/oauth/connect/microsoft', {
        token: admin.access_token,
      });
      expect(connect.status).toBe(400);
      expect(connect.body.code).toBe('NOT_CONFIGURED');
      expect(connect.body.detail).toContain('MS_CLIENT_ID, MS_CLIENT_SECRET, MS_TENANT_ID');
      const signIn = await call(plain.app, 'GET', '/api/v1/auth/microsoft/login');
      expect(signIn.status).toBe(400);
      expect(signIn.body.code).toBe('NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});

describe('Sign in with Microsoft', () => {
  async function beginSignIn() {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/auth/microsoft/login' });
    expect(response.statusCode).toBe(302);
    const cookie = response.cookies.find((entry) => entry.name === 'atempo_ms_sign_in');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/oauth' });
    return { location: response.headers.location as string, cookie: `${cookie!.name}=${cookie!.value}` };
  }

  it('signs in the Atempo user with that email, with Atempo’s own tokens, and connects Microsoft 365', async () => {
    const admin = await registerOrganization(server.app, { email: 'alex@contoso.example' });
    const { location, cookie } = await beginSignIn();
    const { code, state } = await authorize(location, 'alex@contoso.example');
    const answer = await call<TMicrosoftSignInResponse>(server.app, 'GET', callbackUrl({ code, state }), {
      headers: { cookie },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user.id).toBe(admin.user.id);
    expect(answer.body.token_type).toBe('bearer');
    expect(answer.body.microsoft_user.mail).toBe('alex@contoso.example');
    const me = await call(server.app, 'GET', '/api/v1/users/me', { token: answer.body.access_token });
    expect(me.status).toBe(200);
    const status = await call<TOAuthStatusResponse>(server.app, 'GET', '/api/v1/oauth/status', {
      token: answer.body.access_token,
    });
    expect(status.body.microsoft).toMatchObject({ connected: true, session_id: answer.body.session_id });
    // Later sign-ins find the user by the linked account, even after the email changes.
    await server.database.db.execute(
      `update users set email = 'renamed@contoso.example' where id = '${admin.user.id}'`,
    );
    const again = await beginSignIn();
    const redirect = await authorize(again.location, 'alex@contoso.example');
    const second = await call<TMicrosoftSignInResponse>(
      server.app,
      'GET',
      callbackUrl({ code: redirect.code, state: redirect.state }),
      {
        headers: { cookie: again.cookie },
      },
    );
    expect(second.body.user?.id).toBe(admin.user.id);
  });

  it('refuses someone nobody invited, a personal account by email alone, and a callback from another browser', async () => {
    const nobody = await beginSignIn();
    const priya = await authorize(nobody.location, 'priya@contoso.example');
    const refused = await call(server.app, 'GET', callbackUrl({ code: priya.code, state: priya.state }), {
      headers: { cookie: nobody.cookie },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NO_ACCOUNT');
    expect(refused.body.detail).toContain('an admin of your organisation must invite you first');

    await registerOrganization(server.app, { email: 'jordan.rivers@outlook.example' });
    const personal = await beginSignIn();
    const jordan = await authorize(personal.location, 'jordan.rivers@outlook.example');
    const notTrusted = await call(
      server.app,
      'GET',
      callbackUrl({ code: jordan.code, state: jordan.state }),
      { headers: { cookie: personal.cookie } },
    );
    expect(notTrusted.status).toBe(403);

    const flow = await beginSignIn();
    const redirect = await authorize(flow.location, 'alex@contoso.example');
    const noCookie = await call(
      server.app,
      'GET',
      callbackUrl({ code: redirect.code, state: redirect.state }),
    );
    expect(noCookie.body).toMatchObject({ code: 'STATE_MISMATCH' });
  });
});
