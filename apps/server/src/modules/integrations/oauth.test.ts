import type {
  TIntegrationCatalogueResponse,
  TMicrosoftSignInResponse,
  TOAuthConnectResponse,
  TOAuthStatusResponse,
} from '@atempo/contracts';
import { CONTOSO, type MicrosoftFake } from '@atempo/integrations/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, type TestServer } from '../../test/server.ts';
import { authorize, callbackUrl, connectMicrosoft, startWithMicrosoft } from './integrations.fixtures.ts';

let fake: MicrosoftFake;
let server: TestServer;

beforeAll(async () => {
  ({ fake, server } = await startWithMicrosoft());
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('connecting Microsoft 365', () => {
  it('runs the code flow with PKCE, state and nonce, and stores the connection with sealed tokens', async () => {
    const admin = await registerOrganization(server.app);
    const start = await call<TOAuthConnectResponse>(server.app, 'POST', '/api/v1/oauth/connect/microsoft', {
      token: admin.access_token,
    });
    expect(start.status).toBe(200);
    const authUrl = new URL(start.body.auth_url);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBe(start.body.state);
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8123/auth-callback');

    const { code, state } = await authorize(start.body.auth_url);
    const done = await call(server.app, 'GET', callbackUrl({ code, state }), { token: admin.access_token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      provider: 'microsoft',
      user: { displayName: 'Alex Lender', mail: 'alex@contoso.example', jobTitle: 'Partner, Venture Debt' },
    });

    const rows = await server.database.db.execute(
      `select account_id, access_token_cipher, refresh_token_cipher from integration_connections where id = '${done.body.session_id}'`,
    );
    console.log(rows);
  });
});
