import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerOrganization, uniqueEmail } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';

/** A registration that answers an error leaves no organisation, user or accepted invitation behind. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function count(table: string): Promise<number> {
  const { rows } = await server.database.executeSql(`select count(*)::int as n from ${table}`);
  return rows[0]!.n as number;
}

/** Makes the session insert, the last write of a registration, fail inside the database. */
async function failSessionInserts(work: () => Promise<void>): Promise<void> {
  await server.database.executeSql(`
    create function refuse_refresh_token() returns trigger language plpgsql as
      $$ begin raise exception 'refused for the test'; end $$;
    create trigger refuse_refresh_token before insert on refresh_tokens
      for each row execute function refuse_refresh_token();`);
  try {
    await work();
  } finally {
    await server.database.executeSql(`
      drop trigger refuse_refresh_token on refresh_tokens;
      drop function refuse_refresh_token();`);
  }
}

describe('registration is all or nothing', () => {
  it('keeps no organisation or admin when the first session cannot be stored', async () => {
    const organizations = await count('organizations');
    const users = await count('users');
    const email = uniqueEmail('atomic');
    await failSessionInserts(async () => {
      const response = await call(server.app, 'POST', '/api/v1/auth/register/organization', {
        body: {
          organization_name: 'Atomic Fund',
          email,
          password: PASSWORD,
          first_name: 'A',
          last_name: 'B',
        },
      });
      expect(response.status).toBe(500);
    });
    expect(await count('organizations')).toBe(organizations);
    expect(await count('users')).toBe(users);
    // The same email can register once the fault is gone.
    await registerOrganization(server.app, { email });
  });

  it('keeps the invitation open and no member when the first session cannot be stored', async () => {
    const admin = await registerOrganization(server.app);
    const email = uniqueEmail('joiner');
    const invited = await call(server.app, 'POST', '/api/v1/organizations/current/invitations', {
      token: admin.access_token,
      body: { email, role: 'member' },
    });
    expect(invited.status).toBe(201);
    const users = await count('users');
    const join = () =>
      call(server.app, 'POST', '/api/v1/auth/register/user', {
        body: {
          organization_slug: admin.organization.slug,
          email,
          password: PASSWORD,
          first_name: 'G',
          last_name: 'H',
        },
      });
    await failSessionInserts(async () => {
      expect((await join()).status).toBe(500);
    });
    expect(await count('users')).toBe(users);
    expect((await join()).status).toBe(201);
  });
});
