import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTOSO,
  followAuthorization,
  type MicrosoftFake,
  PERSONAL_TENANT_ID,
  seedDealTree,
  startMicrosoftFake,
} from './index.ts';

/** Response bodies here are checked by the assertions themselves. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads arbitrary JSON and asserts its shape
type Json = any;

let fake: MicrosoftFake;
let dealsDriveId: string;
const REDIRECT = 'http://127.0.0.1:5173/auth-callback';

function authorizeUrl(params: Record<string, string>, tenant = 'common'): string {
  const url = new URL(`${fake.url}/${tenant}/oauth2/v2.0/authorize`);
  const verifier = 'v'.repeat(43);
  const defaults = {
    client_id: fake.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid profile offline_access User.Read',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  for (const [key, value] of Object.entries({ ...defaults, ...params })) {
    if (value !== '') url.searchParams.set(key, value);
  }
  return url.href;
}

function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}, tenant = 'common') {
  return fetch(`${fake.url}/${tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
}

async function codeFor(params: Record<string, string> = {}): Promise<string> {
  const redirect = await followAuthorization(authorizeUrl(params));
  expect(redirect.code).toBeTruthy();
  return redirect.code!;
}

function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

beforeAll(async () => {
  fake = await startMicrosoftFake();
  dealsDriveId = fake.sites.find((site) => site.isRoot)!.drives[0]!.id;
}, 60_000);

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => fake.resetRequestLog());

describe('Entra discovery and keys', () => {
  it('announces the {tenantid} issuer template for common and organizations, a GUID otherwise', async () => {
    const common = (await (
      await fetch(`${fake.url}/common/v2.0/.well-known/openid-configuration`)
    ).json()) as Json;
    expect(common).toMatchObject({
      issuer: `${fake.url}/{tenantid}/v2.0`,
      authorization_endpoint: `${fake.url}/common/oauth2/v2.0/authorize`,
      token_endpoint: `${fake.url}/common/oauth2/v2.0/token`,
      jwks_uri: `${fake.url}/common/discovery/v2.0/keys`,
      id_token_signing_alg_values_supported: ['RS256'],
    });
    const organizations = (await (
      await fetch(`${fake.url}/organizations/v2.0/.well-known/openid-configuration`)
    ).json()) as Json;
    expect(organizations.issuer).toBe(`${fake.url}/{tenantid}/v2.0`);
    const byDomain = (await (
      await fetch(`${fake.url}/contoso.example/v2.0/.well-known/openid-configuration`)
    ).json()) as Json;
    expect(byDomain.issuer).toBe(`${fake.url}/${CONTOSO.tenantId}/v2.0`);
    const consumers = (await (
      await fetch(`${fake.url}/consumers/v2.0/.well-known/openid-configuration`)
    ).json()) as Json;
    expect(consumers.issuer).toBe(`${fake.url}/${PERSONAL_TENANT_ID}/v2.0`);
    expect((await fetch(`${fake.url}/fabrikam.example/v2.0/.well-known/openid-configuration`)).status).toBe(
      400,
    );
  });

  it('publishes one RS256 signing key', async () => {
    const { keys } = (await (await fetch(`${fake.url}/common/discovery/v2.0/keys`)).json()) as Json;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0].kid).toBeTruthy();
    expect(keys[0].d).toBeUndefined();
  });
});

describe('the authorization endpoint', () => {
  it('redirects with a code and the state', async () => {
    const redirect = await followAuthorization(authorizeUrl({}));
    expect(redirect.status).toBe(302);
    expect(redirect.location!.startsWith(`${REDIRECT}?`)).toBe(true);
    expect(redirect.state).toBe('state-1');
    expect(redirect.code).toBeTruthy();
  });

  it('shows an error page, not a redirect, for an unknown client or redirect URI', async () => {
    const unknownClient = await fetch(authorizeUrl({ client_id: 'nope' }), { redirect: 'manual' });
    expect(unknownClient.status).toBe(400);
    expect(await unknownClient.text()).toContain('AADSTS700016');
    for (const uri of [
      'https://evil.example/auth-callback',
      'http://127.0.0.1:5173/other',
      'http://10.0.0.1:5173/auth-callback',
    ]) {
      const response = await fetch(authorizeUrl({ redirect_uri: uri }), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('redirects with invalid_request without PKCE S256, state or nonce', async () => {
    const cases: Record<string, string>[] = [
      { code_challenge: '' },
      { code_challenge_method: 'plain' },
      { state: '' },
      { nonce: '' },
    ];
    for (const missing of cases) {
      const redirect = await followAuthorization(authorizeUrl(missing));
      expect(redirect.error).toBe('invalid_request');
      expect(redirect.code).toBeNull();
    }
    expect((await followAuthorization(authorizeUrl({ response_type: 'token' }))).error).toBe(
      'unsupported_response_type',
    );
  });

  it('denies when told to, with access_denied and the state', async () => {
    fake.denyNextAuthorization();
    const denied = await followAuthorization(authorizeUrl({}));
    expect(denied).toMatchObject({ error: 'access_denied', state: 'state-1', code: null });
    expect(denied.errorDescription).toMatch(/^AADSTS65004/);
    expect((await followAuthorization(authorizeUrl({}))).code).toBeTruthy();
  });

  it('signs in the user named by login_hint, within the tenant path', async () => {
    const code = await codeFor({ login_hint: 'priya@contoso.example' });
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: 'v'.repeat(43),
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    const { access_token } = (await response.json()) as Json;
    const me = (await (await fetch(`${fake.graphBaseUrl}/me`, bearer(access_token))).json()) as Json;
    expect(me.displayName).toBe('Priya Shah');
    const personalInOrganizations = await followAuthorization(
      authorizeUrl({ login_hint: 'jordan.rivers@outlook.example' }, 'organizations'),
    );
    expect(personalInOrganizations.error).toBe('invalid_request');
  });

  it('signs in the account chosen for the next authorization, once, when no login_hint names one', async () => {
    const meOf = async (code: string | null) => {
      const response = await tokenRequest({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: REDIRECT,
        code_verifier: 'v'.repeat(43),
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      });
      const { access_token } = (await response.json()) as Json;
      return ((await (await fetch(`${fake.graphBaseUrl}/me`, bearer(access_token))).json()) as Json)
        .displayName;
    };
    expect(() => fake.chooseNextAccount('nobody@contoso.example')).toThrow(/no user/);
    fake.chooseNextAccount('priya@contoso.example');
    expect(await meOf((await followAuthorization(authorizeUrl({}))).code)).toBe('Priya Shah');
    expect(await meOf((await followAuthorization(authorizeUrl({}))).code)).toBe('Alex Lender');
  });

  it('answers with an auto-posting form for response_mode=form_post', async () => {
    const response = await fetch(authorizeUrl({ response_mode: 'form_post' }));
    const html = await response.text();
    expect(html).toContain(`action="${REDIRECT}"`);
    expect(html).toMatch(/name="code" value="[^"]+"/);
  });
});

describe('the token endpoint', () => {
  const verifier = 'v'.repeat(43);

  it('accepts client_secret_basic', async () => {
    const code = await codeFor();
    const basic = Buffer.from(
      `${encodeURIComponent(fake.clientId)}:${encodeURIComponent(fake.clientSecret)}`,
    ).toString('base64');
    const response = await tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
      { authorization: `Basic ${basic}` },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(body.refresh_token).toBeTruthy();
    expect(body.id_token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      iss: `${fake.url}/${CONTOSO.tenantId}/v2.0`,
      aud: fake.clientId,
      tid: CONTOSO.tenantId,
      oid: CONTOSO.alexOid,
      nonce: 'nonce-1',
      ver: '2.0',
      email: 'alex@contoso.example',
    });
  });

  it('refuses two client authentication methods at once, a wrong secret, and a different redirect_uri', async () => {
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    const both = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: await codeFor(),
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_secret: fake.clientSecret,
      },
      { authorization: `Basic ${basic}` },
    );
    expect(((await both.json()) as Json).error).toBe('invalid_request');

    const wrongSecret = await tokenRequest({
      grant_type: 'authorization_code',
      code: await codeFor(),
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: fake.clientId,
      client_secret: 'wrong',
    });
    expect(wrongSecret.status).toBe(401);
    const body = (await wrongSecret.json()) as Json;
    expect(body).toMatchObject({ error: 'invalid_client', error_codes: [7000215] });
    expect(body.error_description).toMatch(/^AADSTS7000215: /);
    expect(body.trace_id).toBeTruthy();
    expect(body.correlation_id).toBeTruthy();
    expect(body.timestamp).toBeTruthy();

    const otherRedirect = await tokenRequest({
      grant_type: 'authorization_code',
      code: await codeFor(),
      redirect_uri: 'http://127.0.0.1:9999/auth-callback',
      code_verifier: verifier,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    expect((await otherRedirect.json()) as Json).toMatchObject({
      error: 'invalid_grant',
      error_codes: [500112],
    });
  });

  it('issues no refresh token without offline_access and no id_token without openid', async () => {
    const code = await codeFor({ scope: 'User.Read Files.Read.All', nonce: '' });
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    const body = (await response.json()) as Json;
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeUndefined();
    expect(body.id_token).toBeUndefined();
  });
});

describe('Graph', () => {
  it('answers 401 InvalidAuthenticationToken for a missing, unknown or expired token', async () => {
    for (const init of [{}, bearer('not-a-token')]) {
      const response = await fetch(`${fake.graphBaseUrl}/me`, init);
      expect(response.status).toBe(401);
      expect(((await response.json()) as Json).error.code).toBe('InvalidAuthenticationToken');
    }
    const { accessToken } = fake.issueTokens();
    expect((await fetch(`${fake.graphBaseUrl}/me`, bearer(accessToken))).status).toBe(200);
    fake.expireAccessTokens();
    const expired = await fetch(`${fake.graphBaseUrl}/me`, bearer(accessToken));
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as Json).error.message).toMatch(/expired/);
  });

  it('refuses the files API to a token without a files scope', async () => {
    const { accessToken } = fake.issueTokens({ scopes: ['openid', 'User.Read'] });
    expect((await fetch(`${fake.graphBaseUrl}/me`, bearer(accessToken))).status).toBe(200);
    expect((await fetch(`${fake.graphBaseUrl}/me/drive`, bearer(accessToken))).status).toBe(403);
    expect((await fetch(`${fake.graphBaseUrl}/sites/root`, bearer(accessToken))).status).toBe(403);
  });

  it('serves the same item under /drives, /me/drive and /sites/{id}/drive aliases and by path', async () => {
    const { accessToken } = fake.issueTokens();
    const site = fake.sites.find((candidate) => candidate.isRoot)!;
    const direct = (await (
      await fetch(
        `${fake.graphBaseUrl}/drives/${dealsDriveId}/root:/Deals/Lumen%20Health:`,
        bearer(accessToken),
      )
    ).json()) as Json;
    const viaSite = (await (
      await fetch(
        `${fake.graphBaseUrl}/sites/${site.id}/drive/root:/Deals/Lumen%20Health:`,
        bearer(accessToken),
      )
    ).json()) as Json;
    expect(viaSite.id).toBe(direct.id);
    const viaHost = (await (
      await fetch(
        `${fake.graphBaseUrl}/sites/contoso.sharepoint.example:/sites/Portfolio`,
        bearer(accessToken),
      )
    ).json()) as Json;
    expect(viaHost.displayName).toBe('Portfolio');
    const mine = (await (
      await fetch(`${fake.graphBaseUrl}/me/drive/root:/Deals:/children`, bearer(accessToken))
    ).json()) as Json;
    expect(mine.value.map((item: { name: string }) => item.name)).toEqual([
      'Nordlicht Robotics',
      'Orbital Freight',
    ]);
    const unknown = await fetch(`${fake.graphBaseUrl}/me/calendars`, bearer(accessToken));
    expect(unknown.status).toBe(400);
  });

  it('answers token=latest with no items and a delta link from now', async () => {
    const { accessToken } = fake.issueTokens();
    const latest = (await (
      await fetch(`${fake.graphBaseUrl}/drives/${dealsDriveId}/root/delta?token=latest`, bearer(accessToken))
    ).json()) as Json;
    expect(latest.value).toEqual([]);
    const added = fake.addFile(dealsDriveId, 'Deals/Lumen Health', 'after-latest.txt', new Uint8Array([1]));
    const next = (await (await fetch(latest['@odata.deltaLink'], bearer(accessToken))).json()) as Json;
    expect(next.value.map((item: { id: string }) => item.id)).toContain(added.id);
    expect(next.value.length).toBeLessThan(6);
  });

  it('throttles every Nth request when started with throttleEvery', async () => {
    const throttled = await startMicrosoftFake({ throttleEvery: 3 });
    try {
      const { accessToken } = throttled.issueTokens();
      const statuses: number[] = [];
      for (let index = 0; index < 6; index++) {
        const response = await fetch(`${throttled.graphBaseUrl}/me`, bearer(accessToken));
        statuses.push(response.status);
        if (response.status === 429) expect(response.headers.get('retry-after')).toBe('1');
      }
      expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
    } finally {
      await throttled.close();
    }
  });
});

describe('pre-authenticated downloads', () => {
  async function downloadUrl(path: string): Promise<string> {
    const { accessToken } = fake.issueTokens();
    const item = fake.itemByPath(dealsDriveId, path)!;
    const response = await fetch(`${fake.graphBaseUrl}/drives/${dealsDriveId}/items/${item.id}/content`, {
      ...bearer(accessToken),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    return response.headers.get('location')!;
  }

  it('refuses a request that carries an Authorization header', async () => {
    const url = await downloadUrl('Deals/Lumen Health/call notes.txt');
    const withAuth = await fetch(url, bearer('anything'));
    expect(withAuth.status).toBe(400);
    expect((await fetch(url)).status).toBe(200);
  });

  it('serves byte ranges', async () => {
    const url = await downloadUrl('Deals/Lumen Health/call notes.txt');
    const response = await fetch(url, { headers: { range: 'bytes=0-11' } });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('Lumen Health');
  });

  it('stops working once expired', async () => {
    const url = await downloadUrl('Deals/Lumen Health/call notes.txt');
    fake.expireDownloadUrls();
    expect((await fetch(url)).status).toBe(401);
  });

  it('never logs a token, a code or a download credential', async () => {
    const { accessToken, refreshToken } = fake.issueTokens();
    const code = await codeFor();
    const url = await downloadUrl('Deals/Lumen Health/call notes.txt');
    await fetch(url);
    await fetch(`${fake.graphBaseUrl}/me`, bearer(accessToken));
    const log = JSON.stringify(fake.requestLog());
    for (const secret of [accessToken, refreshToken, code, new URL(url).pathname.split('/').pop()!]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('/download/…');
  });
});

describe('controls over HTTP', () => {
  const control = (name: string, body: unknown = {}) =>
    fetch(`${fake.url}/__control/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('reports the settings, adds files and scripts faults', async () => {
    const state = (await (await fetch(`${fake.url}/__control/state`)).json()) as Json;
    expect(state).toMatchObject({
      clientId: fake.clientId,
      graphBaseUrl: fake.graphBaseUrl,
      tenantId: CONTOSO.tenantId,
    });
    expect(state.users.map((user: { displayName: string }) => user.displayName)).toEqual([
      'Alex Lender',
      'Priya Shah',
      'Jordan Rivers',
    ]);

    const added = (await (
      await control('addFile', {
        driveId: dealsDriveId,
        folderPath: 'Deals/New Co',
        name: 'memo.txt',
        text: 'ARR EUR 4m',
      })
    ).json()) as Json;
    expect(added).toMatchObject({ name: 'memo.txt', path: '/Deals/New Co/memo.txt', size: 10 });

    const { accessToken } = (await (
      await control('issueTokens', { userOid: CONTOSO.priyaOid })
    ).json()) as Json;
    await control('throttleNext', { n: 1, retryAfterSeconds: 4 });
    const throttled = await fetch(`${fake.graphBaseUrl}/me`, bearer(accessToken));
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('4');
    expect(((await throttled.json()) as Json).error.code).toBe('activityLimitReached');
    const me = (await (await fetch(`${fake.graphBaseUrl}/me`, bearer(accessToken))).json()) as Json;
    expect(me.displayName).toBe('Priya Shah');

    expect((await control('noSuchControl')).status).toBe(404);
    expect((await fetch(`${fake.url}/__control/expireAccessTokens`)).status).toBe(405);
  });
});

describe('seedDealTree', () => {
  it('builds a big deal library for benchmarks', async () => {
    const big = await startMicrosoftFake({ seed: await seedDealTree(3, 4) });
    try {
      const drive = big.sites.find((site) => site.isRoot)!.drives[0]!.id;
      expect(big.itemByPath(drive, 'Deals/Company 0003 Ltd')?.kind).toBe('folder');
      const file = big.itemByPath(drive, 'Deals/Company 0002 Ltd/Company 0002 Ltd KPIs 3.xlsx');
      expect(file?.size).toBeGreaterThan(1000);
      expect(big.itemByPath(drive, 'Deals/Company 0004 Ltd')).toBeNull();
    } finally {
      await big.close();
    }
  }, 60_000);
});
