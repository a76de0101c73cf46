import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTOSO,
  followAuthorization,
  type MicrosoftFake,
  PERSONAL_TENANT_ID,
  startMicrosoftFake,
} from '../fakes/index.ts';
import {
  createMicrosoftIdentity,
  createPkcePair,
  type MicrosoftIdentity,
  type MicrosoftIdentitySettings,
  OAuthError,
  randomToken,
} from './identity.ts';

const SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'User.Read',
  'Files.Read.All',
  'Sites.Read.All',
];
const REDIRECT_URI = 'http://127.0.0.1:5173/auth-callback';

let fake: MicrosoftFake;
let identity: MicrosoftIdentity;

function settings(overrides: Partial<MicrosoftIdentitySettings> = {}): MicrosoftIdentitySettings {
  return {
    loginBaseUrl: fake.loginBaseUrl,
    tenant: 'common',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT_URI,
    scopes: SCOPES,
    ...overrides,
  };
}

/** A started sign-in: the browser has been to the authorize endpoint and came back with a code. */
async function authorize(client = identity, extra: { loginHint?: string } = {}) {
  const pkce = createPkcePair();
  const state = randomToken();
  const nonce = randomToken();
  let url = client.authorizationUrl({ state, nonce, codeChallenge: pkce.challenge });
  if (extra.loginHint) url += `&login_hint=${encodeURIComponent(extra.loginHint)}`;
  const redirect = await followAuthorization(url);
  expect(redirect.status).toBe(302);
  expect(redirect.state).toBe(state);
  return { code: redirect.code!, state, nonce, codeVerifier: pkce.verifier };
}

/** Runs `action`, expects an OAuthError, and checks its message leaks none of `secrets`. */
async function oauthError(action: Promise<unknown>, secrets: string[]): Promise<OAuthError> {
  const error = await action.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthError);
  const text = `${(error as Error).message} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
  for (const secret of [...secrets, fake.clientSecret]) expect(text).not.toContain(secret);
  return error as OAuthError;
}

beforeAll(async () => {
  fake = await startMicrosoftFake();
  identity = await createMicrosoftIdentity(settings());
}, 60_000);

afterAll(async () => {
  await fake?.close();
});

describe('createPkcePair and randomToken', () => {
  it('makes an S256 pair and base64url tokens', async () => {
    const { verifier, challenge } = createPkcePair();
    expect(verifier).toMatch(/^[\w-]{43}$/);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    expect(challenge).toBe(Buffer.from(digest).toString('base64url'));
    expect(randomToken()).toMatch(/^[\w-]{43}$/);
    expect(randomToken(16)).toMatch(/^[\w-]{22}$/);
    expect(randomToken()).not.toBe(randomToken());
  });
});

describe('authorizationUrl', () => {
  it('asks for a code with PKCE S256, state, nonce, the exact redirect URI and the query response mode', () => {
    const url = new URL(
      identity.authorizationUrl({ state: 's1', nonce: 'n1', codeChallenge: 'c1', prompt: 'select_account' }),
    );
    expect(url.origin + url.pathname).toBe(`${fake.url}/common/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: fake.clientId,
      response_type: 'code',
      response_mode: 'query',
      redirect_uri: REDIRECT_URI,
      scope: SCOPES.join(' '),
      state: 's1',
      nonce: 'n1',
      code_challenge: 'c1',
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
  });
});

