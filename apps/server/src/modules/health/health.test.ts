import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openTestDatabase } from '@atempo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { JobQueue } from '../../platform/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestDatabase, type TestServer } from '../../test/server.ts';

const packageVersion = (file: string) =>
  (JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as { version?: string }).version;
const expectedVersion = packageVersion('package.json') ?? packageVersion('apps/server/package.json');

let database: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  database = await openTestDatabase();
  // The queue is never started: this file closes the database under the app on purpose.
  const jobs = new JobQueue({ database, logger: createLogger({ logLevel: 'silent' }) });
  server = await startTestServer({ database, jobs });
});
afterAll(async () => {
  await server?.close();
});

describe('health', () => {
  it('answers 200 with the version on /health and /api/v1/health', async () => {
    for (const url of ['/health', '/api/v1/health']) {
      const response = await call(server.app, 'GET', url);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok', database: 'ok', version: expectedVersion });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('still works for real requests before the database goes away', async () => {
    await registerOrganization(server.app);
  });

  describe('when the database is unreachable', () => {
    beforeAll(async () => {
      await database.close();
    });

    it('answers 503 degraded, still as JSON', async () => {
      for (const url of ['/health', '/api/v1/health']) {
        const response = await call(server.app, 'GET', url);
        expect(response.status).toBe(503);
        expect(response.body).toEqual({
          status: 'degraded',
          database: 'unreachable',
          version: expectedVersion,
        });
      }
    });

    it('answers other calls with a bare 500 that reveals nothing', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'someone@example.com', password: 'whatever-it-is' }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error', code: 'INTERNAL_ERROR' });
      expect(response.body).not.toMatch(/pglite|pool|closed|stack|select|login_throttles/i);
    });
  });
});
