import type { TAuthResponse } from '@atempo/contracts';
import { loginThrottles } from '@atempo/db';
import { openTestDatabase } from '@atempo/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerOrganization, uniqueEmail } from '../../test/fixtures.ts';
import { call, startTestServer, type TestDatabase, type TestServer } from '../../test/server.ts';

let database: TestDatabase;
let server: TestServer;
const env = { LOGIN_MAX_FAILURES_PER_IP: '8' };

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer({ database, env });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

let ipCounter = 0;
/** Each test signs in from its own address, so per-IP counters of other tests do not interfere. */
const freshIp = () => `10.0.0.${++ipCounter}`;

function login(app: TestServer['app'], email: string, password: string, ip: string) {
  return call<TAuthResponse>(app, 'POST', '/api/v1/auth/login', { body: { email, password }, ip });
}

describe('login throttling', () => {
  it('refuses the 6th attempt on an account with 429 and Retry-After, even with the right password', async () => {
    const admin = await registerOrganization(server.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(server.app, admin.user.email, 'wrong password', ip)).status).toBe(401);
    }
    for (const password of ['wrong password', PASSWORD]) {
      const refused = await login(server.app, admin.user.email, password, ip);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        detail: 'Too many failed sign-in attempts. Try again in 15 minutes.',
        code: 'RATE_LIMITED',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(890);
      expect(retryAfter).toBeLessThanOrEqual(900);
    }
    // From another address the account is still locked: the account counter is its own key.
    expect((await login(server.app, admin.user.email, PASSWORD, freshIp())).status).toBe(429);
  });

  it('keeps counting across a new app instance on the same database', async () => {
    const admin = await registerOrganization(server.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(server.app, admin.user.email, 'wrong password', ip);

    const restarted = await startTestServer({ database, env });
    try {
      const refused = await login(restarted.app, admin.user.email, PASSWORD, ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      // Once the window has passed (moved back in the database, not slept through) sign-in works again.
      await database.db
        .update(loginThrottles)
        .set({ windowStart: new Date(Date.now() - 901_000) })
        .where(eq(loginThrottles.key, `account:${admin.user.email}`));
      expect((await login(restarted.app, admin.user.email, PASSWORD, ip)).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('forgives the account after a successful sign-in', async () => {
    const admin = await registerOrganization(server.app);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login(server.app, admin.user.email, 'wrong password', ip);
    expect((await login(server.app, admin.user.email, PASSWORD, ip)).status).toBe(200);
    const rows = await database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `account:${admin.user.email}`));
    expect(rows).toEqual([]);
    for (let i = 0; i < 4; i++) {
      expect((await login(server.app, admin.user.email, 'wrong password', ip)).status).toBe(401);
    }
  });

  it('limits failures per address across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) {
      expect((await login(server.app, uniqueEmail('guess'), 'wrong password', ip)).status).toBe(401);
    }
    const refused = await login(server.app, uniqueEmail('guess'), 'wrong password', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const admin = await registerOrganization(server.app);
    expect((await login(server.app, admin.user.email, PASSWORD, ip)).status).toBe(429);
    expect((await login(server.app, admin.user.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('starts a new window at the first failure after the old one ran out', async () => {
    const email = uniqueEmail('window');
    const ip = freshIp();
    await login(server.app, email, 'wrong password', ip);
    await login(server.app, email, 'wrong password', ip);
    const key = `account:${email}`;
    await database.db
      .update(loginThrottles)
      .set({ windowStart: new Date(Date.now() - 1_000_000) })
      .where(eq(loginThrottles.key, key));
    await login(server.app, email, 'wrong password', ip);
    const [row] = await database.db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
    expect(row?.failures).toBe(1);
    expect(Math.abs(row!.windowStart.getTime() - Date.now())).toBeLessThan(10_000);
  });
});