describe('exchangeCode', () => {
  it('completes the code flow and returns tokens and the (tid, oid) claims', async () => {
    const before = Date.now();
    const { tokens, claims } = await identity.exchangeCode(await authorize());
    expect(claims).toEqual({
      tenantId: CONTOSO.tenantId,
      objectId: CONTOSO.alexOid,
      email: 'alex@contoso.example',
      name: 'Alex Lender',
      preferredUsername: 'alex@contoso.example',
    });
    expect(tokens.accessToken.length).toBeGreaterThan(20);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toContain('Files.Read.All');
    const lifetime = tokens.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(3590_000);
    expect(lifetime).toBeLessThan(3610_000);
  });

  it('signs in a personal account through common, with the consumer tenant id', async () => {
    const { claims } = await identity.exchangeCode(
      await authorize(identity, { loginHint: 'jordan.rivers@outlook.example' }),
    );
    expect(claims.tenantId).toBe(PERSONAL_TENANT_ID);
    expect(claims.objectId).toBe(CONTOSO.jordanOid);
  });

  it('works with a tenant-specific authority (no issuer template)', async () => {
    const tenantIdentity = await createMicrosoftIdentity(settings({ tenant: CONTOSO.tenantId }));
    const { claims } = await tenantIdentity.exchangeCode(await authorize(tenantIdentity));
    expect(claims.tenantId).toBe(CONTOSO.tenantId);
  });

  it('refuses a wrong PKCE verifier with invalid_grant, without echoing code or verifier', async () => {
    const flow = await authorize();
    const wrongVerifier = createPkcePair().verifier;
    const error = await oauthError(identity.exchangeCode({ ...flow, codeVerifier: wrongVerifier }), [
      flow.code,
      wrongVerifier,
      flow.codeVerifier,
    ]);
    expect(error.kind).toBe('invalid_grant');
    expect(error.providerCode).toBe('AADSTS50148');
  });

  it('refuses a replayed code with invalid_grant (AADSTS54005)', async () => {
    const flow = await authorize();
    const { tokens } = await identity.exchangeCode(flow);
    const error = await oauthError(identity.exchangeCode(flow), [
      flow.code,
      flow.codeVerifier,
      tokens.accessToken,
    ]);
    expect(error.kind).toBe('invalid_grant');
    expect(error.providerCode).toBe('AADSTS54005');
  });

  it('refuses an expired code with invalid_grant', async () => {
    const flow = await authorize();
    fake.expireAuthorizationCodes();
    const error = await oauthError(identity.exchangeCode(flow), [flow.code]);
    expect(error.kind).toBe('invalid_grant');
    expect(error.providerCode).toBe('AADSTS70008');
  });

  it('refuses an id_token whose nonce is not the one sent', async () => {
    const flow = await authorize();
    const error = await oauthError(identity.exchangeCode({ ...flow, nonce: randomToken() }), [flow.code]);
    expect(error.kind).toBe('invalid_id_token');
    expect(error.message).toContain('nonce');
  });

  it.each([
    ['foreign-key', 'signature'],
    ['wrong-audience', 'aud'],
    ['wrong-issuer', 'iss'],
    ['expired', 'exp'],
    ['missing-oid', 'oid'],
  ] as const)('refuses an id_token with %s (caught by the %s check)', async (tamper, check) => {
    const flow = await authorize();
    fake.tamperNextIdToken(tamper);
    const error = await oauthError(identity.exchangeCode(flow), [flow.code]);
    expect(error.kind).toBe('invalid_id_token');
    expect(error.message).toContain(check);
  });

  it('refuses a wrong client secret with invalid_client, never quoting it', async () => {
    const wrongSecret = `wrong-${randomToken()}`;
    const other = await createMicrosoftIdentity(settings({ clientSecret: wrongSecret }));
    const flow = await authorize(other);
    const error = await oauthError(other.exchangeCode(flow), [wrongSecret, flow.code]);
    expect(error.kind).toBe('invalid_client');
  });

  it('reports an outage of the token endpoint as provider_unavailable', async () => {
    const flow = await authorize();
    fake.failNext(1, 503, { target: 'token' });
    const error = await oauthError(identity.exchangeCode(flow), [flow.code]);
    expect(error.kind).toBe('provider_unavailable');
  });
});

describe('refresh', () => {
  it('rotates the refresh token: the new one works, the old one is invalid_grant', async () => {
    const { tokens } = await identity.exchangeCode(await authorize());
    const first = tokens.refreshToken!;
    const refreshed = await identity.refresh(first);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(first);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);

    const again = await identity.refresh(refreshed.refreshToken!);
    expect(again.refreshToken).not.toBe(refreshed.refreshToken);
    const error = await oauthError(identity.refresh(first), [first]);
    expect(error.kind).toBe('invalid_grant');
  });

  it('answers invalid_grant (AADSTS50173) for a revoked refresh token, never quoting it', async () => {
    const { tokens } = await identity.exchangeCode(await authorize());
    expect(fake.revokeRefreshTokens(CONTOSO.alexOid)).toBeGreaterThan(0);
    const error = await oauthError(identity.refresh(tokens.refreshToken!), [
      tokens.refreshToken!,
      tokens.accessToken,
    ]);
    expect(error.kind).toBe('invalid_grant');
    expect(error.providerCode).toBe('AADSTS50173');
  });
});

describe('createMicrosoftIdentity', () => {
  it('discovers once per settings', async () => {
    const fresh = settings({ redirectUri: 'http://127.0.0.1:4000/auth-callback', tenant: 'organizations' });
    fake.resetRequestLog();
    await createMicrosoftIdentity(fresh);
    await createMicrosoftIdentity(fresh);
    const discoveries = fake
      .requestLog()
      .filter((entry) => entry.path.endsWith('/.well-known/openid-configuration'));
    expect(discoveries).toHaveLength(1);
    expect(discoveries[0]!.path).toBe('/organizations/v2.0/.well-known/openid-configuration');
  });

  it('refuses plain http to a host that is not loopback, before any request', async () => {
    const error = await oauthError(
      createMicrosoftIdentity(settings({ loginBaseUrl: 'http://login.example.com' })),
      [],
    );
    expect(error.kind).toBe('invalid_request');
  });

  it('reports an unreachable login service as provider_unavailable, and retries discovery next time', async () => {
    const closed = await startMicrosoftFake();
    const base = closed.loginBaseUrl;
    await closed.close();
    const unreachable = settings({ loginBaseUrl: base, clientSecret: randomToken() });
    const error = await oauthError(createMicrosoftIdentity(unreachable), []);
    expect(error.kind).toBe('provider_unavailable');
    const second = await oauthError(createMicrosoftIdentity(unreachable), []);
    expect(second.kind).toBe('provider_unavailable');
  });
});
