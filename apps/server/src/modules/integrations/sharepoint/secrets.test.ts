import { Writable } from 'node:stream';
import type { TAuthResponse, TOAuthConnectedResponse, TOAuthConnectResponse } from '@atempo/contracts';
import type { MicrosoftFake } from '@atempo/integrations/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../../test/fixtures.ts';
import { call, type TestServer } from '../../../test/server.ts';
import { authorize, callbackUrl, startWithMicrosoft } from '../integrations.fixtures.ts';
import { secretsCipher } from '../secrets.ts';
import { analysedDocuments, ingest, SP } from './sharepoint.fixtures.ts';

let fake: MicrosoftFake;
let server: TestServer;
let admin: TAuthResponse;
let session: TOAuthConnectedResponse;
/** Every secret seen in this test: the code, every access and refresh token stored, the client secret. */
const secrets = new Set<string>();
const logLines: string[] = [];

interface ConnectionRow extends Record<string, unknown> {
  id: string;
  access_token_cipher: string | null;
  refresh_token_cipher: string | null;
}

async function connectionRow(): Promise<ConnectionRow> {
  const result = await server.database.db.execute(
    `select id, access_token_cipher, refresh_token_cipher from integration_connections where id = '${session.session_id}'`,
  );
  const row = (result as unknown as { rows: ConnectionRow[] }).rows[0];
  if (!row) throw new Error('No connection row');
  return row;
}

/** The tokens the row holds now, opened with the app's key (so the test knows what must not leak). */
async function storedTokens(): Promise<{ row: ConnectionRow; access: string; refresh: string }> {
  const row = await connectionRow();
  const cipher = secretsCipher(server.config);
  const access = cipher.open(row.access_token_cipher!, row.id);
  const refresh = cipher.open(row.refresh_token_cipher!, row.id);
  secrets.add(access);
  secrets.add(refresh);
  return { row, access, refresh };
}

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  ({ fake, server } = await startWithMicrosoft({ logStream }));
  secrets.add(fake.clientSecret);
  admin = await registerOrganization(server.app);
  // The connect flow by hand, to know the authorization code.
  const start = await call<TOAuthConnectResponse>(server.app, 'POST', '/api/v1/oauth/connect/microsoft', {
    token: admin.access_token,
  });
  const { code, state } = await authorize(start.body.auth_url);
  secrets.add(code);
  const done = await call<TOAuthConnectedResponse>(server.app, 'GET', callbackUrl({ code, state }), {
    token: admin.access_token,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  session = done.body;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('Microsoft tokens', () => {
  it('are stored sealed, never in plain text', async () => {
    const { row, access, refresh } = await storedTokens();
    expect(access).toMatch(/^EwB\.fake\./);
    expect(refresh).toMatch(/^M\.C5\.fake\./);
    for (const cipher of [row.access_token_cipher!, row.refresh_token_cipher!]) {
      expect(cipher).toMatch(/^v1\./);
      expect(cipher).not.toContain(access);
      expect(cipher).not.toContain(refresh);
      expect(cipher).not.toContain('fake');
      expect(Buffer.from(cipher.slice(3), 'base64url').toString('latin1')).not.toContain('fake');
    }
    // Sealed for this row only: another row's id does not open them.
    expect(() => secretsCipher(server.config).open(row.access_token_cipher!, admin.user.id)).toThrow();
  });

  it('never reach a log line through a whole ingestion, a refresh, faults and a revoked sign-in', {
    timeout: 90_000,
  }, async () => {
    // The access token lapses, so the run refreshes (and the refresh token rotates); Graph fails
    // five times, so the run's first attempt fails (and is logged) and its retry completes.
    fake.expireAccessTokens();
    fake.failNext(5, 503, { retryAfterSeconds: 0 });
    // Two deal folders keep the analysis short; the run goes through every stage all the same.
    const run = await ingest(server.app, admin.access_token, 'full', { max_deals: 2 });
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'completed',
      total_deals: 2,
      failed_documents: 0,
    });
    const documents = await analysedDocuments(server.app, admin.access_token);
    expect(documents).toHaveLength(run.processed_documents);
    expect(documents.every((document) => document.status === 'completed')).toBe(true);
    const rotated = await storedTokens();
    expect(secrets.size).toBeGreaterThanOrEqual(5);

    // A browse and a download, then a revoked sign-in: the failures are logged too.
    const download = await server.app.inject({
      method: 'GET',
      url: `${SP}/drives/me/items?folder_path=Deals`,
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(download.statusCode).toBe(200);
    fake.revokeRefreshTokens();
    fake.expireAccessTokens();
    const failed = await ingest(server.app, admin.access_token, 'incremental');
    expect(failed.status).toBe('failed');
    const refused = await call(server.app, 'GET', `${SP}/sites`, { token: admin.access_token });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).not.toContain(rotated.access);

    expect(logLines.length).toBeGreaterThan(50);
    expect(logLines.some((line) => line.includes('"msg":"Job failed"'))).toBe(true);
    expect(logLines.some((line) => line.includes('/api/v1/oauth/callback?code=[redacted]'))).toBe(true);
    const all = logLines.join('\n');
    for (const secret of secrets)
      expect(all.includes(secret), `a secret (${secret.slice(0, 6)}…) was logged`).toBe(false);
    // Nor anything shaped like the fake's tokens or codes, nor a pre-authenticated download address.
    expect(all).not.toMatch(/EwB\.fake\.|M\.C5\.fake\.|1\.AQ[\w-]{40}/);
    expect(all).not.toMatch(/\/download\/[\w-]{20}/);
    expect(all).not.toMatch(/authorization":"Bearer/i);
  });
});
