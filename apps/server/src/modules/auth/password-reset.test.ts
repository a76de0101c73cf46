import type { TAuthResponse } from '@atempo/contracts';
import { passwordResetTokens } from '@atempo/db';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/tokens.ts';
import { PASSWORD, registerOrganization, uniqueEmail } from '../../test/fixtures.ts';
import { type MailCatcher, recipients, startMailCatcher } from '../../test/mail-catcher.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

const PUBLIC_URL = 'https://atempo.example';
let mail: MailCatcher;
let server: TestServer;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({
    env: { SMTP_URL: mail.url, PUBLIC_URL, MAIL_FROM: 'Atempo <no-reply@atempo.example>' },
  });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const forgot = (email: string) =>
  call(server.app, 'POST', '/api/v1/auth/forgot-password', { body: { email } });
const reset = (token: string, password: string) =>
  call(server.app, 'POST', '/api/v1/auth/reset-password', { body: { token, password } });
const login = (email: string, password: string) =>
  call<TAuthResponse>(server.app, 'POST', '/api/v1/auth/login', { body: { email, password } });

/** Sends the request and returns the token from the link in the email that arrives. */
async function requestResetLink(email: string): Promise<{ token: string; message: ParsedMail }> {
  const before = mail.messages.length;
  expect((await forgot(email)).status).toBe(202);
  const message = await mail.waitFor(
    (m) => mail.messages.indexOf(m) >= before && recipients(m).includes(email),
  );
  const link = /https:\/\/atempo\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text ?? '');
  expect(link, message.text).not.toBeNull();
  return { token: decodeURIComponent(link![1]!), message };
}

const NEW_PASSWORD = 'a brand new password';

describe('forgot and reset password', () => {
  it('emails a link through the job queue; the link resets the password once only', async () => {
    const admin = await registerOrganization(server.app);
    const { token, message } = await requestResetLink(admin.user.email);
    expect(message.subject).toBe('Reset your Atempo password');
    expect(message.from?.text).toContain('no-reply@atempo.example');
    expect(message.html).toContain(`${PUBLIC_URL}/reset-password?token=`);

    // Only the hash is stored.
    const [row] = await server.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(row?.userId).toBe(admin.user.id);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 3_600_000))).toBeLessThan(60_000);

    const done = await reset(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/reset/);
    expect((await login(admin.user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(admin.user.email, PASSWORD)).status).toBe(401);

    // Every session from before the reset is signed out.
    const oldSession = await call(server.app, 'POST', '/api/v1/auth/refresh', {
      body: { refresh_token: admin.refresh_token },
    });
    expect(oldSession.status).toBe(401);

    const again = await reset(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      detail: 'This reset link is invalid or has expired.',
      code: 'INVALID_RESET_TOKEN',
    });
    expect((await login(admin.user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const admin = await registerOrganization(server.app);
    const { token } = await requestResetLink(admin.user.email);
    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const response = await reset(token, NEW_PASSWORD);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_RESET_TOKEN');
    expect((await login(admin.user.email, PASSWORD)).status).toBe(200);
  });

  it('only the newest link works', async () => {
    const admin = await registerOrganization(server.app);
    const first = await requestResetLink(admin.user.email);
    const second = await requestResetLink(admin.user.email);
    expect((await reset(first.token, NEW_PASSWORD)).status).toBe(400);
    expect((await reset(second.token, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const admin = await registerOrganization(server.app);
    const forUnknown = await forgot(unknown);
    const known = await requestResetLink(admin.user.email);
    expect(known.token).toBeTruthy();
    const forKnown = await forgot(admin.user.email);
    expect(forUnknown.status).toBe(202);
    expect(forUnknown.body).toEqual({
      message: 'If an account exists for that email, a reset link has been sent.',
    });
    expect(forKnown.status).toBe(forUnknown.status);
    expect(forKnown.body).toEqual(forUnknown.body);
    expect(mail.messages.filter((m) => recipients(m).includes(unknown))).toEqual([]);
  });

  it('refuses an invalid token and validates the new password', async () => {
    expect((await reset('made-up-token', NEW_PASSWORD)).status).toBe(400);
    const short = await reset('made-up-token', 'short');
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe('Password must be at least 8 characters');
    const badEmail = await forgot('not an email');
    expect(badEmail.status).toBe(422);
  });
});
